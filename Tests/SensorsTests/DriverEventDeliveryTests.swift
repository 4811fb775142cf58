import Clocks
import ClocksTestSupport
import Diagnostics
import Foundation
import SensorEmulation
import Synchronization
import Testing

@testable import Sensors

/// Events handed to a handler on the driver's own task instead of through the stream.
@Suite("Driver event delivery")
struct DriverEventDeliveryTests {
    @Test func aHandlerTakesEveryEventAndTheStreamStaysEmpty() async throws {
        let clock = SystemClock()
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: clock.now))
        var settings = DriverSettings(model: .pms5003, interval: .seconds(1))
        settings.warmUp = .zero
        let driver = try SensorDriver(
            model: .pms5003, link: .serial(EmulatedByteStream(device: device, clock: clock)), settings: settings,
            clock: clock,
            logger: Logger(label: "sensor", minimumLevel: .error, sink: InMemoryLogSink(), format: .terminal, clock: clock))
        let handled = Mutex<[SensorEvent]>([])
        driver.deliverEvents { event in handled.withLock { $0.append(event) } }
        let run = Task { try await driver.run() }
        var samples = 0
        for _ in 0..<200 where samples < 2 {
            try await Task.sleep(for: .milliseconds(50))
            samples = handled.withLock { $0.filter { if case .sample = $0 { true } else { false } }.count }
        }
        run.cancel()
        _ = try? await run.value
        #expect(samples >= 2)
        // A sample's report (its counters) comes before the sample, as the stream would have had them.
        let kinds = handled.withLock { $0 }.map { event -> String in
            switch event {
            case .sample: "sample"
            case .report: "report"
            case .health: "health"
            case .discarded: "discarded"
            }
        }
        let firstSample = try #require(kinds.firstIndex(of: "sample"))
        #expect(kinds[..<firstSample].contains("report"))
        var streamed = 0
        for await _ in driver.events { streamed += 1 }
        #expect(streamed == 0, "the stream finished without events")
    }
}
