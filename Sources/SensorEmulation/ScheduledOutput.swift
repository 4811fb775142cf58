import FoundationEssentials

/// Bytes an emulated device will send, each at its time (replies come after the sensor's response delay).
struct ScheduledOutput: Sendable, Hashable {
    private var items: [(due: Date, bytes: [UInt8])] = []

    static func == (lhs: ScheduledOutput, rhs: ScheduledOutput) -> Bool {
        lhs.items.count == rhs.items.count
            && zip(lhs.items, rhs.items).allSatisfy { $0.due == $1.due && $0.bytes == $1.bytes }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(items.count) }

    /// Sends `bytes` at `due`.
    mutating func schedule(_ bytes: [UInt8], at due: Date) {
        items.append((due, bytes))
        items.sort { $0.due < $1.due }
    }

    /// The bytes due by `now`, removed from the queue.
    mutating func takeDue(at now: Date) -> [UInt8] {
        var output: [UInt8] = []
        while let first = items.first, first.due <= now {
            output += first.bytes
            items.removeFirst()
        }
        return output
    }

    /// When the next bytes are due.
    var nextDue: Date? { items.first?.due }

    /// Forgets everything scheduled.
    mutating func clear() { items.removeAll() }
}
