public import FoundationEssentials
public import Sensors

/// An emulated Bosch BME280 on I²C, as a pure register file: a one-byte write sets the register pointer, a
/// longer write is (register, value) pairs, a read returns registers from the pointer on (auto-increment).
/// Chip id 0x60 at 0xD0, calibration at 0x88-0xA1 and 0xE1-0xE7, soft reset (0xB6 to 0xE0). Writing a forced
/// mode into ctrl_meas (0xF4) starts one conversion: `measuring` (status bit 3) for 10 ms, then the data
/// registers 0xF7-0xFE hold raw ADC values that compensate, with the calibration, to the scenario's conditions,
/// and the mode returns to sleep. Before any conversion the data registers hold their reset values (0x80000).
/// ``EmulatorFaults/badChecksum`` flips a bit of a data read (the BME280 has no CRC; a corrupted burst shows up
/// as an implausible value); stalled, the chip NACKs everything.
public struct BME280Device: ClimateDeviceModel {
    public let model = ClimateSensorModel.bme280
    public var conditions: ClimateScenario
    public var faults: EmulatorFaults {
        didSet { if faults.seed != oldValue.seed { injector = FaultInjector(seed: faults.seed) } }
    }
    /// The chip id answered at 0xD0 (a test sets 0x58 to emulate a BMP280).
    public var chipID = BME280Codec.chipID
    /// The factory calibration: the BMP280 datasheet's T/P example with humidity values from a real BME280.
    public let calibration = BME280Calibration(
        t1: 27504, t2: 26435, t3: -1000, p1: 36477, p2: -10685, p3: 3024, p4: 2855, p5: 140, p6: -7, p7: 15500,
        p8: -14600, p9: 6000, h1: 75, h2: 362, h3: 0, h4: 313, h5: 50, h6: 30)
    /// Conversions started (for tests).
    public private(set) var conversions = 0

    private var registers = [UInt8](repeating: 0, count: 256)
    private var pointer: UInt8 = 0
    private var conversionEnds: Date?
    private var injector: FaultInjector

    /// A BME280 powered on.
    public init(conditions: ClimateScenario = .room, faults: EmulatorFaults = EmulatorFaults()) {
        self.conditions = conditions
        self.faults = faults
        injector = FaultInjector(seed: faults.seed)
        loadResetValues()
    }

    public mutating func powerOn(at now: Date) {
        loadResetValues()
        faults.stalled = false
    }

    private mutating func loadResetValues() {
        registers = [UInt8](repeating: 0, count: 256)
        let blocks = calibration.registerBlocks
        for (index, byte) in blocks.first.enumerated() { registers[0x88 + index] = byte }
        for (index, byte) in blocks.second.enumerated() { registers[0xE1 + index] = byte }
        registers[Int(BME280Codec.chipIDRegister)] = chipID
        for (index, byte) in [0x80, 0, 0, 0x80, 0, 0, 0x80, 0].enumerated() { registers[0xF7 + index] = UInt8(byte) }
        conversionEnds = nil
        pointer = 0
    }

    public mutating func write(_ bytes: [UInt8], at now: Date) throws(TransportError) {
        if faults.stalled { throw .noAcknowledge("emulated BME280: hung") }
        finishConversion(at: now)
        guard let first = bytes.first else { return }
        pointer = first
        guard bytes.count > 1 else { return }
        guard bytes.count % 2 == 0 else {
            throw .noAcknowledge("emulated BME280: a write is register/value pairs (\(bytes.count) bytes)")
        }
        for pair in stride(from: 0, to: bytes.count, by: 2) {
            let register = bytes[pair], value = bytes[pair + 1]
            switch register {
            case 0xE0 where value == 0xB6: loadResetValues()
            case 0xF2: registers[0xF2] = value & 0x07
            case 0xF5: registers[0xF5] = value
            case 0xF4:
                registers[0xF4] = value
                if value & 0x03 == 0x01 || value & 0x03 == 0x02 {
                    conversionEnds = now.addingTimeInterval(0.010)
                    conversions += 1
                }
            default: break  // read-only registers ignore writes, as on the chip
            }
        }
    }

    public mutating func read(count: Int, at now: Date) throws(TransportError) -> [UInt8] {
        if faults.stalled { throw .noAcknowledge("emulated BME280: hung") }
        finishConversion(at: now)
        var bytes: [UInt8] = []
        for offset in 0..<max(0, count) { bytes.append(registers[(Int(pointer) + offset) & 0xFF]) }
        if pointer == 0xF7, injector.roll(faults.badChecksum),
            bytes.count >= 4
        {
            bytes[3] ^= 0x40
        }
        return bytes
    }

    /// Ends a conversion whose time is up: data registers loaded, status clear, back to sleep mode.
    private mutating func finishConversion(at now: Date) {
        guard let ends = conversionEnds else {
            registers[0xF3] = 0
            return
        }
        guard now >= ends else {
            registers[0xF3] = 0x08
            return
        }
        conversionEnds = nil
        registers[0xF3] = 0
        registers[0xF4] &= 0xFC
        let (temperature, humidity, pressure) = conditions.conditions(at: ends)
        let (adcT, adcP, adcH) = Self.rawValues(
            temperature: temperature, humidity: humidity, pressure: pressure, calibration: calibration)
        let data: [UInt8] = [
            UInt8(adcP >> 12), UInt8((adcP >> 4) & 0xFF), UInt8((adcP & 0x0F) << 4),
            UInt8(adcT >> 12), UInt8((adcT >> 4) & 0xFF), UInt8((adcT & 0x0F) << 4),
            UInt8(adcH >> 8), UInt8(adcH & 0xFF),
        ]
        for (index, byte) in data.enumerated() { registers[0xF7 + index] = byte }
    }

    /// The raw ADC values that compensate to the given conditions, found by bisection: each compensated value
    /// is monotonic in its ADC value (temperature and humidity rise with it, pressure falls).
    static func rawValues(temperature: Double, humidity: Double, pressure: Double, calibration c: BME280Calibration)
        -> (temperature: Int32, pressure: Int32, humidity: Int32)
    {
        func bisect(_ range: ClosedRange<Int32>, rising: Bool, _ value: (Int32) -> Double, target: Double) -> Int32 {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let mid = low + (high - low) / 2
                if (value(mid) < target) == rising { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let adcT = bisect(0...0xFFFFF, rising: true, { Double(BME280Compensation.temperature(adc: $0, c).centiCelsius) / 100 },
            target: temperature)
        let tFine = BME280Compensation.temperature(adc: adcT, c).tFine
        let adcP = bisect(0...0xFFFFF, rising: false, {
            Double(BME280Compensation.pressureQ24_8(adc: $0, tFine: tFine, c) ?? 0) / 256
        }, target: pressure)
        let adcH = bisect(0...0xFFFF, rising: true, {
            Double(BME280Compensation.humidityQ22_10(adc: $0, tFine: tFine, c)) / 1024
        }, target: humidity)
        return (adcT, adcP, adcH)
    }
}
