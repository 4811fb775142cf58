import POSIX
public import Sensors

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A serial port as a ``Sensors/ByteStream``: the drivers' UART. Every call runs on the port's own queue, so
/// poll() and read() never block the Swift cooperative pool; a cancelled read returns at once (its task's
/// cancellation signals the wakeup the read polls beside the port).
///
/// The path is opened again on each ``open()``, so a stable name (`/dev/serial/by-id/...`) finds a re-plugged
/// adapter even when the kernel numbers it differently.
public final class SerialByteStream: ByteStream, @unchecked Sendable {
    public let name: String
    /// The tty path.
    public let path: String
    /// The baud rate.
    public let baudRate: Int
    private let queue: WorkerThread
    /// Signalled when a reading task is cancelled, so a read waits in one poll(2) for its whole timeout
    /// instead of looking for cancellation every 50 ms. Nil when no eventfd could be had (then it does).
    private let cancellation: Wakeup?
    /// Touched only on `queue` (hence `@unchecked Sendable`).
    private var port: SerialPort?

    /// A stream on `path` at `baudRate`; nothing is opened until ``open()``.
    public init(path: String, baudRate: Int) {
        self.path = path
        self.baudRate = baudRate
        name = path
        queue = WorkerThread(name: "serial")
        cancellation = try? Wakeup()
    }

    public func open() async throws(TransportError) {
        try await queue.run { () throws(TransportError) in
            self.port?.close()
            self.port = nil
            self.port = try SerialPort(path: self.path, baudRate: self.baudRate)
        }
    }

    public func close() async {
        await queue.run { () -> Void in
            self.port?.close()
            self.port = nil
        }
    }

    private func withPort<T: Sendable>(_ body: @escaping @Sendable (SerialPort) throws(TransportError) -> T)
        async throws(TransportError) -> T
    {
        try await queue.run { () throws(TransportError) -> T in
            guard let port = self.port else { throw .notOpen(self.path) }
            return try body(port)
        }
    }

    public func read(maximumCount: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await waiting { (port, cancelled, cancellation) throws(TransportError) in
            try port.read(maximumCount: maximumCount, timeout: timeout, cancelled: cancelled, cancellation: cancellation)
        }
    }

    /// The pause, the stale input, the command and the wait for the answer as one job of the port's thread (see
    /// ``Sensors/ByteStream/exchange(_:after:maximumCount:timeout:)``); cancelled like
    /// ``read(maximumCount:timeout:)``.
    public func exchange(_ command: [UInt8], after delay: Duration, maximumCount: Int, timeout: Duration)
        async throws(TransportError) -> (stale: [UInt8], reply: [UInt8])
    {
        try await waiting { (port, cancelled, cancellation) throws(TransportError) in
            if delay > .zero {
                Self.pause(for: delay, cancelled: cancelled, cancellation: cancellation)
                if cancelled() { return ([], []) }
            }
            var stale: [UInt8] = []
            for _ in 0..<64 {
                let bytes = try port.read(maximumCount: 4096, timeout: .zero)
                if bytes.isEmpty { break }
                stale += bytes
            }
            if !command.isEmpty { try port.write(command) }
            let reply = try port.read(
                maximumCount: maximumCount, timeout: timeout, cancelled: cancelled, cancellation: cancellation)
            return (stale, reply)
        }
    }

    /// Waits `delay` on the port's thread, or until `cancelled` turns true: in one poll(2) on the cancellation
    /// wakeup (a signal while not cancelled is drained and the wait goes on), or without one in 50 ms slices.
    /// Bytes arriving meanwhile wait in the kernel: the exchange takes them as stale input.
    private static func pause(for delay: Duration, cancelled: () -> Bool, cancellation: Wakeup?) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: delay)
        while !cancelled() {
            let remaining = clock.now.duration(to: deadline)
            if remaining <= .zero { return }
            let slice = cancellation == nil ? min(remaining, .milliseconds(50)) : remaining
            // Rounded up: a wait cut short by rounding down would end with nothing left but a spin.
            let milliseconds = Int32(min((slice / .milliseconds(1)).rounded(.up), Double(Int32.max)))
            if let cancellation {
                cancellation.wait(milliseconds: milliseconds)
            } else {
                var none = pollfd(fd: -1, events: 0, revents: 0)
                _ = poll(&none, 1, milliseconds)
            }
        }
    }

    /// Runs `body` on the port's thread with what its wait needs to end at once when the task is cancelled:
    /// the flag to check and the wakeup the task's cancellation signals (a signal left by an earlier call's
    /// cancellation is drained first: it is not this call's).
    private func waiting<T: Sendable>(
        _ body: @escaping @Sendable (SerialPort, @escaping () -> Bool, Wakeup?) throws(TransportError) -> T
    ) async throws(TransportError) -> T {
        let flag = CancellationFlag()
        let cancellation = cancellation
        let result = await withTaskCancellationHandler { () async -> Result<T, TransportError> in
            do throws(TransportError) {
                return .success(
                    try await withPort { (port) throws(TransportError) in
                        cancellation?.drain()
                        return try body(port, { flag.isSet }, cancellation)
                    })
            } catch {
                return .failure(error)
            }
        } onCancel: {
            flag.set()
            cancellation?.signal()
        }
        return try result.get()
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        try await withPort { (port) throws(TransportError) in try port.write(bytes) }
    }

    public func discardInput() async throws(TransportError) {
        try await withPort { (port) throws(TransportError) in try port.discardInput() }
    }
}
