import Clocks
import Diagnostics
import Foundation
import LinuxIO
import SensorEmulation
import Sensors
import Synchronization

@testable import SensorRuntime

/// A real driver on a real serial stream, against an emulator on a real pseudo-terminal, in real time with
/// short timings.
final class PtyRig: Sendable {
    let emulator: PseudoTerminalEmulator
    let driver: SensorDriver
    let link: String
    let logs = InMemoryLogSink()
    private let collected = Mutex<[SensorEvent]>([])
    private let tasks = Mutex<[Task<Void, Never>]>([])

    static let fastTiming = EmulatorTiming(
        frameInterval: .milliseconds(200), responseDelay: .milliseconds(10), zeroFrameWindow: .milliseconds(100))

    static func fastSettings(_ model: SensorModel) -> DriverSettings {
        var settings = DriverSettings(model: model, interval: .milliseconds(300))
        // Several polls fall inside the warm-up even when a loaded machine delays the first one.
        settings.warmUp = .milliseconds(1500)
        // Generous against a loaded CI machine; the emulator answers within 10-200 ms.
        settings.responseTimeout = .seconds(1)
        settings.staleAfter = .seconds(3)
        settings.reopenBackoff = .milliseconds(100)
        settings.reopenBackoffLimit = .milliseconds(400)
        settings.faultRetryInterval = .seconds(30)
        settings.resetPulse = .milliseconds(20)
        settings.resetRecovery = .milliseconds(50)
        return settings
    }

    init(
        model: SensorModel, settings: DriverSettings? = nil, faults: EmulatorFaults = EmulatorFaults(),
        wireReset: Bool = false, onPathChange: @escaping @Sendable (String?) -> Void = { _ in }
    ) throws {
        let clock = SystemClock()
        link = NSTemporaryDirectory() + "breeze-\(model.rawValue)-\(UUID().uuidString)"
        let device = SensorEmulators.serialDevice(
            model, scenario: .steady(pm25: 17), timing: Self.fastTiming, faults: faults, start: clock.now)
        emulator = PseudoTerminalEmulator(device: device!, link: link, clock: clock, onPathChange: onPathChange)
        try emulator.start()
        let logger = Logger(label: "test", minimumLevel: .debug, sink: logs, format: .terminal, clock: clock)
        driver = try SensorDriver(
            model: model, link: .serial(SerialByteStream(path: link, baudRate: 9600)),
            settings: settings ?? Self.fastSettings(model),
            pins: wireReset ? SensorPins(reset: emulator.resetPin) : SensorPins(), clock: clock, logger: logger)
    }

    func start() {
        tasks.withLock { tasks in
            tasks.append(Task { [driver] in _ = try? await driver.run() })
            tasks.append(
                Task { [self] in
                    for await event in driver.events { self.collected.withLock { $0.append(event) } }
                })
        }
    }

    func stop() async {
        let running = tasks.withLock { $0 }
        running.first?.cancel()
        for task in running { await task.value }
        await emulator.stop()
    }

    var events: [SensorEvent] { collected.withLock { $0 } }
    var samples: [SensorSample] { events.compactMap { if case .sample(let sample) = $0 { sample } else { nil } } }
    var healthStates: [SensorHealth.State] {
        events.compactMap { if case .health(let health) = $0 { health.state } else { nil } }
    }

    /// Polls `condition` every 20 ms for up to `timeout` of real time.
    func wait(upTo timeout: Duration, _ condition: (PtyRig) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition(self)
    }
}
