import Clocks
import JSON
import LinuxIO
import Sensors

/// `breeze-station probe`: which supported sensor answers on a serial port or an I²C bus.
enum ProbeCommand: Subcommand {
    static let name = "probe"
    static let summary = "Identify the particulate sensor on a serial port or I²C bus"
    static let help = """
        Usage: breeze-station probe --serial PATH | --i2c-bus N

        Finds which supported sensor answers, without changing any setting the sensor stores: on a serial port
        (9600 8N1) it listens for 2.5 s, then sends the Honeywell read command, the SDS011 reporting-mode query
        and the Plantower passive read, 1.5 s each; on /dev/i2c-N it asks address 0x69 for the SPS30 product type
        and reads a frame at 0x12 (PMSA003I).

        Prints one JSON object: sensor (the model name to configure), family, name, bus, where it was found,
        evidence, and what else was read (firmware, device_id, serial, mode). 32-byte Plantower frames are
        reported as pms5003: the PMS5003, PMS7003, PMSA003, PMS5003T and PMS5003S share that frame.
        Exits 1 with a message when nothing answers or the device cannot be opened, 2 on bad arguments.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let serial = try arguments.option("--serial")
        let busText = try arguments.option("--i2c-bus")
        try arguments.finish()
        let clock = SystemClock()
        switch (serial, busText) {
        case (let path?, nil):
            return try await probeSerial(path, clock: clock)
        case (nil, let text?):
            guard let bus = Int(text), (0...255).contains(bus) else {
                throw UsageError("--i2c-bus must be a bus number from 0 to 255, not '\(text)'")
            }
            return try await probeI2C(bus, clock: clock)
        case (nil, nil):
            throw UsageError("give --serial PATH or --i2c-bus N")
        case (.some, .some):
            throw UsageError("give either --serial or --i2c-bus, not both")
        }
    }

    private static func probeSerial(_ path: String, clock: SystemClock) async throws -> Int32 {
        let stream = SerialByteStream(path: path, baudRate: 9600)
        do {
            try await stream.open()
        } catch {
            throw CommandFailure("cannot open \(path): \(error)")
        }
        let result: ProbeResult?
        do {
            result = try await SensorProbe.probeSerial(stream, clock: clock)
        } catch {
            await stream.close()
            throw CommandFailure("\(path): \(error)")
        }
        await stream.close()
        guard let result else {
            throw CommandFailure(
                "no supported sensor answered on \(path) (9600 baud; tried Plantower, SDS011 and Honeywell)")
        }
        Output.line(result.json(location: [("path", .string(path)), ("baud", 9600)]).serialized())
        return ExitStatus.success
    }

    private static func probeI2C(_ bus: Int, clock: SystemClock) async throws -> Int32 {
        do {
            try await I2CBusDevice(bus: bus, address: 0x69).open()
        } catch {
            if case .notFound = error {
                throw CommandFailure(
                    "cannot open /dev/i2c-\(bus): no such bus (is I²C enabled? dtparam=i2c_arm=on, i2c-dev)")
            }
            if case .busy = error {
                // A kernel driver owns 0x69 (the sps30 IIO driver): still try 0x12 below.
            } else {
                throw CommandFailure("cannot open /dev/i2c-\(bus): \(error)")
            }
        }
        let result = await SensorProbe.probeI2C(device: { I2CBusDevice(bus: bus, address: $0) }, clock: clock)
        guard let result else {
            throw CommandFailure(
                "no supported sensor answered on /dev/i2c-\(bus) (tried SPS30 at 0x69, PMSA003I at 0x12)")
        }
        Output.line(result.json(location: [("i2c_bus", JSONValue(bus))]).serialized())
        return ExitStatus.success
    }
}
