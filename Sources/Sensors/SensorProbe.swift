public import Clocks
import FoundationEssentials
public import JSON

/// What answered on a port or bus, and how we know.
public struct ProbeResult: Sendable, Hashable {
    /// The model identified (for 32-byte Plantower frames, the PMS5003 stands for the family's shared frame).
    public let model: SensorModel
    /// What identified it, in words.
    public let evidence: String
    /// Extra facts read from the sensor (firmware, ID, serial number, mode), in order.
    public let details: [String: String]

    /// A result.
    public init(model: SensorModel, evidence: String, details: [String: String] = [:]) {
        self.model = model
        self.evidence = evidence
        self.details = details
    }

    /// `{"sensor", "family", "name", "bus", "evidence", ...details}`.
    public func json(location: [(key: String, value: JSONValue)]) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("sensor", .string(model.rawValue)), ("family", .string(model.family.rawValue)),
            ("name", .string(model.displayName)), ("bus", .string(model.bus.rawValue)),
        ]
        pairs += location
        pairs.append(("evidence", .string(evidence)))
        for key in details.keys.sorted() { pairs.append((key, .string(details[key] ?? ""))) }
        return .object(pairs)
    }
}

/// Finds which supported sensor answers on a serial port or I²C bus, without changing any setting the sensor
/// keeps (only reads and queries are sent).
public enum SensorProbe {
    /// Listens for `listen` (active-mode streams), then asks in turn: Honeywell "read", SDS011 "query reporting
    /// mode", Plantower "read in passive mode", each answer awaited for `replyTimeout`. The stream must be open.
    public static func probeSerial(
        _ stream: any ByteStream, clock: any StationClock, listen: Duration = .milliseconds(2500),
        replyTimeout: Duration = .milliseconds(1500)
    ) async throws(TransportError) -> ProbeResult? {
        var listener = ProbeListener()
        try await listener.collect(from: stream, for: listen, clock: clock)
        if let pm1006 = listener.pm1006 { return pm1006Result(pm1006) }
        if let sds011 = listener.sds011 {
            return await identifySDS011(stream, clock: clock, reading: sds011, replyTimeout: replyTimeout)
        }
        if let frame = listener.plantower40 {
            return ProbeResult(model: .pms5003st, evidence: "40-byte Plantower frames (\(frame))")
        }
        if listener.plantower24 != nil {
            return ProbeResult(model: .pms3003, evidence: "24-byte Plantower frames in active mode")
        }

        // Each question waits for its answer, up to `replyTimeout`: a loaded machine (or a slow USB adapter) may be
        // late, and an HPMA115C0 streams frames that look like a Plantower's, so a late Honeywell reply would
        // otherwise name it a PMS5003.
        try await stream.write(HoneywellCommand.readMeasurement.bytes)
        try await listener.collect(from: stream, for: replyTimeout, clock: clock) { $0.honeywellReply != nil }
        if let reading = listener.honeywellReply {
            let model: SensorModel = reading.pm4 == nil ? .hpma115s0 : .hpma115c0
            return ProbeResult(
                model: model,
                evidence: "answered the Honeywell read command (\(reading.pm4 == nil ? 8 : 16)-byte reply)")
        }
        if listener.honeywellAcknowledged {
            return ProbeResult(model: .hpma115s0, evidence: "acknowledged a Honeywell command (A5 A5 / 96 96)")
        }

        try await stream.write(SDS011Request(.queryReportingMode).bytes)
        try await listener.collect(from: stream, for: replyTimeout, clock: clock) { $0.sds011Reply != nil }
        if listener.sds011Reply != nil || listener.sds011 != nil {
            return await identifySDS011(stream, clock: clock, reading: listener.sds011, replyTimeout: replyTimeout)
        }

        if listener.plantower32 == nil {
            try await stream.write(PlantowerCommand.readPassive.bytes)
            try await listener.collect(from: stream, for: replyTimeout, clock: clock) { $0.plantower32 != nil }
            if listener.plantower32 != nil {
                return ProbeResult(
                    model: .pms5003, evidence: "answered the Plantower passive read with a 32-byte frame",
                    details: ["mode": "passive", "note": Self.plantowerNote])
            }
            // A Vindriktning's controller may have asked its PM1006 while we were asking the others.
            return listener.pm1006.map(pm1006Result)
        }
        return ProbeResult(
            model: .pms5003, evidence: "32-byte Plantower frames in active mode",
            details: ["mode": "active", "note": Self.plantowerNote])
    }

    private static func pm1006Result(_ reading: PM1006Reading) -> ProbeResult {
        ProbeResult(
            model: .pm1006, evidence: "20-byte PM1006 frames (16 11 0B .., byte sum 0)",
            details: ["note": "listened only: the Vindriktning's controller asks the sensor; no EPA correction (no CF=1)"])
    }

    private static let plantowerNote =
        "PMS5003, PMS7003, PMSA003, PMS5003T and PMS5003S share this frame; configure the exact model"

