import AirQuality
import CheckedConversions
import Clocks
public import FoundationEssentials
public import Sensors

/// An emulated Plantower PMSA003I on I²C: any read returns the current 32-byte frame (updated every second,
/// all-zero while the fan spins up); writes are accepted and ignored; asleep (SET pin) or hung, it NACKs.
public struct PMSA003IDevice: I2CDeviceModel {
    public let model = SensorModel.pmsa003i
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// How long frames are all-zero after power-up or wake.
    public var zeroFrameWindow: Duration
    /// Reads served.
    public private(set) var reads = 0

    private var start: Date
    private var awakeSince: Date
    private var asleep = false
    private var injector: FaultInjector

    /// A device powered on at `start`.
    public init(
        scenario: ConcentrationScenario, zeroFrameWindow: Duration = .seconds(3),
        faults: EmulatorFaults = EmulatorFaults(),
        start: Date
    ) {
        self.scenario = scenario
        self.zeroFrameWindow = zeroFrameWindow
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
        self.start = start
        awakeSince = start
    }

    public mutating func powerOn(at now: Date) {
        awakeSince = now
        asleep = false
        faults.stalled = false
    }

    public mutating func write(_ bytes: [UInt8], at now: Date) throws(TransportError) {
        if asleep || faults.stalled { throw .noAcknowledge("emulated PMSA003I at 0x12") }
    }

    public mutating func read(count: Int, at now: Date) throws(TransportError) -> [UInt8] {
        if asleep || faults.stalled { throw .noAcknowledge("emulated PMSA003I at 0x12") }
        reads += 1
        let frame: PlantowerFrame
        if now.timeIntervalSince(awakeSince) < zeroFrameWindow.timeInterval {
            frame = PlantowerFrame(allZero: .standard)
        } else {
            // The sensor updates once a second: the frame is that of the current second.
            let second = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let air = scenario.air(at: second, start: start)
            let value = { (number: Double) in Int(clampingRounded: number) }
            frame = PlantowerFrame.make(
                variant: .standard, pm1CF1: value(air.pm1), pm25CF1: value(air.pm25CF1), pm10CF1: value(air.pm10 * 1.1),
                pm1: value(air.pm1), pm25: value(air.pm25), pm10: value(air.pm10), counts: air.counts)
        }
        var bytes = frame.bytes
        if injector.roll(faults.badChecksum) { bytes[31] ^= 0x5A }
        return Array((bytes + [UInt8](repeating: 0, count: max(0, count - bytes.count))).prefix(count))
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {
        if self.asleep, !asleep { awakeSince = now }
        self.asleep = asleep
    }
}
