import AirQuality
import CheckedConversions
import Clocks
public import FoundationEssentials
public import Sensors

/// An emulated Honeywell HPMA115S0/C0: measuring with auto-send at power-up (a 32-byte frame every second);
/// "read" answered with the variant's reply; start, stop and auto-send commands acknowledged with `A5 A5`;
/// frames with a bad checksum, and reads while stopped, refused with `96 96`.
public struct HoneywellDevice: SerialDeviceModel {
    public let model: SensorModel
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// How fast it talks.
    public var timing: EmulatorTiming
    /// Whether fan and laser run.
    public private(set) var measuring = true
    /// Whether it streams auto-send frames.
    public private(set) var autoSend = true
    /// The customer adjustment coefficient, %.
    public private(set) var coefficient: UInt8 = 100
    /// Host commands received.
    public private(set) var commandsReceived: [HoneywellCommand] = []

    private let variant: HoneywellVariant
    private var start: Date
    private var nextFrame: Date?
    private var decoder: FrameDecoder<HoneywellCodec>
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
        variant = model.honeywellVariant ?? .s0
        decoder = FrameDecoder(variant: variant)
        injector = FaultInjector(seed: faults.seed)
        self.start = start
        powerOn(at: start)
        // Power-up clears a hang; a device made hung stays hung.
        self.faults = faults
    }

    public mutating func powerOn(at now: Date) {
        measuring = true
        autoSend = true
        pending.clear()
        decoder.reset()
        faults.stalled = false
        nextFrame = now.adding(timing.frameInterval)
    }

    public mutating func receive(_ bytes: [UInt8], at now: Date) {
        decoder.append(bytes)
        while let event = decoder.next() {
            guard !faults.stalled else { continue }
            let replyAt = now.adding(timing.responseDelay)
            switch event {
            case .message(.command(let command)):
                commandsReceived.append(command)
                handle(command, replyAt: replyAt)
            case .error(let error) where error.kind == .checksum:
                pending.schedule([0x96, 0x96], at: replyAt)
            default:
                continue
            }
        }
    }

    private mutating func handle(_ command: HoneywellCommand, replyAt: Date) {
        let ack: [UInt8] = [0xA5, 0xA5]
        switch command {
        case .readMeasurement:
            guard measuring else { return pending.schedule([0x96, 0x96], at: replyAt) }
            let bytes = reading(at: replyAt).readReplyBytes(variant: variant)
            pending.schedule(injector.mangle(bytes, checksumIndex: bytes.count - 1, faults: faults), at: replyAt)
        case .startMeasurement:
            measuring = true
            nextFrame = replyAt.adding(timing.frameInterval)
            pending.schedule(ack, at: replyAt)
        case .stopMeasurement:
            measuring = false
            pending.schedule(ack, at: replyAt)
        case .enableAutoSend:
            autoSend = true
            nextFrame = replyAt.adding(timing.frameInterval)
            pending.schedule(ack, at: replyAt)
        case .disableAutoSend:
            autoSend = false
            pending.schedule(ack, at: replyAt)
        case .setAdjustmentCoefficient(let value):
            coefficient = value
            pending.schedule(ack, at: replyAt)
        case .readAdjustmentCoefficient:
            pending.schedule([0x40, 0x02, 0x10, coefficient, 0 &- (0x52 &+ coefficient)], at: replyAt)
        }
    }

    public mutating func output(at now: Date) -> [UInt8] {
        if faults.stalled {
            pending.clear()
            return []
        }
        var bytes = pending.takeDue(at: now)
        if measuring, autoSend, let due = nextFrame, due <= now {
            let frame = reading(at: now).autoSendBytes(variant: variant)
            bytes += injector.mangle(frame, checksumIndex: 31, faults: faults)
            nextFrame = max(due.adding(timing.frameInterval), now)
        }
        return bytes
    }

    public func nextDeadline(after now: Date) -> Date? {
        if faults.stalled { return nil }
        let stream = measuring && autoSend ? nextFrame : nil
        return [pending.nextDue, stream].compactMap { $0 }.min()
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {}

    private func reading(at now: Date) -> HoneywellReading {
        let air = scenario.air(at: now, start: start)
        let scale = Double(coefficient) / 100
        let value = { (number: Double) in Int(clampingRounded: number * scale) }
        return HoneywellReading(
            source: .readReply, pm1: variant == .c0 ? value(air.pm1) : nil, pm25: value(air.pm25),
            pm4: variant == .c0 ? value(air.pm4) : nil, pm10: value(air.pm10))
    }
}
