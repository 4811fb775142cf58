import Clocks
import FoundationEssentials
import Synchronization

/// Remembers, per key, when a line was last let through and how many were held back since.
final class LogRateLimiter: Sendable {
    enum Decision: Equatable {
        case admit(suppressed: Int)
        case suppress
    }

    private struct Entry {
        var lastAdmitted: Date
        var suppressed: Int
    }

    /// Keys are few (one per kind of recurring error); the table is bounded anyway so a bug that makes keys
    /// from data cannot grow it without limit.
    private static let maximumKeys = 1024

    private let entries = Mutex<[String: Entry]>([:])

    func admit(key: String, now: Date, interval: Duration) -> Decision {
        entries.withLock { entries in
            if var entry = entries[key] {
                if now.timeIntervalSince(entry.lastAdmitted) < interval.timeInterval {
                    entry.suppressed += 1
                    entries[key] = entry
                    return .suppress
                }
                entries[key] = Entry(lastAdmitted: now, suppressed: 0)
                return .admit(suppressed: entry.suppressed)
            }
            if entries.count >= Self.maximumKeys { entries.removeAll() }
            entries[key] = Entry(lastAdmitted: now, suppressed: 0)
            return .admit(suppressed: 0)
        }
    }
}
