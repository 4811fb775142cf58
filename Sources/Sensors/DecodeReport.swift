public import JSON

/// The JSON objects `breeze-station decode` prints: one per decoded frame, reply, command or error, with the
/// field names of the shared vectors file (`pm25_atm_ugm3`, `n_gt0_3um_per_0_1L`, `checksum_ok`, ...).
public enum DecodeReport {
    /// A Plantower data frame: every field of its layout, then the plausibility verdict.
    public static func plantower(_ frame: PlantowerFrame, model: SensorModel, offset: Int) -> JSONValue {
        var fields = header("data", model: model, offset: offset)
        fields += plantowerFields(frame)
        fields += plausibility(frame.plausibility)
        return .object(fields)
    }

    /// The fields of a Plantower frame (also used to show what a rejected frame said).
    static func plantowerFields(_ frame: PlantowerFrame) -> [(key: String, value: JSONValue)] {
        var fields: [(key: String, value: JSONValue)] = [
            ("frame_length_field", JSONValue(frame.lengthField)),
            ("checksum_ok", .bool(frame.checksumOK)),
            ("pm1_cf1_ugm3", JSONValue(frame.pm1CF1)),
            ("pm25_cf1_ugm3", JSONValue(frame.pm25CF1)),
            ("pm10_cf1_ugm3", JSONValue(frame.pm10CF1)),
            ("pm1_atm_ugm3", JSONValue(frame.pm1Atmospheric)),
            ("pm25_atm_ugm3", JSONValue(frame.pm25Atmospheric)),
            ("pm10_atm_ugm3", JSONValue(frame.pm10Atmospheric)),
        ]
        let bins = ["0_3um", "0_5um", "1_0um", "2_5um", "5_0um", "10um"]
        for (bin, count) in zip(bins, frame.particleCounts) {
            fields.append(("n_gt\(bin)_per_0_1L", JSONValue(count)))
        }
        if let temperature = frame.temperature { fields.append(("temperature_c", JSONValue(temperature))) }
        if let humidity = frame.relativeHumidity { fields.append(("humidity_pct", JSONValue(humidity))) }
        if let formaldehyde = frame.formaldehyde { fields.append(("formaldehyde_ugm3", JSONValue(formaldehyde))) }
        if let version = frame.versionByte { fields.append(("version_byte", .string(Hex.byte(version)))) }
        if let error = frame.errorByte { fields.append(("error_byte", .string(Hex.byte(error)))) }
        if !frame.checksumOK {
            fields.append(
                (
                    "checksum_expected_vs_sent",
                    .string("\(Hex.word(frame.computedChecksum)) vs \(Hex.word(frame.sentChecksum))")
                ))
        }
        return fields
    }

    /// A Plantower acknowledgement.
    public static func plantower(_ ack: PlantowerAcknowledgement, model: SensorModel, offset: Int) -> JSONValue {
        .object(
            header("reply", model: model, offset: offset) + [
                ("checksum_ok", true),
                ("reply_to", .string(ack.acknowledgedCommand.name)),
                ("meaning", .string(ack.meaning)),
            ])
    }

    /// A Plantower host command.
    public static func plantower(_ command: PlantowerCommand, model: SensorModel, offset: Int) -> JSONValue {
        .object(
            header("command", model: model, offset: offset) + [
                ("checksum_ok", true),
                ("command", .string(command.name)),
                ("expected_reply", .string(command.expectedReply)),
            ])
    }

    /// An SDS011 data frame.
    public static func sds011(_ reading: SDS011Reading, offset: Int) -> JSONValue {
        .object(
            header("data", model: .sds011, offset: offset) + [
                ("checksum_ok", true),
                ("pm25_ugm3", JSONValue(reading.pm25)),
                ("pm10_ugm3", JSONValue(reading.pm10)),
                ("device_id_bytes", .string(reading.deviceID.description)),
            ] + plausibility(reading.plausibility))
    }

    /// An SDS011 reply: what it answers and the values of that answer.
    public static func sds011(_ reply: SDS011Reply, offset: Int) -> JSONValue {
        var fields = header("reply", model: .sds011, offset: offset)
        fields += [("checksum_ok", true), ("reply_to", .string(reply.replyTo))]
        if let mode = reply.reportingMode {
            fields += [("mode", JSONValue(Int(mode.rawValue))), ("mode_text", .string(mode.text))]
        }
        if let state = reply.workState {
            fields += [("state", JSONValue(Int(state.rawValue))), ("state_text", .string(state.text))]
        }
        if let period = reply.workingPeriodMinutes {
            fields += [
                ("period_min", JSONValue(period)),
                ("period_text", .string(period == 0 ? "continuous" : "\(period) min")),
            ]
        }
        if let date = reply.firmwareDate { fields.append(("firmware_yy_mm_dd", .string(date))) }
        if reply.subcommand == 0x05 {
            fields.append(("new_device_id_bytes", .string(reply.deviceID.description)))
        }
        fields.append(("device_id_bytes", .string(reply.deviceID.description)))
        return .object(fields)
    }

