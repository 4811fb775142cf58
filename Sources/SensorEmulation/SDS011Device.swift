import AirQuality
import CheckedConversions
import Clocks
public import FoundationEssentials
public import Sensors

/// An emulated Nova Fitness SDS011: active reporting every second (or every working period), query mode,
/// sleep and work, device ID, firmware date; replies after a delay, interleaved with data in active mode.
/// While asleep it ignores every command but "work". Reporting mode, working period and ID persist across
/// power cycles, as in the real sensor's flash.
public struct SDS011Device: SerialDeviceModel {
    public let model = SensorModel.sds011
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// How fast it talks.
    public var timing: EmulatorTiming
    /// Reporting mode (persists).
    public private(set) var reportingMode: SDS011ReportingMode = .active
    /// Working period in minutes, 0 = continuous (persists).
    public private(set) var workingPeriod: UInt8 = 0
    /// The ID (persists).
    public private(set) var deviceID = SDS011DeviceID(0x58, 0xD9)
    /// Firmware date (year, month, day).
    public let firmware: [UInt8] = [16, 11, 21]
    /// Whether fan and laser run.
    public private(set) var working = true
    /// Host commands received.
    public private(set) var commandsReceived: [SDS011Command] = []

    private var start: Date
    private var nextFrame: Date?
    private var decoder = FrameDecoder(codec: SDS011Codec())
    private var pending = ScheduledOutput()
    private var injector: FaultInjector

    /// A device powered on at `start`.
    public init(
        scenario: ConcentrationScenario, timing: EmulatorTiming? = nil, faults: EmulatorFaults = EmulatorFaults(),
        start: Date
    ) {
        self.scenario = scenario
        self.timing = timing ?? .real(.sds011)
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
        self.start = start
        powerOn(at: start)
        // Power-up clears a hang; a device made hung stays hung.
        self.faults = faults
    }

    private var reportInterval: Duration {
        workingPeriod == 0 ? timing.frameInterval : .seconds(60 * Int(workingPeriod))
    }

    public mutating func powerOn(at now: Date) {
        working = true
        pending.clear()
        decoder.reset()
        faults.stalled = false
        nextFrame = now.adding(reportInterval)
    }

    public mutating func receive(_ bytes: [UInt8], at now: Date) {
        decoder.append(bytes)
        while let event = decoder.next() {
            guard case .message(.command(let request)) = event, !faults.stalled else { continue }
            guard request.target == .broadcast || request.target == deviceID else { continue }
            commandsReceived.append(request.command)
            handle(request.command, at: now)
        }
    }

    private mutating func reply(_ subcommand: UInt8, _ values: [UInt8], at now: Date) {
        let bytes = SDS011Reply(subcommand: subcommand, values: values, deviceID: deviceID).bytes
        pending.schedule(injector.mangle(bytes, checksumIndex: 8, faults: faults), at: now.adding(timing.responseDelay))
    }

    private mutating func handle(_ command: SDS011Command, at now: Date) {
        if !working {
            guard command == .setWorkState(.work) else { return }
        }
        switch command {
        case .queryReportingMode: reply(0x02, [0, reportingMode.rawValue, 0], at: now)
        case .setReportingMode(let mode):
            reportingMode = mode
            reply(0x02, [1, mode.rawValue, 0], at: now)
            nextFrame = mode == .active ? now.adding(reportInterval) : nil
        case .queryData:
            let due = now.adding(timing.responseDelay)
            pending.schedule(dataFrame(at: due), at: due)
        case .setDeviceID(let id):
            deviceID = id
            reply(0x05, [0, 0, 0], at: now)
        case .queryWorkState: reply(0x06, [0, working ? 1 : 0, 0], at: now)
        case .setWorkState(let state):
            working = state == .work
            reply(0x06, [1, state.rawValue, 0], at: now)
            nextFrame = working && reportingMode == .active ? now.adding(reportInterval) : nil
        case .queryFirmware: reply(0x07, firmware, at: now)
        case .queryWorkingPeriod: reply(0x08, [0, workingPeriod, 0], at: now)
        case .setWorkingPeriod(let minutes):
            workingPeriod = min(minutes, 30)
            reply(0x08, [1, workingPeriod, 0], at: now)
        case .other:
            break
        }
    }

    public mutating func output(at now: Date) -> [UInt8] {
        if faults.stalled {
            pending.clear()
            return []
        }
        var bytes = pending.takeDue(at: now)
        if working, reportingMode == .active, let due = nextFrame, due <= now {
            bytes += dataFrame(at: now)
            nextFrame = max(due.adding(reportInterval), now)
        }
        return bytes
    }

    public func nextDeadline(after now: Date) -> Date? {
        if faults.stalled { return nil }
        let stream = working && reportingMode == .active ? nextFrame : nil
        return [pending.nextDue, stream].compactMap { $0 }.min()
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {}

    private mutating func dataFrame(at now: Date) -> [UInt8] {
        let air = scenario.air(at: now, start: start)
        let tenths = { (value: Double) in UInt16(clampingRounded: min(value, 999.9) * 10) }
        let reading = SDS011Reading(pm25Tenths: tenths(air.pm25), pm10Tenths: tenths(air.pm10), deviceID: deviceID)
        return injector.mangle(reading.bytes, checksumIndex: 8, faults: faults)
    }
}
