import HTTPTestSupport
import Testing

@testable import WebAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The reaper sleeps until the earliest connection deadline (issue 17: an idle station's HTTP deadlines
/// cost no wake-ups), and a new connection wakes it when its deadline comes sooner.
@Suite("HTTP server: the connection reaper's wake-ups")
struct ConnectionReaperTests {
    @Test("enforce returns the earliest pending deadline; connections answering or ending have none")
    func nextDeadline() {
        var limits = HTTPLimits.standard
        limits.headerTimeoutSeconds = 10
        limits.keepAliveTimeoutSeconds = 5
        let watch = ConnectionWatch(limits: limits)
        #expect(watch.enforce(at: 100) == nil)
        watch.started(-1, at: 100)
        #expect(watch.enforce(at: 101) == 110)
        watch.started(-2, at: 102)
        watch.requestCompleted(-2, at: 103)
        #expect(watch.enforce(at: 104) == 108, "the idle connection's keep-alive deadline comes first")
        watch.headersComplete(-1)
        watch.headersComplete(-2)
        #expect(watch.enforce(at: 105) == nil, "connections being answered have no deadline")
        watch.requestCompleted(-1, at: 106)
        watch.closed(-2)
        #expect(watch.enforce(at: 107) == 111)
    }

    @Test("with no connection the reaper does not wake")
    func idleReaperSleeps() async throws {
        let watch = ConnectionWatch(limits: .standard)
        try #require(watch.reaperWakeup != nil)
        let reaper = ConnectionReaper(watch: watch)
        defer { reaper.stop() }
        // Half a second (off the cooperative pool): the reaper that looked ten times a second would have run
        // five passes.
        try await offPool { usleep(500_000) }
        #expect(watch.passes <= 1, "\(watch.passes) passes with nothing to watch")
    }

    @Test("a connection started while the reaper sleeps is ended at its header deadline")
    func newConnectionWakesTheReaper() async throws {
        var limits = HTTPLimits.standard
        limits.headerTimeoutSeconds = 1
        let watch = ConnectionWatch(limits: limits)
        try #require(watch.reaperWakeup != nil)
        let reaper = ConnectionReaper(watch: watch)
        defer { reaper.stop() }
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer {
            close(pair[0])
            close(pair[1])
        }
        let (first, second) = (pair[0], pair[1])
        let (looked, received, elapsed) = try await offPool { () -> (Bool, Int, Double) in
            let looked = waitUntil(5) { watch.passes >= 1 }
            usleep(100_000)  // asleep with no deadline now
            let start = ConnectionWatch.now()
            watch.started(first)
            // The reaper's shutdown(2) of the watched end reads as the end of stream on the other.
            var byte: UInt8 = 0
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(second, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let received = read(second, &byte, 1)
            return (looked, received, ConnectionWatch.now() - start)
        }
        #expect(looked, "the reaper never looked")
        #expect(received == 0, "the watched connection was not shut down (read returned \(received))")
        #expect(elapsed >= 0.95 && elapsed < 5, "shut down after \(elapsed) s (deadline 1 s)")
        #expect(watch.counts.headerTimeouts == 1)
        #expect(watch.passes <= 5, "\(watch.passes) passes for one deadline")
    }
}
