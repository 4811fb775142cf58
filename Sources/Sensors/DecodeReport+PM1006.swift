public import JSON

extension DecodeReport {
    /// A PM1006 frame: PM2.5 (the datasheet's value), the DF11-DF12 word reported as PM10, and the raw
    /// DF7-DF8 word community decoders call "PM1.0".
    public static func pm1006(_ reading: PM1006Reading, offset: Int) -> JSONValue {
        .object(
            [
                ("type", "data"), ("sensor", "pm1006"), ("offset", JSONValue(offset)), ("checksum_ok", true),
                ("pm25_ugm3", JSONValue(reading.pm25)),
                ("pm10_ugm3", JSONValue(Double(reading.unverifiedWord11))),
                ("df7_df8_raw", JSONValue(Int(reading.unverifiedWord7))),
                ("data_hex", .string(Hex.string(reading.dataBytes))),
            ] + plausibility(reading.plausibility))
    }
}
