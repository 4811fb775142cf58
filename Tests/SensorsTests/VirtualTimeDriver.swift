import Clocks
import Diagnostics
import Foundation
import SensorEmulation
import Synchronization
import Testing
import ClocksTestSupport

@testable import Sensors

/// Runs a driver on a ManualClock that jumps to the next deadline whenever the driver waits: hours of sensor
/// life in milliseconds, deterministic.
final class VirtualTimeDriver: Sendable {
    let clock: ManualClock
    let driver: SensorDriver
    let logs: InMemoryLogSink
    private let collected = Mutex<[SensorEvent]>([])

    init(
        model: SensorModel, link: SensorDriver.Link, settings: DriverSettings, pins: SensorPins = SensorPins(),
        clock: ManualClock
    ) throws {
        self.clock = clock
        logs = InMemoryLogSink()
        let logger = Logger(label: "sensor", minimumLevel: .debug, sink: logs, format: .terminal, clock: clock)
        driver = try SensorDriver(
            model: model, link: link, settings: settings, pins: pins, clock: clock, logger: logger)
    }

    var events: [SensorEvent] { collected.withLock { $0 } }
    var samples: [SensorSample] {
        events.compactMap { if case .sample(let sample) = $0 { sample } else { nil } }
    }
    var discarded: [PlausibilityVerdict] {
        events.compactMap { if case .discarded(_, let verdict) = $0 { verdict } else { nil } }
    }
    var reports: [SensorReport] {
        events.compactMap { if case .report(let report) = $0 { report } else { nil } }
    }
    var healthStates: [SensorHealth.State] {
        events.compactMap { if case .health(let health) = $0 { health.state } else { nil } }
    }

    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Starts the driver and the event reader (once).
    private func startIfNeeded() {
        tasks.withLock { tasks in
            guard tasks.isEmpty else { return }
            tasks.append(Task { [driver] in _ = try? await driver.run() })
            tasks.append(
                Task { [self] in
                    for await event in driver.events { self.collected.withLock { $0.append(event) } }
                })
        }
    }

    /// Advances virtual time until `done` holds or `limit` passes; returns whether `done` held. The driver keeps
    /// running between calls; ``stop()`` ends it.
    @discardableResult
    func run(for limit: Duration, until done: @escaping @Sendable (VirtualTimeDriver) -> Bool = { _ in false }) async
        -> Bool
    {
        startIfNeeded()
        let end = clock.now.adding(limit)
        while clock.now < end {
            // Let the event reader catch up before deciding and before time moves on.
            for _ in 0..<10 { await Task.yield() }
            if done(self) { return true }
            guard await clock.waitForSleepers(1, timeout: .seconds(5)) else { break }
            for _ in 0..<10 { await Task.yield() }
            clock.advance(to: min(clock.nextDeadline ?? end, end))
        }
        for _ in 0..<10 { await Task.yield() }
        return done(self)
    }

    /// Cancels the driver and waits for it and the reader to end.
    func stop() async {
        let running = tasks.withLock { $0 }
        running.first?.cancel()
        for task in running { await task.value }
    }
}
