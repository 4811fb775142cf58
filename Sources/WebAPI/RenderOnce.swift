import Synchronization

/// A value made on the first call of ``value()`` and kept for every later call: how a snapshot's bodies
/// are rendered only when somebody asks for them, once per snapshot.
///
/// Callers that ask at the same time wait for the one render (they want its result anyway); whoever
/// replaces the `RenderOnce` with a newer one never waits, because the lock is the instance's own.
///
/// ```swift
/// let body = RenderOnce { PrometheusText.render(families) }   // nothing rendered yet
/// body.value()                                                 // rendered now
/// body.value()                                                 // the same text, not rendered again
/// ```
public final class RenderOnce<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made: Mutex<Value?>

    /// A value `make` renders on the first ``value()``.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        self.made = Mutex(nil)
    }

    /// A value that is already made (nothing is rendered later).
    public init(made value: Value) {
        self.make = { value }
        self.made = Mutex(value)
    }

    /// The value: rendered by this call if nobody asked before, else the kept one.
    public func value() -> Value {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }

    /// Whether the value has been made.
    public var isMade: Bool { made.withLock { $0 != nil } }
}
