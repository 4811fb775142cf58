#if canImport(Glibc)
    import Glibc
#endif

/// Memory of a running process, read from procfs.
public enum ProcessMemory {
    /// The resident set size of process `pid` (`VmRSS` in /proc/PID/status), in bytes; nil when unreadable.
    public static func residentBytes(pid: Int32) -> Int? {
        guard let file = fopen("/proc/\(pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                let digits = text.dropFirst(6).filter(\.isNumber)
                return Int(digits).map { $0 * 1024 }
            }
        }
        return nil
    }
}
