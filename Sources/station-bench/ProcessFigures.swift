import Foundation

/// What /proc says about a process, read from outside: CPU time, status fields, and where its resident
/// pages are (smaps, by mapping).
enum ProcessFigures {
    /// utime + stime of `pid`, seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = read("/proc/\(pid)/stat"),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// On-CPU time of every live thread of `pid`, seconds, from /proc/PID/task/TID/schedstat (nanoseconds:
    /// finer than stat's 10 ms ticks, which a process using 0.1 % of a core crosses a few times a minute).
    static func scheduledSeconds(_ pid: Int32) -> Double {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return 0 }
        var nanoseconds: UInt64 = 0
        for task in tasks {
            guard let text = read("/proc/\(pid)/task/\(task)/schedstat"),
                let first = text.split(separator: " ").first, let value = UInt64(first)
            else { continue }
            nanoseconds += value
        }
        return Double(nanoseconds) / 1e9
    }

    /// The whole of a /proc file (their size is 0 to stat, so read until the end).
    static func read(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A `kB` field of /proc/PID/status (or another file of `Key: value kB` lines).
    static func status(_ pid: Int32, _ field: String, file: String = "status") -> Int? {
        guard let text = read("/proc/\(pid)/\(file)") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
        return nil
    }

    /// Resident kB by kind of mapping.
    struct Breakdown {
        /// The executable's own file pages, by section kind: code (r-x), read-only data and relocated
        /// read-only data (r--), writable data (rw-, private dirty after relocation).
        var binaryCode = 0, binaryReadOnly = 0, binaryWritable = 0
        var binaryPrivateClean = 0, binaryPrivateDirty = 0
        var sharedLibraries = 0, sharedLibrariesPrivate = 0
        var heap = 0, threadStacks = 0, mainStack = 0, otherAnonymous = 0, other = 0
        var total = 0
        var stackCount = 0
        /// The shared libraries with the most resident kB.
        var libraries: [(name: String, kB: Int)] = []
    }

    /// Reads /proc/PID/smaps. Thread stacks are found by each thread's stack pointer
    /// (/proc/PID/task/TID/syscall, whose next-to-last field is the user stack pointer).
    static func breakdown(_ pid: Int32, binary: String) -> Breakdown? {
        guard let text = read("/proc/\(pid)/smaps") else { return nil }
        let stackPointers = threadStackPointers(pid)
        let binaryPath = URL(fileURLWithPath: binary).resolvingSymlinksInPath().path
        var result = Breakdown()
        var libraries: [String: Int] = [:]
        var mapping: (start: UInt64, end: UInt64, permissions: String, path: String)?
        var rss = 0, privateClean = 0, privateDirty = 0

        func flush() {
            guard let current = mapping else { return }
            result.total += rss
            if current.path == binaryPath {
                if current.permissions.hasPrefix("r-x") {
                    result.binaryCode += rss
                } else if current.permissions.hasPrefix("rw") {
                    result.binaryWritable += rss
                } else {
                    result.binaryReadOnly += rss
                }
                result.binaryPrivateClean += privateClean
                result.binaryPrivateDirty += privateDirty
            } else if current.path.hasPrefix("/"), current.path.contains(".so") {
                result.sharedLibraries += rss
                result.sharedLibrariesPrivate += privateDirty
                libraries[URL(fileURLWithPath: current.path).lastPathComponent, default: 0] += rss
            } else if current.path == "[heap]" {
                result.heap += rss
            } else if current.path == "[stack]" {
                result.mainStack += rss
            } else if current.path.isEmpty {
                if stackPointers.contains(where: { $0 >= current.start && $0 < current.end }) {
                    result.threadStacks += rss
                    result.stackCount += 1
                } else {
                    result.otherAnonymous += rss
                }
            } else {
                result.other += rss
            }
        }

        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.contains("-"), !first.hasSuffix(":"), fields.count >= 5 {
                flush()
                let bounds = first.split(separator: "-")
                mapping = (
                    UInt64(bounds[0], radix: 16) ?? 0, UInt64(bounds.count > 1 ? bounds[1] : "", radix: 16) ?? 0,
                    String(fields[1]), fields.count > 5 ? fields[5...].joined(separator: " ") : ""
                )
                rss = 0
                privateClean = 0
                privateDirty = 0
            } else if fields.count >= 2, let value = Int(fields[1]) {
                switch first {
                case "Rss:": rss = value
                case "Private_Clean:": privateClean = value
                case "Private_Dirty:": privateDirty = value
                default: break
                }
            }
        }
        flush()
        result.libraries = libraries.sorted { $0.value > $1.value }.map { ($0.key, $0.value) }
        return result
    }

    /// The user stack pointer of each thread of `pid` (threads blocked in a system call, as idle ones are).
    static func threadStackPointers(_ pid: Int32) -> [UInt64] {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return [] }
        return tasks.compactMap { task in
            guard let text = read("/proc/\(pid)/task/\(task)/syscall")
            else { return nil }
            let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count >= 3 else { return nil }
            let pointer = fields[fields.count - 2]
            return UInt64(pointer.hasPrefix("0x") ? pointer.dropFirst(2) : pointer, radix: 16)
        }
    }

    /// Bytes of the file at `path` (0 when absent).
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    /// A copy of `path` without DWARF (symbols kept) next to it: valgrind 3.19 gives up on Swift 6.3's
    /// debug information. Nil without `strip`.
    static func withoutDebugInfo(_ path: String) -> String? {
        let output = path + ".nodebug"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["strip", "--strip-debug", "-o", output, path]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : nil
    }

    /// Bytes `path` would have stripped as `make deb` strips it (build-deb.sh), or nil without `strip`.
    static func strippedSize(_ path: String) -> Int? {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("station-bench-stripped-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["strip", "--remove-section=.comment", "--remove-section=.note", "-o", output, path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? fileSize(output) : nil
    }
}
