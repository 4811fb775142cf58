public import AirQuality
import FoundationEssentials
import JSON

/// The body of `POST {url}/boxes/{box_id}/data` (openSenseMap's "postNewMeasurements", JSON array format):
/// one element per mapped phenomenon per minute, oldest minute first. Pure.
public enum OpenSenseMapPayload {
    /// The most values openSenseMap takes in one request.
    public static let maximumValuesPerRequest = 2500

    /// How many minutes fit one request when every mapped phenomenon has a value (a minute is never split
    /// across requests, so it is accepted or retried whole).
    public static func minutesPerRequest(sensorCount: Int) -> Int {
        maximumValuesPerRequest / max(1, sensorCount)
    }

    /// The measurements of `minutes` for the box's `sensors`: phenomena without a sensor id, and values a
    /// minute does not have, are left out.
    public static func measurements(
        for minutes: [MinuteAggregate], sensors: [OpenSenseMapPhenomenon: String]
    ) -> [OpenSenseMapMeasurement] {
        var result: [OpenSenseMapMeasurement] = []
        for minute in minutes {
            let createdAt = timestamp(minute: minute.minute)
            for phenomenon in OpenSenseMapPhenomenon.allCases {
                guard let sensor = sensors[phenomenon], let value = phenomenon.value(in: minute),
                    let text = decimal(value)
                else { continue }
                result.append(OpenSenseMapMeasurement(sensor: sensor, value: text, createdAt: createdAt))
            }
        }
        return result
    }

    /// The JSON array, UTF-8.
    public static func body(_ measurements: [OpenSenseMapMeasurement]) -> [UInt8] {
        JSONValue.array(measurements.map(\.json)).serializedBytes()
    }

    /// The start of `minute` (whole minutes since 1970) in RFC 3339 UTC, e.g. `2026-11-30T09:00:00Z`.
    public static func timestamp(minute: Int64) -> String {
        Date(timeIntervalSince1970: Double(minute) * 60).ISO8601Format()
    }

    /// `value` to a hundredth (the store's resolution) without trailing zeros: `12.3`, `7`, `-0.05`; nil when
    /// not finite or beyond what 64 bits of hundredths hold.
    public static func decimal(_ value: Double) -> String? {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else { return nil }
        let hundredths = Int64(scaled)
        let magnitude = hundredths.magnitude
        var text = (hundredths < 0 ? "-" : "") + String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text
    }
}
