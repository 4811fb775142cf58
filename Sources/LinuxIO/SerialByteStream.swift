import POSIX
public import Sensors

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
        let flag = CancellationFlag()
        let cancellation = cancellation
        let result = await withTaskCancellationHandler { () async -> Result<[UInt8], TransportError> in
            do throws(TransportError) {
                return .success(
                    try await withPort { (port) throws(TransportError) in
                        // A signal left by an earlier read's cancellation is not this read's.
                        cancellation?.drain()
                        if flag.isSet { return [] }
                        return try port.read(
                            maximumCount: maximumCount, timeout: timeout, cancelled: { flag.isSet },
                            cancellation: cancellation)
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
