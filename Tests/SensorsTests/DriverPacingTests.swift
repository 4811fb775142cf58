import Clocks
import ClocksTestSupport
import Diagnostics
import Foundation
import SensorEmulation
import Synchronization
import Testing

@testable import Sensors

/// An emulated sensor's stream that records the pause each exchange is asked to wait first.
private final class PauseRecordingStream: ByteStream, Sendable {
    let inner: EmulatedByteStream
    private let pauses = Mutex<[Duration]>([])

    init(_ inner: EmulatedByteStream) { self.inner = inner }

    var name: String { inner.name }
    var recorded: [Duration] { pauses.withLock { $0 } }

    func open() async throws(TransportError) { try await inner.open() }
    func close() async { await inner.close() }
    func read(maximumCount: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        try await inner.read(maximumCount: maximumCount, timeout: timeout)
    }
    func write(_ bytes: [UInt8]) async throws(TransportError) { try await inner.write(bytes) }
    func discardInput() async throws(TransportError) { try await inner.discardInput() }
    func exchange(_ command: [UInt8], after delay: Duration, maximumCount: Int, timeout: Duration)
        async throws(TransportError) -> (stale: [UInt8], reply: [UInt8])
    {
        pauses.withLock { $0.append(delay) }
        return try await inner.exchange(command, after: delay, maximumCount: maximumCount, timeout: timeout)
    }
}

/// Who waits between two samples: the port, in the wait it does anyway, when the clock is real time.
@Suite("Driver pacing")
struct DriverPacingTests {
    @Test func onARealTimeClockThePortWaitsForTheNextSample() async throws {
        let clock = SystemClock()
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: clock.now))
        let stream = PauseRecordingStream(EmulatedByteStream(device: device, clock: clock))
        var settings = DriverSettings(model: .pms5003, interval: .seconds(1))
        settings.warmUp = .zero
        let driver = try SensorDriver(
            model: .pms5003, link: .serial(stream), settings: settings, clock: clock,
            logger: Logger(label: "sensor", minimumLevel: .error, sink: InMemoryLogSink(), format: .terminal, clock: clock))
        let run = Task { try await driver.run() }
        var times: [Date] = []
        for await event in driver.events {
            if case .sample(let sample) = event { times.append(sample.time) }
            if times.count == 4 { break }
        }
        run.cancel()
        _ = try? await run.value
        // The emulator's first seconds after power-up are all-zero frames (discarded as implausible or warming
        // up), so the samples counted are the steady ones, on a schedule of one a second: each within 0.8 s of
        // its slot after the first (a sample late on a loaded machine is followed by one sooner, on time again;
        // unpaced samples would all come within milliseconds of the first).
        let offsets = times.map { $0.timeIntervalSince(times[0]) }
        let drift = offsets.enumerated().map { abs($0.element - Double($0.offset)) }
        #expect(drift.allSatisfy { $0 < 0.8 }, "a sample a second, offsets from the first: \(offsets)")
        // The wait was the port's: handed over with the exchange, not slept by the driver before it.
        let long = stream.recorded.filter { $0 > .milliseconds(500) }
        #expect(long.count >= 3, "pauses given to the port: \(stream.recorded)")
        #expect(stream.recorded.allSatisfy { $0 <= .seconds(1) })
    }

    @Test func onATestClockTheDriverWaitsItself() async throws {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_767_225_600))
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: clock.now))
        let stream = PauseRecordingStream(EmulatedByteStream(device: device, clock: clock))
        let settings = DriverSettings(model: .pms5003, interval: .seconds(10))
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        #expect(await run.run(for: .seconds(120)) { $0.samples.count >= 3 })
        // A port cannot wait for a test clock's time: every pause is the driver's own sleep on that clock.
        #expect(!stream.recorded.isEmpty)
        #expect(stream.recorded.allSatisfy { $0 == .zero }, "\(stream.recorded)")
        await run.stop()
    }
}
