public import Clocks
public import JSON

/// A temperature/humidity sensor found on an I²C bus, and how we know.
public struct ClimateProbeResult: Sendable, Hashable {
    /// The model identified.
    public let model: ClimateSensorModel
    /// The 7-bit address it answered at.
    public let address: UInt8
    /// What identified it, in words.
    public let evidence: String
    /// What was read (chip id, serial number, status).
    public let details: [String: String]

    /// `{"sensor", "kind": "climate", "name", "bus", ...location, "address", "evidence", ...details}`.
    public func json(location: [(key: String, value: JSONValue)]) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("sensor", .string(model.rawValue)), ("kind", "climate"), ("name", .string(model.displayName)),
            ("bus", "i2c"),
        ]
        pairs += location
        pairs += [("address", .string(Hex.byte(address))), ("evidence", .string(evidence))]
        for key in details.keys.sorted() { pairs.append((key, .string(details[key] ?? ""))) }
        return .object(pairs)
    }
}

/// Finds temperature/humidity sensors on a bus with harmless identification reads only: a BME280 by its chip
/// id (register 0xD0 = 0x60) at 0x76/0x77; at 0x44/0x45 (0x46 for SHT4x only) an SHT4x by its serial number
/// (0x89), else an SHT3x by its status register (0xF32D). Every reply's CRC must hold, so a chip that NACKs
/// the command or answers garbage is not taken for one of them.
public enum ClimateProbe {
    /// Every climate sensor that answers; `device` gives the device at an address.
    public static func probe(device: (UInt8) -> any I2CDevice, clock: any StationClock) async -> [ClimateProbeResult] {
        var found: [ClimateProbeResult] = []
        for address in ClimateSensorModel.bme280.i2cAddresses {
            let chip = device(address)
            guard (try? await chip.open()) != nil else { continue }
            if (try? await chip.write([BME280Codec.chipIDRegister])) != nil,
                let id = try? await chip.read(count: 1), id == [BME280Codec.chipID]
            {
                found.append(
                    ClimateProbeResult(
                        model: .bme280, address: address, evidence: "chip id 0x60 at register 0xD0",
                        details: ["chip_id": "0x60"]))
            }
            await chip.close()
        }
        for address in ClimateSensorModel.sht4x.i2cAddresses {
            let chip = device(address)
            guard (try? await chip.open()) != nil else { continue }
            if let serial = await read(chip, SensirionClimateCodec.sht4xReadSerial, words: 2, clock: clock) {
                let text = Hex.word(serial[0]) + Hex.word(serial[1]).dropFirst(2)
                found.append(
                    ClimateProbeResult(
                        model: .sht4x, address: address, evidence: "serial number read with 0x89, CRCs valid",
                        details: ["serial": text]))
            } else if address != 0x46,
                let status = await read(chip, SensirionClimateCodec.sht3xReadStatus, words: 1, clock: clock)
            {
                found.append(
                    ClimateProbeResult(
                        model: .sht3x, address: address, evidence: "status register read with 0xF32D, CRC valid",
                        details: ["status": Hex.word(status[0])]))
            }
            await chip.close()
        }
        return found
    }

    private static func read(_ chip: any I2CDevice, _ command: [UInt8], words: Int, clock: any StationClock) async
        -> [UInt16]?
    {
        guard (try? await chip.write(command)) != nil else { return nil }
        try? await clock.sleep(for: .milliseconds(2))
        guard let reply = try? await chip.read(count: 3 * words) else { return nil }
        return try? SensirionClimateCodec.words(reply, count: words, what: "probe")
    }
}
