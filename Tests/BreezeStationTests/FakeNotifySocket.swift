import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket; a thread of its own records every datagram with
/// its arrival time.
final class FakeNotifySocket: Sendable {
    let path: String
    private let descriptor: Int32
    private let received = Mutex<[(message: String, at: Date)]>([])
    private let stopped = Atomic<Bool>(false)

    init(directory: URL) throws {
        path = directory.appendingPathComponent("notify").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: Array(path.utf8).prefix(buffer.count - 1))
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw POSIXError(.EADDRINUSE) }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let box = self
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !box.stopped.load(ordering: .acquiring) {
                let count = recv(box.descriptor, &buffer, buffer.count, 0)
                guard count > 0 else { continue }
                let message = String(decoding: buffer[0..<count], as: UTF8.self)
                box.received.withLock { $0.append((message, Date())) }
            }
            close(box.descriptor)
            unlink(box.path)
        }.start()
    }

    /// Stops listening (the thread closes the socket within 100 ms).
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Every datagram so far, with its arrival time.
    var messages: [(message: String, at: Date)] { received.withLock { $0 } }

    /// Arrival times of datagrams containing `text`.
    func times(of text: String) -> [Date] { messages.filter { $0.message.contains(text) }.map(\.at) }
}
