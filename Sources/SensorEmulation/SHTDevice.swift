public import FoundationEssentials
public import Sensors

/// An emulated Sensirion SHT3x or SHT4x on I²C, as a pure state machine: a measurement command starts a
/// conversion, a read before it ends is NACKed (as with clock stretching off), the result can be read once,
/// then reads NACK until the next command. Also the SHT3x status register, the SHT4x serial number and soft
/// resets. Unknown commands are NACKed; ``EmulatorFaults/badChecksum`` corrupts CRC bytes; stalled, the chip
/// NACKs everything until powered up again.
public struct SHTDevice: ClimateDeviceModel {
    public let model: ClimateSensorModel
    public var conditions: ClimateScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// The SHT4x serial number (two words) reported.
    public var serialNumber: UInt32 = 0x0F1E_2D3C
    /// The SHT3x status register: after power-up, "alert pending" (bit 15) and "reset detected" (bit 4).
    public var status: UInt16 = 0x8010
    /// Commands received, as hex (for tests).
    public private(set) var commandsReceived: [String] = []

    private var pending: (ready: Date, reply: [UInt8])?
    private var injector: FaultInjector

    /// An SHT3x or SHT4x (`model` must be one of them; a BME280 here behaves as an SHT3x).
    public init(model: ClimateSensorModel, conditions: ClimateScenario = .room, faults: EmulatorFaults = EmulatorFaults()) {
        self.model = model == .sht4x ? .sht4x : .sht3x
        self.conditions = conditions
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
    }

    public mutating func powerOn(at now: Date) {
        pending = nil
        status = 0x8010
        faults.stalled = false
    }

    private var label: String { "emulated \(model.displayName)" }

    public mutating func write(_ bytes: [UInt8], at now: Date) throws(TransportError) {
        if faults.stalled { throw .noAcknowledge("\(label): hung") }
        commandsReceived.append(Hex.string(bytes))
        switch (model, bytes) {
        case (.sht3x, SensirionClimateCodec.sht3xMeasureHighRepeatability),
            (.sht4x, SensirionClimateCodec.sht4xMeasureHighPrecision):
            // Conversion times from the datasheets (maximum): SHT3x high repeatability 15.5 ms, SHT4x 8.3 ms.
            let time = model == .sht4x ? 0.0083 : 0.0155
            pending = (now.addingTimeInterval(time), measurement(at: now))
        case (.sht3x, SensirionClimateCodec.sht3xReadStatus):
            pending = (now, SensirionClimateCodec.reply([status]))
        case (.sht4x, SensirionClimateCodec.sht4xReadSerial):
            pending = (
                now.addingTimeInterval(0.001),
                SensirionClimateCodec.reply([UInt16(serialNumber >> 16), UInt16(serialNumber & 0xFFFF)])
            )
        case (.sht3x, SensirionClimateCodec.sht3xSoftReset), (.sht4x, SensirionClimateCodec.sht4xSoftReset):
            pending = nil
            status = 0x8010
        default:
            throw .noAcknowledge("\(label): unknown command \(Hex.string(bytes))")
        }
    }

    public mutating func read(count: Int, at now: Date) throws(TransportError) -> [UInt8] {
        if faults.stalled { throw .noAcknowledge("\(label): hung") }
        guard let pending else { throw .noAcknowledge("\(label): no command pending") }
        guard now >= pending.ready else { throw .noAcknowledge("\(label): measurement still running") }
        self.pending = nil
        var reply = Array((pending.reply + [UInt8](repeating: 0xFF, count: max(0, count))).prefix(count))
        if injector.roll(faults.badChecksum), reply.count >= 3 { reply[2] ^= 0x5A }
        return reply
    }

    private func measurement(at now: Date) -> [UInt8] {
        let (temperature, humidity, _) = conditions.conditions(at: now)
        return SensirionClimateCodec.reply([
            SensirionClimateCodec.rawTemperature(temperature),
            SensirionClimateCodec.rawHumidity(humidity, model: model),
        ])
    }
}
