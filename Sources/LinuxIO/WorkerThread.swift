import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A dedicated POSIX thread that runs blocking system calls in order, off the Swift cooperative pool, bridged to
/// async callers with continuations. One per device: a poll() waiting on a quiet serial port blocks only its own
/// thread, never a shared pool (Dispatch's global pool on Linux can run short when many devices wait at once).
/// The thread ends when the `WorkerThread` is released.
public final class WorkerThread: Sendable {
    private let state: WorkerState

    /// Starts a thread; `name` says what it serves (its thread name, for `top -H` and debuggers).
    public init(name: String) {
        state = WorkerState()
        Self.spawn(name: name) { [state] in state.serve() }
    }

    deinit {
        state.stop()
    }

    /// Runs `body` on the thread and returns its result.
    public func run<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            state.submit {
                continuation.resume(returning: Result { () throws(E) -> T in try body() })
            }
        }
        return try result.get()
    }

    /// Runs `body` once on a new detached thread (an emulator's loop).
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        spawn(name: "breeze-emulator", body)
    }

    private static func spawn(name: String, _ body: @escaping @Sendable () -> Void) {
        do {
            try DedicatedThread.detach(name: name, body)
        } catch {
            // No thread could be made (resource exhaustion): run inline rather than lose the work.
            body()
        }
    }
}

/// The job queue of a worker thread: jobs under a mutex, a semaphore counting them.
private final class WorkerState: Sendable {
    private let jobs = Mutex<(pending: [@Sendable () -> Void], stopping: Bool)>(([], false))
    private nonisolated(unsafe) let semaphore: UnsafeMutablePointer<sem_t>

    init() {
        semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.pending.append(job) }
        sem_post(semaphore)
    }

    func stop() {
        jobs.withLock { $0.stopping = true }
        sem_post(semaphore)
    }

    /// The thread's loop: run jobs in order until stopped and drained.
    func serve() {
        while true {
            _ = try? SystemCall.run("sem_wait") { sem_wait(semaphore) }
            let next = jobs.withLock { state -> (@Sendable () -> Void)?? in
                if !state.pending.isEmpty { return .some(state.pending.removeFirst()) }
                return state.stopping ? .some(nil) : .none
            }
            switch next {
            case .some(.some(let job)): job()
            case .some(.none): return
            case .none: continue
            }
        }
    }
}

/// A flag a blocking call checks between poll slices, set when the awaiting task is cancelled.
final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
