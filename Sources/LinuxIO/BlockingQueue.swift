import Dispatch
import Synchronization

/// A serial Dispatch queue that runs blocking system calls off the Swift cooperative thread pool, bridged to
/// async callers with a continuation. One queue per device keeps its calls in order.
final class BlockingQueue: Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the queue and returns its result.
    func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(E) -> T in try body() })
            }
        }
        return try result.get()
    }
}

/// A flag a blocking call checks between poll slices, set when the awaiting task is cancelled.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
