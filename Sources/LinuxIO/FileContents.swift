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
        try FileDescriptor(opening: path, O_RDONLY).readToEnd(call: "read(\(path))").bytes
    }
}
