import Clocks
import Diagnostics
import Foundation
import MQTT
import MQTTTestSupport
import StationSnapshot
import ClocksTestSupport

/// A publisher running as the station runs it (its Service `run()` in a task), stopped by cancellation.
final class RunningPublisher: Sendable {
    let publisher: MQTTPublisher
    let clock: ManualClock
    let log: InMemoryLogSink
    private let task: Task<Void, any Error>

    init(configuration: MQTTConfiguration, snapshot: StationSnapshot? = Samples.snapshot()) async throws {
        let clock = ManualClock(start: Samples.time)
        let log = InMemoryLogSink()
        let publisher = try MQTTPublisher(configuration: configuration, logger: Samples.logger(log), clock: clock)
        if let snapshot { publisher.update(snapshot) }
        self.publisher = publisher
        self.clock = clock
        self.log = log
        task = Task { try await publisher.run() }
        // The interval timer is armed once run() sleeps on the clock.
        _ = await clock.waitForSleepers(1, timeout: .seconds(10))
    }

    deinit { task.cancel() }

    /// One publishing interval passes on the station's clock.
    func tick() async {
        clock.advance(by: publisher.configuration.interval)
        _ = await clock.waitForSleepers(1, timeout: .seconds(10))
    }

    /// Cancels `run()` (the graceful shutdown) and waits for it to return.
    func stop() async throws {
        task.cancel()
        try await task.value
    }

    /// Waits until `condition` holds on the counters.
    func waitForCounters(timeout: Duration = .seconds(30), _ condition: (MQTTCounters) -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition(publisher.counters) {
            if ContinuousClock.now >= deadline {
                throw MosquittoBroker.Failure("counters never matched: \(publisher.counters); log: \(log.lines)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

extension MQTTConfiguration {
    /// A test configuration for a broker on loopback: short keepalive and backoff cap.
    static func loopback(port: Int, stationName: String = "Balcony") -> MQTTConfiguration {
        var configuration = MQTTConfiguration(
            broker: BrokerAddress(host: "127.0.0.1", port: port, usesTLS: false), stationName: stationName)
        configuration.keepalive = 5
        configuration.reconnectMaximum = .seconds(2)
        configuration.interval = .seconds(60)
        return configuration
    }
}
