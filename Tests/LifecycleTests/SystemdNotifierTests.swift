import Clocks
import Diagnostics
import Foundation
import Testing
import ClocksTestSupport

@testable import Lifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket.
final class FakeNotifySocket {
    let path: String
    let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
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
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, or nil after 200 ms.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }

    /// Every datagram waiting now.
    func drain() -> [String] {
        var messages: [String] = []
        while let message = receive() { messages.append(message) }
        return messages
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}

@Suite("sd_notify and the watchdog")
struct SystemdNotifierTests {
    @Test("no NOTIFY_SOCKET, no notifier")
    func absent() {
        #expect(SystemdNotifier(environment: [:]) == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "relative"]) == nil)
    }

    @Test("states arrive as datagrams on the socket")
    func sends() throws {
        let socket = try FakeNotifySocket()
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path]))
        #expect(notifier.notify("READY=1"))
        #expect(notifier.notify("STATUS=measuring\nWATCHDOG=1"))
        #expect(socket.receive() == "READY=1")
        #expect(socket.receive() == "STATUS=measuring\nWATCHDOG=1")
    }

    @Test("WATCHDOG_USEC gives the interval, for this process only")
    func interval() {
        let mine = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "4000000"])
        #expect(mine?.watchdogInterval == .seconds(4))
        let other = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"])
        #expect(other?.watchdogInterval == nil)
    }

    @Test("the watchdog pings while the heartbeat is fresh and stops when the loop stalls")
    func watchdog() async throws {
        let socket = try FakeNotifySocket()
        let notifier = try #require(SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path]))
        let clock = ManualClock()
        let heartbeat = ProgressHeartbeat()
        let sink = InMemoryLogSink()
        let service = WatchdogService(
            notifier: notifier, heartbeat: heartbeat, interval: .seconds(10), clock: clock,
            logger: Logger(label: "watchdog", sink: sink, clock: clock))
        heartbeat.beat(at: clock.now)
        let task = Task { try await service.run() }
        #expect(await clock.waitForSleepers(1))
        #expect(socket.drain() == ["WATCHDOG=1"])
        // The loop keeps beating: pings every third of the interval (here 4 s steps, past each 3.3 s sleep).
        for _ in 0..<3 {
            heartbeat.beat(at: clock.now)
            clock.advance(by: .seconds(4))
            #expect(await clock.waitForSleepers(1))
        }
        #expect(socket.drain() == ["WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1"])
        // The loop stalls: no beat for 10 s → no more pings.
        clock.advance(by: .seconds(4))
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(4))
        #expect(await clock.waitForSleepers(1))
        let pings = socket.drain()
        #expect(pings.count <= 2)
        clock.advance(by: .seconds(4))
        #expect(await clock.waitForSleepers(1))
        #expect(socket.drain().isEmpty)
        #expect(sink.lines.contains { $0.contains("withholding watchdog pings") })
        task.cancel()
        _ = try? await task.value
    }
}
