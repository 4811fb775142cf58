import Clocks
import JSON
import LinuxIO
import Sensors

/// `breeze-station probe`: which supported sensor answers on a serial port or an I²C bus.
enum ProbeCommand: Subcommand {
    static let name = "probe"
    static let summary = "Identify the sensors on a serial port or I²C bus"
    static let help = """
        Usage: breeze-station probe --serial PATH | --i2c N   (--i2c-bus N is the same)

        Finds which supported sensors answer, without changing any setting a sensor stores: on a serial port
        (9600 8N1) it listens for 2.5 s (PM1006 frames of a Vindriktning, streams of active sensors), then sends
        the Honeywell read command, the SDS011 reporting-mode query and the Plantower passive read, 1.5 s each;
        on /dev/i2c-N it asks address 0x69 for the SPS30 product type, reads a frame at 0x12 (PMSA003I), reads
        the chip id at 0x76/0x77 (BME280: 0x60), the serial number at 0x44-0x46 (SHT4x) and the status register
        at 0x44/0x45 (SHT3x).

        Prints one JSON object per sensor found: sensor (the model name to configure), family (particulate) or
        kind "climate", name, bus, where it was found, evidence, and what else was read (firmware, device_id,
        serial, mode, chip_id, status). 32-byte Plantower frames are reported as pms5003: the PMS5003, PMS7003,
        PMSA003, PMS5003T and PMS5003S share that frame.
        Exits 1 with a message when nothing answers or the device cannot be opened, 2 on bad arguments.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let serial = try arguments.option("--serial")
        let busOption = try arguments.option("--i2c-bus")
        let shortBusOption = try arguments.option("--i2c")
        if busOption != nil, shortBusOption != nil { throw UsageError("give --i2c or --i2c-bus, not both") }
        let busText = busOption ?? shortBusOption
        try arguments.finish()
        let clock = SystemClock()
        switch (serial, busText) {
        case (let path?, nil):
            return try await probeSerial(path, clock: clock)
        case (nil, let text?):
            guard let bus = Int(text), (0...255).contains(bus) else {
                throw UsageError("--i2c must be a bus number from 0 to 255, not '\(text)'")
            }
            return try await probeI2C(bus, clock: clock)
        case (nil, nil):
            throw UsageError("give --serial PATH or --i2c N")
        case (.some, .some):
            throw UsageError("give either --serial or --i2c, not both")
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
                "no supported sensor answered on \(path) (9600 baud; listened for PM1006 frames, tried Plantower, "
                    + "SDS011 and Honeywell)")
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
        let device: (UInt8) -> any I2CDevice = { I2CBusDevice(bus: bus, address: $0) }
        let result = await SensorProbe.probeI2C(device: device, clock: clock)
        let climate = await ClimateProbe.probe(device: device, clock: clock)
        guard result != nil || !climate.isEmpty else {
            throw CommandFailure(
                "no supported sensor answered on /dev/i2c-\(bus) (tried SPS30 at 0x69, PMSA003I at 0x12, BME280 at "
                    + "0x76/0x77, SHT4x at 0x44-0x46, SHT3x at 0x44/0x45)")
        }
        let location: [(key: String, value: JSONValue)] = [("i2c_bus", JSONValue(bus))]
        if let result { Output.line(result.json(location: location).serialized()) }
        for sensor in climate { Output.line(sensor.json(location: location).serialized()) }
        return ExitStatus.success
    }
}
