import CPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Unmaps, from this process's page tables, the code and read-only data pages start-up touched: the
/// executable's and the shared libraries' file mappings that were never written. The pages stay in the page cache; code that runs again is mapped
/// back by a minor fault (with the kernel's 64 KB fault-around), so what stays resident is the code the
/// station keeps running, not everything start-up ran once (option parsing, configuration, the store's
/// migrations, TLS and library initialisers), which fault-around had spread over nearly the whole binary.
///
/// Only mappings that were never written are released: `MADV_DONTNEED` on a private mapping drops its
/// copy-on-write pages (relocated data) and with them their contents, so writable mappings and read-only
/// ones that were written before being made read-only (RELRO) are left alone.
public enum StartUpPages {
    /// What one release did.
    public struct Release: Sendable, Equatable {
        /// Mappings released.
        public var mappings: Int
        /// The process's resident set (`VmRSS`) before and right after, kB (0 when /proc cannot tell).
        public var residentBefore: Int, residentAfter: Int
    }

    /// Releases the code mappings of this process (see the type's description). Never fails: a mapping
    /// that cannot be released stays as it was.
    public static func release() -> Release {
        let before = residentKilobytes()
        var mappings = 0
        for mapping in codeMappings() {
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
            if madvise(address, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 { mappings += 1 }
        }
        return Release(mappings: mappings, residentBefore: before, residentAfter: residentKilobytes())
    }

    /// `VmRSS` of /proc/self/status, kB (0 when absent).
    static func residentKilobytes() -> Int {
        guard let text = readProcFile("/proc/self/status") else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// The file mappings never written: `r-xp` (code) and `r--p` (read-only data, symbol tables, unwind
    /// tables, Swift's type descriptors) with no anonymous (copy-on-write) page, from /proc/self/smaps. A
    /// read-only mapping with anonymous pages was written before it was made read-only (RELRO: relocated
    /// pointers) and is left alone, since releasing it would bring back the file's unrelocated contents.
    static func codeMappings() -> [(start: UInt, end: UInt)] {
        guard let text = readProcFile("/proc/self/smaps") else { return [] }
        var result: [(start: UInt, end: UInt)] = []
        var candidate: (start: UInt, end: UInt)?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                // A field of the current mapping; `Anonymous:` decides, once the mapping's fields reach it.
                if first == "Anonymous:", let current = candidate {
                    if fields.count > 1, fields[1] == "0" { result.append(current) }
                    candidate = nil
                }
                continue
            }
            // start-end perms offset dev inode path: a path that is a file (not [vdso], [heap], anonymous).
            candidate = nil
            guard fields.count >= 6, fields[1] == "r-xp" || fields[1] == "r--p", fields[5].hasPrefix("/") else { continue }
            let bounds = first.split(separator: "-")
            guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16),
                end > start
            else { continue }
            candidate = (start, end)
        }
        return result
    }

    /// The whole of a /proc file (its size is 0 to stat, so read until the end).
    static func readProcFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
