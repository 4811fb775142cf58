import CheckedConversions
public import Measurements

/// The SPS30's measured values. Values are cumulative (PM2.5 includes PM1.0).
public struct SPS30Measurement: Sendable, Hashable {
    /// Mass concentration PM1.0, µg/m³.
    public var mc1p0: Double
    /// Mass concentration PM2.5, µg/m³.
    public var mc2p5: Double
    /// Mass concentration PM4.0, µg/m³.
    public var mc4p0: Double
    /// Mass concentration PM10, µg/m³.
    public var mc10p0: Double
    /// Number concentration PM0.5, particles per cm³.
    public var nc0p5: Double
    /// Number concentration PM1.0, particles per cm³.
    public var nc1p0: Double
    /// Number concentration PM2.5, particles per cm³.
    public var nc2p5: Double
    /// Number concentration PM4.0, particles per cm³.
    public var nc4p0: Double
    /// Number concentration PM10, particles per cm³.
    public var nc10p0: Double
    /// Typical particle size, µm.
    public var typicalParticleSize: Double

    /// Values in the reply's order: four mass, five number concentrations, typical size (µm).
    public init(values: [Double]) {
        let values = values + [Double](repeating: 0, count: max(0, 10 - values.count))
        mc1p0 = values[0]
        mc2p5 = values[1]
        mc4p0 = values[2]
        mc10p0 = values[3]
        nc0p5 = values[4]
        nc1p0 = values[5]
        nc2p5 = values[6]
        nc4p0 = values[7]
        nc10p0 = values[8]
        typicalParticleSize = values[9]
    }

    /// The ten values in reply order (size in µm).
    public var values: [Double] {
        [mc1p0, mc2p5, mc4p0, mc10p0, nc0p5, nc1p0, nc2p5, nc4p0, nc10p0, typicalParticleSize]
    }

    /// Decodes a read-measured-values reply (60 bytes float, 30 bytes uint16), every CRC checked.
    public static func decode(
        _ reply: some Collection<UInt8>, format: SPS30MeasurementFormat
    ) throws(SensirionWordError) -> SPS30Measurement {
        guard reply.count == format.replyLength else { throw .length(reply.count) }
        let words = try SensirionWords.decode(reply)
        switch format {
        case .float:
            return SPS30Measurement(values: SensirionWords.floats(words).map(Double.init))
        case .integer:
            var values = words.map(Double.init)
            values[9] /= 1000  // typical size is sent in nm
            return SPS30Measurement(values: values)
        }
    }

    /// Decodes the 40 data bytes of a UART (SHDLC) read-measured-values answer: ten big-endian floats, no CRC.
    public static func decode(shdlcData data: [UInt8]) -> SPS30Measurement? {
        guard data.count == 40 else { return nil }
        var floats: [Float] = []
        for index in stride(from: 0, to: 40, by: 4) {
            var bits: UInt32 = 0
            for byte in data[index..<(index + 4)] { bits = bits << 8 | UInt32(byte) }
            floats.append(Float(bitPattern: bits))
        }
        return SPS30Measurement(values: floats.map(Double.init))
    }

    /// The reply a sensor sends for these values in `format` (emulators, tests).
    public func reply(format: SPS30MeasurementFormat) -> [UInt8] {
        switch format {
        case .float:
            return SensirionWords.encode(SensirionWords.words(values.map { Float($0) }))
        case .integer:
            var values = self.values
            values[9] *= 1000
            return SensirionWords.encode(values.map { UInt16(clampingRounded: $0.isFinite ? $0 : 0) })
        }
    }

    /// The values for the station.
    public var measurement: ParticulateMeasurement {
        ParticulateMeasurement(pm1: mc1p0, pm25: mc2p5, pm4: mc4p0, pm10: mc10p0)
    }

    /// The verdict of ``PlausibilityRules``. All zero is what an SPS30 returns before a measurement has started
    /// (or while the first one is not ready); -0.0, seen from real sensors, counts as zero.
    public var plausibility: PlausibilityVerdict {
        if values.allSatisfy({ $0 == 0 }) {
            return .warmingUp("all-zero values: the measurement has not started or is not ready")
        }
        let mass: [(name: String, value: Double)] = [
            ("PM1.0", mc1p0), ("PM2.5", mc2p5), ("PM4.0", mc4p0), ("PM10", mc10p0),
        ]
        for (name, value) in mass where value == 65535 {
            return .implausible("\(name) holds the 0xFFFF sentinel")
        }
        if let verdict = PlausibilityRules.checkMass(mass) { return verdict }
        if let verdict = PlausibilityRules.checkOrder(mass) { return verdict }
        for value in values where !value.isFinite || value < 0 {
            return .implausible("a number concentration or the typical size is \(value)")
        }
        return .plausible
    }
}