    private static func identifySDS011(
        _ stream: any ByteStream, clock: any StationClock, reading: SDS011Reading?, replyTimeout: Duration
    ) async -> ProbeResult {
        var listener = ProbeListener()
        var details: [String: String] = [:]
        // Asked twice, half the reply timeout each: a query that reaches the sensor while it is sending a frame
        // can go unanswered (seen with the emulator on a loaded machine; the datasheet gives no command queue).
        for _ in 0..<2 where listener.sds011Firmware == nil {
            guard (try? await stream.write(SDS011Request(.queryFirmware).bytes)) != nil else { break }
            try? await listener.collect(from: stream, for: replyTimeout / 2, clock: clock) { $0.sds011Firmware != nil }
        }
        if let firmware = listener.sds011Firmware {
            details["firmware"] = firmware.firmwareDate ?? ""
            details["device_id"] = firmware.deviceID.description
        } else if let reading {
            details["device_id"] = reading.deviceID.description
        }
        return ProbeResult(model: .sds011, evidence: "SDS011 frames (AA C0/C5 .. AB)", details: details)
    }

    /// Tries the SPS30 (product type at 0x69) and the PMSA003I (a frame at 0x12) on a bus; `device` gives the
    /// device at an address.
    public static func probeI2C(device: (UInt8) -> any I2CDevice, clock: any StationClock) async -> ProbeResult? {
        let sps30 = device(0x69)
        if (try? await sps30.open()) != nil {
            let result = await identifySPS30(sps30, clock: clock)
            await sps30.close()
            if let result { return result }
        }
        let plantower = device(0x12)
        guard (try? await plantower.open()) != nil else { return nil }
        var found = false
        for _ in 0..<2 where !found {
            if let bytes = try? await plantower.read(count: 32) {
                found = PlantowerFrame(validating: bytes, variant: .standard) != nil
            }
        }
        await plantower.close()
        return found ? ProbeResult(model: .pmsa003i, evidence: "a valid 32-byte Plantower frame at address 0x12") : nil
    }

    private static func identifySPS30(_ device: any I2CDevice, clock: any StationClock) async -> ProbeResult? {
        guard let type = try? await readString(device, .readProductType, clock: clock), type.hasPrefix("0008") else {
            return nil
        }
        var details = ["product_type": type]
        if let serial = try? await readString(device, .readSerialNumber, clock: clock) { details["serial"] = serial }
        if (try? await device.write(SPS30Command.readFirmwareVersion.bytes)) != nil {
            try? await clock.sleep(for: .milliseconds(5))
            if let reply = try? await device.read(count: 3), let version = try? SPS30FirmwareVersion.decode(reply) {
                details["firmware"] = version.description
            }
        }
        return ProbeResult(model: .sps30, evidence: "product type \"\(type)\" at address 0x69", details: details)
    }

    private static func readString(_ device: any I2CDevice, _ command: SPS30Command, clock: any StationClock)
        async throws -> String
    {
        try await device.write(command.bytes)
        try await clock.sleep(for: command.executionTime)
        return try SPS30Replies.string(try await device.read(count: command.replyLength()))
    }
}

/// Decodes a port's bytes with every UART family's rules at once and remembers what each recognised.
struct ProbeListener {
    private var plantower = [
        FrameDecoder(variant: .standard), FrameDecoder(variant: .formaldehydeTemperatureHumidity),
        FrameDecoder(variant: .pms3003),
    ]
    private var nova = FrameDecoder(codec: SDS011Codec())
    private var honeywell = FrameDecoder(variant: .c0)
    private var cubic = FrameDecoder(codec: PM1006Codec())
    private(set) var pm1006: PM1006Reading?
    private(set) var plantower32: PlantowerFrame?
    private(set) var plantower40: String?
    private(set) var plantower24: PlantowerFrame?
    private(set) var sds011: SDS011Reading?
    private(set) var sds011Reply: SDS011Reply?
    private(set) var sds011Firmware: SDS011Reply?
    private(set) var honeywellReply: HoneywellReading?
    private(set) var honeywellAcknowledged = false
    private(set) var bytesSeen = 0

    mutating func collect(
        from stream: any ByteStream, for duration: Duration, clock: any StationClock,
        until done: (ProbeListener) -> Bool = { _ in false }
    ) async throws(TransportError) {
        let deadline = clock.now.adding(duration)
        while true {
            let remaining = Duration.interval(deadline.timeIntervalSince(clock.now))
            if remaining <= .zero || done(self) { return }
            let bytes = try await stream.read(maximumCount: 1024, timeout: remaining)
            if bytes.isEmpty { return }
            absorb(bytes)
        }
    }

    mutating func absorb(_ bytes: [UInt8]) {
        bytesSeen += bytes.count
        for index in plantower.indices {
            for case .message(let message) in plantower[index].decode(bytes) {
                guard case .data(let frame) = message else { continue }
                switch frame.variant {
                case .standard: plantower32 = frame
                case .formaldehydeTemperatureHumidity: plantower40 = "length field 36"
                case .pms3003: plantower24 = frame
                default: break
                }
            }
        }
        for case .message(let message) in nova.decode(bytes) {
            switch message {
            case .data(let reading): sds011 = reading
            case .reply(let reply):
                sds011Reply = reply
                if reply.subcommand == 0x07 { sds011Firmware = reply }
            case .command: break
            }
        }
        for case .message(let reading) in cubic.decode(bytes) { pm1006 = reading }
        for case .message(let message) in honeywell.decode(bytes) {
            switch message {
            case .reading(let reading) where reading.source == .readReply: honeywellReply = reading
            case .acknowledgement, .negativeAcknowledgement: honeywellAcknowledged = true
            default: break
            }
        }
    }
}
