public import POSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Symlinks such as an emulator's `--link` path, replaced atomically so a reader never finds it missing or
/// half-made.
public enum SymbolicLink {
    /// Points `link` at `target` (replacing what is there) with symlink + rename.
    public static func replace(_ link: String, pointingTo target: String) throws(SystemError) {
        let temporary = "\(link).tmp-\(getpid())"
        _ = unlink(temporary)
        try SystemCall.run("symlink(\(temporary))") { symlink(target, temporary) }
        do {
            try SystemCall.run("rename(\(link))") { rename(temporary, link) }
        } catch {
            _ = unlink(temporary)
            throw error
        }
    }

    /// Removes `link` if it is a symlink (never a regular file someone put there).
    public static func remove(_ link: String) {
        var status = stat()
        guard lstat(link, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return }
        _ = unlink(link)
    }
}
