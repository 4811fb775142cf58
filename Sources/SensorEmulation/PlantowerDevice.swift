import AirQuality
import CheckedConversions
import Clocks
public import FoundationEssentials
public import Sensors

/// An emulated Plantower UART sensor (PMS5003 family, PMS5003T/S/ST, PMS3003). Power-up in active mode;
/// passive mode answers only "read"; acknowledges mode and sleep commands; ignores everything but wake-up
/// while asleep (a conservative reading of the reports); wakes into active mode; all-zero frames while the
/// fan spins up. The PMS3003 takes no commands at all.
public struct PlantowerDevice: SerialDeviceModel {
    public let model: SensorModel
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// How fast it talks.
    public var timing: EmulatorTiming

    /// The reporting mode.
    public private(set) var mode: PlantowerMode = .active
    /// Whether it sleeps (command or SET pin).
    public private(set) var asleep = false
    /// Host commands received (for tests and the log).
    public private(set) var commandsReceived: [PlantowerCommand] = []

    private let variant: PlantowerVariant
    private var start: Date
    private var awakeSince: Date
    private var nextFrame: Date?
    private var lastPM25: Double?
    private var decoder: FrameDecoder<PlantowerCodec>
    private var pending = ScheduledOutput()
    private var injector: FaultInjector

    /// A device powered on at `start`.
    public init(
        model: SensorModel, scenario: ConcentrationScenario, timing: EmulatorTiming? = nil,
        faults: EmulatorFaults = EmulatorFaults(), start: Date
    ) {
        self.model = model
        self.scenario = scenario
        self.timing = timing ?? .real(model)
        self.faults = faults
        variant = model.plantowerVariant ?? .standard
        decoder = FrameDecoder(variant: variant)
        injector = FaultInjector(seed: faults.seed)
        self.start = start
        awakeSince = start
        powerOn(at: start)
        // Power-up clears a hang; a device made hung stays hung.
        self.faults = faults
    }

    public mutating func powerOn(at now: Date) {
        mode = .active
        asleep = false
        awakeSince = now
        nextFrame = now.adding(timing.frameInterval)
        pending.clear()
        decoder.reset()
        faults.stalled = false
    }

    public mutating func receive(_ bytes: [UInt8], at now: Date) {
        decoder.append(bytes)
        while let event = decoder.next() {
            guard case .message(.command(let command)) = event else { continue }
            guard !faults.stalled, model.acceptsCommands else { continue }
            commandsReceived.append(command)
            handle(command, at: now)
        }
    }

    private mutating func handle(_ command: PlantowerCommand, at now: Date) {
        let replyAt = now.adding(timing.responseDelay)
        if asleep {
            if command == .wake { wake(at: now, into: .active) }
            return
        }
        switch command {
        case .readPassive:
            if mode == .passive { pending.schedule(frame(at: replyAt), at: replyAt) }
        case .setMode(let newMode):
            mode = newMode
            if let ack = command.acknowledgement { pending.schedule(ack.bytes, at: replyAt) }
            nextFrame = newMode == .active ? replyAt.adding(timing.frameInterval) : nil
        case .sleep:
            if let ack = command.acknowledgement { pending.schedule(ack.bytes, at: replyAt) }
            asleep = true
            nextFrame = nil
        case .wake, .other:
            break
        }
    }

    private mutating func wake(at now: Date, into newMode: PlantowerMode) {
        asleep = false
        awakeSince = now
        mode = newMode
        nextFrame = newMode == .active ? now.adding(timing.frameInterval) : nil
    }

    public mutating func output(at now: Date) -> [UInt8] {
        if faults.stalled {
            pending.clear()
            return []
        }
        var bytes = pending.takeDue(at: now)
        if !asleep, mode == .active, let due = nextFrame, due <= now {
            let air = scenario.air(at: now, start: start)
            let changing = lastPM25.map { abs($0 - air.pm25) > 5 } ?? false
            bytes += frame(at: now)
            // "Fast" mode while the concentration changes quickly, "stable" otherwise.
            let interval = changing ? timing.frameInterval * 35 / 100 : timing.frameInterval
            nextFrame = max(due.adding(interval), now)
        }
        return bytes
    }

    public func nextDeadline(after now: Date) -> Date? {
        if faults.stalled { return nil }
        let stream = !asleep && mode == .active ? nextFrame : nil
        return [pending.nextDue, stream].compactMap { $0 }.min()
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {
        if asleep {
            self.asleep = true
            nextFrame = nil
        } else if self.asleep {
            wake(at: now, into: mode)
        }
    }

    /// The data frame the sensor sends at `now`, faults applied.
    private mutating func frame(at now: Date) -> [UInt8] {
        let frame: PlantowerFrame
        if now.timeIntervalSince(awakeSince) < timing.zeroFrameWindow.timeInterval {
            frame = PlantowerFrame(allZero: variant)
        } else {
            let air = scenario.air(at: now, start: start)
            lastPM25 = air.pm25
            let value = { (number: Double) in Int(clampingRounded: number) }
            frame = PlantowerFrame.make(
                variant: variant, pm1CF1: value(air.pm1), pm25CF1: value(air.pm25CF1), pm10CF1: value(air.pm10 * 1.1),
                pm1: value(air.pm1), pm25: value(air.pm25), pm10: value(air.pm10), counts: air.counts,
                temperature: air.temperature, relativeHumidity: air.relativeHumidity,
                formaldehyde: value(air.formaldehyde))
        }
        return injector.mangle(frame.bytes, checksumIndex: frame.bytes.count - 1, faults: faults)
    }
}
