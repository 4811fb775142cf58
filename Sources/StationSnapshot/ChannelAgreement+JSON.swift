public import AirQuality
public import JSON

extension ChannelAgreement {
    /// The `agreement` block of `/api/v1/current` (docs/api.md): the state, the channels' difference in
    /// µg/m³ and in percent (|A − B| · 2 / (A + B) × 100), the suspect channel and why, and which channels
    /// the station's value uses, the hour's means so far (the station's and each channel's). Differences are
    /// `null` unless both channels have a value.
    public var json: JSONValue {
        [
            "state": .string(state.rawValue),
            "difference_ug_m3": JSONValue(difference.map(CurrentDocument.tenths)),
            "difference_pct": JSONValue(relativeDifference.map { CurrentDocument.tenths($0 * 100) }),
            "suspect": JSONValue(suspect?.rawValue),
            "suspect_reason": JSONValue(suspectReason?.rawValue),
            "flagged": .bool(flagged),
            "used": .array([Channel.a, .b].filter(used.contains).map { .string($0.rawValue) }),
            "pm2_5": JSONValue(value.map(CurrentDocument.tenths)),
            "pm2_5_a": JSONValue(meanA.map(CurrentDocument.tenths)),
            "pm2_5_b": JSONValue(meanB.map(CurrentDocument.tenths)),
        ]
    }
}
