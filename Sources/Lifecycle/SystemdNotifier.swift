import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The sd_notify protocol: one datagram per state change to the AF_UNIX socket in `$NOTIFY_SOCKET`
/// (`@name` means the abstract namespace). systemd treats the socket protocol as its stable interface, so
/// this needs no libsystemd.
public final class SystemdNotifier: Sendable {
    private let address: [UInt8]
    private let socket: Mutex<Int32>
    /// `WatchdogSec` of the unit, from `$WATCHDOG_USEC` (when `$WATCHDOG_PID` is unset or this process).
    public let watchdogInterval: Duration?

    /// A notifier for the socket named in `environment`, or nil when not started by systemd with
    /// `Type=notify` (no `NOTIFY_SOCKET`).
    public init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count < 108,
            path.hasPrefix("/") || path.hasPrefix("@")
        else { return nil }
        var bytes = Array(path.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        address = bytes
        socket = Mutex(-1)
        if let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0,
            environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true
        {
            watchdogInterval = .microseconds(usec)
        } else {
            watchdogInterval = nil
        }
    }

    deinit {
        socket.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
        }
    }

    /// Sends `state` (e.g. `READY=1`, `WATCHDOG=1`, `STOPPING=1`, `STATUS=...`; several separated by
    /// newlines). Returns false when it could not be sent; systemd being away is not an error here.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        socket.withLock { descriptor -> Bool in
            if descriptor < 0 {
                descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                if descriptor < 0 { return false }
            }
            var storage = sockaddr_un()
            storage.sun_family = sa_family_t(AF_UNIX)
            let length = withUnsafeMutableBytes(of: &storage.sun_path) { buffer -> Int in
                let count = min(address.count, buffer.count)
                buffer.copyBytes(from: address.prefix(count))
                return count
            }
            let addressLength = socklen_t(MemoryLayout<sa_family_t>.size + length)
            let payload = Array(state.utf8)
            let sent = withUnsafePointer(to: &storage) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    payload.withUnsafeBytes { bytes in
                        sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, addressLength)
                    }
                }
            }
            return sent == payload.count
        }
    }
}
