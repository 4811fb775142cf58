import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A TCP port on 127.0.0.1 that refuses connections for as long as this value lives: a socket bound to it
/// (without SO_REUSEADDR) and never listening. Unlike a port bound and closed again (``unusedLoopbackPort()``),
/// no server of a test running beside it can take the port in between: one did, in a parallel run, and a
/// request meant to be refused was answered by another test's stand-in (and counted there).
public final class RefusedLoopbackPort: Sendable {
    /// The port, refused until ``close()``.
    public let port: Int
    private let descriptor: Int32

    /// Reserves a port; nil when no socket can be bound (no loopback interface).
    public init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            Glibc.close(fd)
            return nil
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(descriptor) }
}
