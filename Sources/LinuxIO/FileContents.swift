public import POSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole small files (captures, scenario series), with errors that name the call and the path.
public enum FileContents {
    /// The bytes of the file at `path` (read to the end; meant for files of a few megabytes at most).
    public static func read(_ path: String) throws(SystemError) -> [UInt8] {
        let descriptor = try SystemCall.run("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try SystemCall.run("read(\(path))") {
                buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            if count == 0 { return contents }
            contents += buffer[0..<count]
        }
    }
}