    /// An SDS011 host command.
    public static func sds011(_ request: SDS011Request, offset: Int) -> JSONValue {
        .object(
            header("command", model: .sds011, offset: offset) + [
                ("checksum_ok", true),
                ("command", .string(request.name)),
                ("device_id_bytes", .string(request.target.description)),
            ])
    }

    /// A Honeywell message.
    public static func honeywell(_ message: HoneywellMessage, model: SensorModel, offset: Int) -> JSONValue {
        switch message {
        case .reading(let reading):
            var fields = header("data", model: model, offset: offset)
            fields += [("checksum_ok", true), ("source", .string(reading.source.rawValue))]
            if let pm1 = reading.pm1 { fields.append(("pm1_ugm3", JSONValue(pm1))) }
            fields.append(("pm25_ugm3", JSONValue(reading.pm25)))
            if let pm4 = reading.pm4 { fields.append(("pm4_ugm3", JSONValue(pm4))) }
            fields.append(("pm10_ugm3", JSONValue(reading.pm10)))
            return .object(fields + plausibility(reading.plausibility))
        case .adjustmentCoefficient(let value):
            return .object(
                header("reply", model: model, offset: offset) + [
                    ("checksum_ok", true), ("reply_to", "read customer adjustment coefficient"),
                    ("coefficient_pct", JSONValue(value)),
                ])
        case .acknowledgement:
            return .object(
                header("reply", model: model, offset: offset) + [("reply", "ack"), ("meaning", "command accepted")])
        case .negativeAcknowledgement:
            return .object(
                header("reply", model: model, offset: offset) + [("reply", "nack"), ("meaning", "command refused")])
        case .command(let command):
            return .object(
                header("command", model: model, offset: offset) + [
                    ("checksum_ok", true), ("command", .string(command.name)),
                ])
        }
    }

    /// An SPS30 read-measured-values reply (I²C, CRC per word) or SHDLC answer (UART, frame checksum).
    public static func sps30(
        _ measurement: SPS30Measurement, format: SPS30MeasurementFormat?, offset: Int
    ) -> JSONValue {
        var fields = header("data", model: .sps30, offset: offset)
        switch format {
        case .float: fields.append(("crc_ok_all_20_words", true))
        case .integer: fields.append(("crc_ok_all_10_words", true))
        case nil: fields.append(("shdlc_checksum_ok", true))
        }
        let names = [
            "mc_1p0", "mc_2p5", "mc_4p0", "mc_10p0", "nc_0p5", "nc_1p0", "nc_2p5", "nc_4p0", "nc_10p0",
            "typical_particle_size_um",
        ]
        for (name, value) in zip(names, measurement.values) {
            // Four decimals: far below the sensor's resolution, and the way the values are usually quoted.
            fields.append((name, JSONValue((value * 10_000).rounded() / 10_000 + 0)))
        }
        return .object(fields + plausibility(measurement.plausibility))
    }

    /// A decoder error, with what a rejected frame said when it can be read.
    public static func error(_ error: FrameError, model: SensorModel, extra: [(key: String, value: JSONValue)] = [])
        -> JSONValue
    {
        var fields = header("error", model: model, offset: error.offset)
        fields += [("kind", .string(error.kind.rawValue)), ("reason", .string(error.reason))]
        fields.append(("hex", .string(Hex.string(error.bytes))))
        return .object(fields + extra)
    }

    private static func header(_ type: String, model: SensorModel, offset: Int) -> [(key: String, value: JSONValue)] {
        [("type", .string(type)), ("sensor", .string(model.rawValue)), ("offset", JSONValue(offset))]
    }

    static func plausibility(_ verdict: PlausibilityVerdict) -> [(key: String, value: JSONValue)] {
        switch verdict {
        case .plausible: [("plausible", true)]
        case .warmingUp(let reason):
            [("plausible", false), ("warming_up", true), ("plausibility_reason", .string(reason))]
        case .implausible(let reason): [("plausible", false), ("plausibility_reason", .string(reason))]
        }
    }
}
