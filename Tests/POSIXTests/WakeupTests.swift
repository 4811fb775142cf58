import Synchronization
import Testing

@testable import POSIX

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Wakeup")
struct WakeupTests {
    @Test func aSignalMakesTheDescriptorReadableUntilDrained() throws {
        let wakeup = try Wakeup()
        #expect(Self.isReadable(wakeup.descriptor) == false)
        wakeup.signal()
        wakeup.signal()
        #expect(Self.isReadable(wakeup.descriptor) == true)
        wakeup.drain()
        #expect(Self.isReadable(wakeup.descriptor) == false)
        // Draining an unsignalled wakeup neither blocks nor fails.
        wakeup.drain()
    }

    @Test func waitReturnsWhenAnotherThreadSignals() throws {
        let wakeup = try Wakeup()
        let woken = Atomic<Bool>(false)
        let waiter = try DedicatedThread(name: "wakeup-test") {
            // A minute: the test ends far sooner only because the signal arrives.
            wakeup.wait(milliseconds: 60_000)
            woken.store(true, ordering: .releasing)
        }
        wakeup.signal()
        waiter.join()
        let wasWoken = woken.load(ordering: .acquiring)
        #expect(wasWoken)
        #expect(Self.isReadable(wakeup.descriptor) == false)
    }

    @Test func waitWithoutATimeoutReturnsOnlyOnASignal() throws {
        let wakeup = try Wakeup()
        let woken = Atomic<Bool>(false)
        let waiter = try DedicatedThread(name: "wakeup-test") {
            wakeup.wait(milliseconds: nil)
            woken.store(true, ordering: .releasing)
        }
        // Long enough for the waiter to be in poll(2) on a loaded machine, most of the time; if it is not yet,
        // the signal stays pending and the wait returns as soon as it starts, so the test passes either way
        // only if a signal ends the wait: without one it would never return (the suite would hang, not pass).
        usleep(50_000)
        let early = woken.load(ordering: .acquiring)
        #expect(early == false, "an untimed wait returned with no signal")
        wakeup.signal()
        waiter.join()
        let late = woken.load(ordering: .acquiring)
        #expect(late)
    }

    @Test func waitTimesOutWithoutASignal() throws {
        let wakeup = try Wakeup()
        let start = ContinuousClock.now
        wakeup.wait(milliseconds: 20)
        #expect(ContinuousClock.now - start >= .milliseconds(20))
    }

    private static func isReadable(_ descriptor: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) == 1 && poller.revents & Int16(POLLIN) != 0
    }
}
