#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// Replacing a small file so that a power cut (the state directory is on an SD card) leaves either the old
/// file or the new one, never half of one.
public enum AtomicFile {
    /// The name the new contents are written under before the rename: `path` + `.tmp`, in the same directory
    /// (a rename is atomic only within one file system).
    public static func temporaryPath(for path: String) -> String { path + ".tmp" }

    /// Replaces `path` with `bytes`: written to ``temporaryPath(for:)``, flushed (`fsync`), renamed over the
    /// old file, then the directory flushed so the rename itself survives a power cut. On any failure the
    /// temporary file is removed and the old file is left as it was.
    ///
    /// - Parameter mode: the permissions of a new file (the umask applies).
    /// - Throws: ``SystemError`` naming the call and file that failed (`write(/var/lib/x.json.tmp)`,
    ///   `rename(/var/lib/x.json)`...). A failure to flush the directory is not one: the file is in place.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
        let temporary = temporaryPath(for: path)
        do {
            let file = try FileDescriptor(opening: temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
            try file.write(all: bytes, call: "write(\(temporary))")
            try file.sync(call: "fsync(\(temporary))")
            try file.close()
            try SystemCall.run("rename(\(temporary), \(path))") { rename(temporary, path) }
        } catch {
            unlink(temporary)
            throw error
        }
        syncDirectory(of: path)
    }

    /// Flushes the directory holding `path`, so a rename or a new entry in it is on the device. Best effort:
    /// some file systems refuse `fsync` on a directory.
    public static func syncDirectory(of path: String) {
        guard let directory = try? FileDescriptor(opening: directoryPath(of: path), O_RDONLY | O_DIRECTORY)
        else { return }
        _ = try? directory.sync()
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a file in the root.
    static func directoryPath(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
