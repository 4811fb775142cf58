import Clocks
public import FoundationEssentials
public import Sensors

/// An emulated Cubic PM1006 as seen on a Vindriktning's line: a 20-byte frame every ``EmulatorTiming/frameInterval``
/// (the cadence of the Vindriktning controller's requests), PM2.5 from the scenario, PM10 (DF11-DF12) and the
/// DF7-DF8 word laid out as in the published captures. Bytes from the host are ignored, as the station never
/// talks on that line. Faults: garbage before a frame, a bad checksum, a torn frame, a hang (silence).
public struct PM1006Device: SerialDeviceModel {
    public let model = SensorModel.pm1006
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// How fast it talks.
    public var timing: EmulatorTiming
    /// Bytes received from the host (a real station sends none).
    public private(set) var bytesReceived = 0

    private var start: Date
    private var nextFrame: Date?
    private var injector: FaultInjector

    /// A device powered on at `start`.
    public init(
        scenario: ConcentrationScenario, timing: EmulatorTiming? = nil, faults: EmulatorFaults = EmulatorFaults(),
        start: Date
    ) {
        self.scenario = scenario
        self.timing = timing ?? .real(.pm1006)
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
        self.start = start
        powerOn(at: start)
        // Power-up clears a hang; a device made hung stays hung.
        self.faults = faults
    }

    public mutating func powerOn(at now: Date) {
        faults.stalled = false
        nextFrame = now.adding(timing.frameInterval)
    }

    public mutating func receive(_ bytes: [UInt8], at now: Date) {
        bytesReceived += bytes.count
    }

    public mutating func output(at now: Date) -> [UInt8] {
        guard !faults.stalled, let due = nextFrame, due <= now else { return [] }
        nextFrame = max(due.adding(timing.frameInterval), now)
        let air = scenario.air(at: now, start: start)
        let clamp = { (value: Double) in UInt16(min(1000, max(0, value.rounded()))) }
        let frame = PM1006Reading(pm25: clamp(air.pm25), pm10: clamp(air.pm10)).bytes
        return injector.mangle(frame, checksumIndex: 19, faults: faults)
    }

    public func nextDeadline(after now: Date) -> Date? {
        faults.stalled ? nil : nextFrame
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {}
}
