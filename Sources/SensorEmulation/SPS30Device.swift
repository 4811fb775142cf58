import AirQuality
import CheckedConversions
public import FoundationEssentials
public import Sensors

/// An emulated Sensirion SPS30 on I²C: idle after power-up; start/stop measurement, a new measurement every
/// second, data-ready, values in float or uint16 format, sleep and the two-step wake-up (firmware 2.x), fan
/// cleaning, status register, serial, product type, auto-clean interval and reset. Commands not allowed in
/// the current mode are NACKed; a read repeats the last command pointer (data-ready polling relies on it);
/// values before the first measurement are all zero, as a real sensor's are. Hung, it never has new data.
public struct SPS30Device: I2CDeviceModel {
    /// The SPS30's modes.
    public enum Mode: Sendable, Hashable {
        case idle, measuring, sleeping
    }

    public let model = SensorModel.sps30
    /// Where the concentrations come from.
    public var scenario: ConcentrationScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// The firmware reported.
    public var firmware = SPS30FirmwareVersion(major: 2, minor: 2)
    /// The serial number reported.
    public var serialNumber = "EMU5B2A7C9D41E3F"
    /// The status register.
    public var status = SPS30DeviceStatus(rawValue: 0)
    /// The mode now.
    public private(set) var mode = Mode.idle
    /// Commands received (for tests).
    public private(set) var commandsReceived: [SPS30Command] = []

    private var start: Date
    private var format = SPS30MeasurementFormat.float
    private var pointer: SPS30Command?
    private var measuringSince: Date?
    private var consumedMeasurement = -1
    private var autoCleaningInterval: UInt32 = 604_800
    private var wakeArmed = false
    private var injector: FaultInjector

    /// A device powered on at `start`.
    public init(scenario: ConcentrationScenario, faults: EmulatorFaults = EmulatorFaults(), start: Date) {
        self.scenario = scenario
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
        self.start = start
    }

    public mutating func powerOn(at now: Date) {
        mode = .idle
        pointer = nil
        measuringSince = nil
        wakeArmed = false
        faults.stalled = false
    }

    private func refuse(_ why: String) -> TransportError { .noAcknowledge("emulated SPS30 at 0x69: \(why)") }

    public mutating func write(_ bytes: [UInt8], at now: Date) throws(TransportError) {
        if mode == .sleeping {
            // Asleep, the interface is off: the first wake-up only switches it on (and is NACKed).
            guard bytes == SPS30Command.wakeUp.bytes else { throw refuse("asleep") }
            if !wakeArmed {
                wakeArmed = true
                throw refuse("waking the interface")
            }
            wakeArmed = false
            mode = .idle
            commandsReceived.append(.wakeUp)
            return
        }
        guard let command = SPS30Command(bytes: bytes) else { throw refuse("unknown command \(Hex.string(bytes))") }
        commandsReceived.append(command)
        switch command {
        case .startMeasurement(let requested):
            guard mode == .idle else { throw refuse("start while measuring") }
            mode = .measuring
            format = requested
            measuringSince = now
            consumedMeasurement = -1
        case .stopMeasurement:
            mode = .idle
            measuringSince = nil
        case .sleep:
            guard mode == .idle, firmware.hasSleepAndIntegerFormat else { throw refuse("sleep outside idle mode") }
            mode = .sleeping
        case .wakeUp:
            break
        case .startFanCleaning:
            guard mode == .measuring else { throw refuse("fan cleaning outside measurement mode") }
        case .writeAutoCleaningInterval(let seconds):
            autoCleaningInterval = seconds
        case .clearDeviceStatus:
            status = SPS30DeviceStatus(rawValue: 0)
        case .reset:
            powerOn(at: now)
            return
        case .readDataReady, .readMeasuredValues, .readAutoCleaningInterval, .readProductType, .readSerialNumber,
            .readFirmwareVersion, .readDeviceStatus:
            break
        }
        pointer = command
    }

    /// The index of the newest finished measurement (one per second from 1 s after the start), or -1.
    private func newestMeasurement(at now: Date) -> Int {
        guard mode == .measuring, let since = measuringSince, !faults.stalled else { return -1 }
        return Int(flooringTime: now.timeIntervalSince(since)) - 1
    }

    public mutating func read(count: Int, at now: Date) throws(TransportError) -> [UInt8] {
        guard mode != .sleeping else { throw refuse("asleep") }
        guard let pointer else { throw refuse("read without a command") }
        var reply: [UInt8]
        switch pointer {
        case .readDataReady:
            let ready = newestMeasurement(at: now) > consumedMeasurement
            reply = SensirionWords.encode([ready ? 1 : 0])
        case .readMeasuredValues:
            let newest = newestMeasurement(at: now)
            if newest >= 0 {
                consumedMeasurement = newest
                let time = (measuringSince ?? now).addingTimeInterval(Double(newest + 1))
                let air = scenario.air(at: time, start: start)
                let numbers = [
                    air.pm1, air.pm25, air.pm4, air.pm10, Double(air.counts[1]) / 100 * 1.2,
                    Double(air.counts[2]) / 100 * 2,
                    Double(air.counts[3]) / 100 * 2.4, Double(air.counts[4]) / 100 * 2.5,
                    Double(air.counts[5]) / 100 * 2.5,
                    0.6,
                ]
                reply = SPS30Measurement(values: numbers).reply(format: format)
            } else {
                reply = SensirionWords.encode([UInt16](repeating: 0, count: format.replyLength / 3))
            }
        case .readFirmwareVersion: reply = firmware.reply
        case .readDeviceStatus: reply = status.reply
        case .readProductType: reply = SPS30Replies.stringReply("00080000", length: 12)
        case .readSerialNumber: reply = SPS30Replies.stringReply(serialNumber, length: 48)
        case .readAutoCleaningInterval:
            reply = SensirionWords.encode([UInt16(autoCleaningInterval >> 16), UInt16(autoCleaningInterval & 0xFFFF)])
        default:
            throw refuse("command \(Hex.word(pointer.pointer)) returns nothing")
        }
        if injector.roll(faults.badChecksum), !reply.isEmpty { reply[2] ^= 0x3C }
        // The bus clocks out as many bytes as the host asks for; past the data the sensor sends 0xFF.
        return Array((reply + [UInt8](repeating: 0xFF, count: max(0, count - reply.count))).prefix(count))
    }

    public mutating func reset(at now: Date) {
        powerOn(at: now)
    }

    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {}
}
