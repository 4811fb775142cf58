/// A first-in first-out queue with a fixed capacity that makes room by dropping its oldest element: the
/// state messages waiting while the broker is away. The newest state is what matters; a broker back after
/// an hour gets the last `capacity` states, not an unbounded backlog.
public struct OutboundQueue<Element: Sendable>: Sendable {
    /// Most elements held.
    public let capacity: Int
    private var storage: [Element?]
    private var head = 0
    /// Elements held.
    public private(set) var count = 0

    /// An empty queue holding at most `capacity` (at least 1) elements.
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        storage = Array(repeating: nil, count: self.capacity)
    }

    /// Whether the queue holds nothing.
    public var isEmpty: Bool { count == 0 }

    /// Appends `element`; when full, drops the oldest first and returns it.
    @discardableResult
    public mutating func append(_ element: Element) -> Element? {
        var dropped: Element?
        if count == capacity {
            dropped = storage[head]
            storage[head] = nil
            head = (head + 1) % capacity
            count -= 1
        }
        storage[(head + count) % capacity] = element
        count += 1
        return dropped
    }

    /// Removes and returns the oldest element.
    public mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % capacity
        count -= 1
        return element
    }

    /// Puts `element` back in front (a publish that could not be handed over); when full, the newest
    /// element is dropped instead, keeping order. Returns the dropped element.
    @discardableResult
    public mutating func pushFront(_ element: Element) -> Element? {
        var dropped: Element?
        if count == capacity {
            let newest = (head + count - 1) % capacity
            dropped = storage[newest]
            storage[newest] = nil
            count -= 1
        }
        head = (head - 1 + capacity) % capacity
        storage[head] = element
        count += 1
        return dropped
    }

    /// The newest element, if any.
    public var last: Element? { count == 0 ? nil : storage[(head + count - 1) % capacity] }

    /// The elements, oldest first.
    public var elements: [Element] {
        (0..<count).compactMap { storage[(head + $0) % capacity] }
    }
}
