import Foundation

/// Per-thread CPU and wake-ups of a process, from /proc/PID/task: where a process that does little per
/// sample spends its CPU. On an idle station the cost is mostly wake-ups (each one a context switch, a
/// trip through the scheduler and cold caches), which callgrind's user-space instruction count never sees.
struct ThreadFigures {
    /// One thread at one moment.
    struct Thread {
        /// The thread's name (`comm`: pthread_setname_np, 15 bytes at most).
        var name: String
        /// On-CPU time, nanoseconds (schedstat's first field).
        var nanoseconds: UInt64
        /// Times the thread went to sleep of its own accord (`voluntary_ctxt_switches`): each is followed by
        /// a wake-up.
        var voluntarySwitches: UInt64
        /// Times it was preempted (`nonvoluntary_ctxt_switches`).
        var involuntarySwitches: UInt64
    }

    /// By thread id.
    var threads: [String: Thread]

    /// Every live thread of `pid` now.
    static func read(_ pid: Int32) -> ThreadFigures {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        var threads: [String: Thread] = [:]
        for task in tasks {
            let base = "/proc/\(pid)/task/\(task)"
            guard let schedstat = ProcessFigures.read("\(base)/schedstat"),
                let first = schedstat.split(separator: " ").first, let nanoseconds = UInt64(first),
                let status = ProcessFigures.read("\(base)/status")
            else { continue }
            let name = (ProcessFigures.read("\(base)/comm") ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            threads[task] = Thread(
                name: name, nanoseconds: nanoseconds,
                voluntarySwitches: field(status, "voluntary_ctxt_switches"),
                involuntarySwitches: field(status, "nonvoluntary_ctxt_switches"))
        }
        return ThreadFigures(threads: threads)
    }

    /// What each thread (grouped by name) did between `start` and `self`, the busiest first: threads that
    /// started inside the window count from zero, threads that ended inside it are missing.
    func since(_ start: ThreadFigures) -> [(name: String, count: Int, nanoseconds: UInt64, wakeUps: UInt64, preempted: UInt64)] {
        var groups: [String: (count: Int, nanoseconds: UInt64, wakeUps: UInt64, preempted: UInt64)] = [:]
        for (tid, now) in threads {
            let before = start.threads[tid]
            var group = groups[now.name] ?? (0, 0, 0, 0)
            group.count += 1
            group.nanoseconds += now.nanoseconds &- (before?.nanoseconds ?? 0)
            group.wakeUps += now.voluntarySwitches &- (before?.voluntarySwitches ?? 0)
            group.preempted += now.involuntarySwitches &- (before?.involuntarySwitches ?? 0)
            groups[now.name] = group
        }
        return groups.map { (name: $0.key, count: $0.value.count, nanoseconds: $0.value.nanoseconds,
                             wakeUps: $0.value.wakeUps, preempted: $0.value.preempted) }
            .sorted { $0.nanoseconds > $1.nanoseconds }
    }

    private static func field(_ status: String, _ key: String) -> UInt64 {
        for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
            return UInt64(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
