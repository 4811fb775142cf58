import AirQuality
import CheckedConversions
public import FoundationEssentials
import JSON

/// The physically sensible ranges of the values Open-Meteo sends; a value outside is rejected where the
/// answer is read, with an ``OpenMeteoError`` (`invalid_response`) naming the field and the value, so it never
/// reaches the AQI, the renderers or reconciliation. The reference then counts as unavailable with that
/// reason and the last good value is kept with its age. docs/openmeteo.md ("Plausible ranges") gives the
/// reasoning for each bound.
public enum PlausibleRanges {
    /// PM2.5 and PM10, µg/m³. The worst dust storms and wildfire smoke measured reach a few thousand µg/m³
    /// (hourly PM10 near 10,000 in Saharan and Gobi dust); CAMS model values stay below that.
    public static let particulate: ClosedRange<Double> = 0...10_000
    /// Carbon monoxide, µg/m³: background 100-300, city traffic a few thousand, wildfire plumes tens of
    /// thousands.
    public static let carbonMonoxide: ClosedRange<Double> = 0...100_000
    /// Nitrogen dioxide, sulphur dioxide and ozone, µg/m³: the highest hourly values anywhere (SO₂ near
    /// volcanoes and smelters) are a few thousand.
    public static let gas: ClosedRange<Double> = 0...10_000
    /// US AQI values. Open-Meteo extrapolates past 500 without a cap; 10,000 is what the particulate bound
    /// gives on the top breakpoint row (PM10 10,000 µg/m³ → about 9,900).
    public static let usAQI: ClosedRange<Int> = 0...10_000
    /// `european_aqi*` values (Open-Meteo's 0-100+ scale, extrapolated without a cap like the US AQI: PM2.5 at
    /// the particulate bound gives about 8,000).
    public static let europeanAQI: ClosedRange<Int> = 0...10_000
    /// `utc_offset_seconds`: every offset in use lies within UTC−12 to UTC+14; ±18 h is what ISO 8601 allows.
    public static let utcOffset: ClosedRange<Int> = -64_800...64_800
    /// Latitude, degrees.
    public static let latitude: ClosedRange<Double> = -90...90
    /// Longitude, degrees.
    public static let longitude: ClosedRange<Double> = -180...180
    /// Model elevation, metres (the Dead Sea shore is −430, Everest 8,849).
    public static let elevation: ClosedRange<Double> = -1_000...9_000
    /// Relative humidity, %.
    public static let relativeHumidity: ClosedRange<Double> = 0...100
    /// Air temperature 2 m above ground, °C (records: −89.2 and 56.7).
    public static let temperature: ClosedRange<Double> = -100...70
    /// Pollen, grains/m³ (Open-Meteo's CAMS pollen; extreme birch days reach ten thousand).
    public static let pollen: ClosedRange<Double> = 0...100_000
    /// The earliest model time: CAMS air-quality data as Open-Meteo serves it starts in 2013.
    public static let earliestTime = Date(timeIntervalSince1970: 1_356_998_400)  // 2013-01-01T00:00:00Z
    /// The latest model time when the station's clock is not known (no clock given to the client).
    public static let latestTimeWithoutClock = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01T00:00:00Z
    /// How far a model time may lie after the station's clock: the current hour and the rest of today's
    /// hourly values in the place's time zone fit in 2 days; anything later is a wrong answer (or a station
    /// clock far behind, when it is also right to wait).
    public static let futureSlack: TimeInterval = 2 * 86_400

    /// The model times accepted when the station's clock reads `now` (nil: not known).
    public static func times(now: Date?) -> ClosedRange<Date> {
        earliestTime...(now.map { max(earliestTime, $0.addingTimeInterval(futureSlack)) } ?? latestTimeWithoutClock)
    }
}

/// One value that failed its range: what ``OpenMeteoError`` says, e.g.
/// ``current.pm2_5` is 1e+19, outside the plausible 0 to 10000`.
enum PlausibilityCheck {
    static func error(_ service: String, field: String, found: String, expected: String) -> OpenMeteoError {
        OpenMeteoResponse.invalid(service, "`\(field)` is \(found), outside the plausible \(expected)")
    }

    static func text<Bound>(_ range: ClosedRange<Bound>) -> String {
        "\(range.lowerBound) to \(range.upperBound)"
    }
}

extension JSONValue {
    /// The number at `key` when it lies in `range`; nil when absent, `null` or not a number; an error naming
    /// `path.key` and the value when it is outside `range` (infinite and NaN included).
    func number(
        _ key: String, in range: ClosedRange<Double>, path: String, service: String
    ) throws(OpenMeteoError) -> Double? {
        guard case .number(let value)? = self[key] else { return nil }
        guard range.contains(value) else {
            throw PlausibilityCheck.error(
                service, field: path.isEmpty ? key : "\(path).\(key)", found: "\(value)",
                expected: PlausibilityCheck.text(range))
        }
        return value
    }

    /// The number at `key` rounded to an integer (AQI values) when it lies in `range`; nil when absent or
    /// not a number; an error naming `path.key` and the value otherwise.
    func integer(
        _ key: String, in range: ClosedRange<Int>, path: String, service: String
    ) throws(OpenMeteoError) -> Int? {
        guard case .number(let value)? = self[key] else { return nil }
        guard let integer = Int(rounding: value), range.contains(integer) else {
            throw PlausibilityCheck.error(
                service, field: path.isEmpty ? key : "\(path).\(key)", found: "\(value)",
                expected: PlausibilityCheck.text(range))
        }
        return integer
    }

    /// The elements of the array at `key` as optional numbers (`null` and non-numbers are nil), each within
    /// `range`; an error naming `path.key[index]` and the value otherwise.
    func numbers(
        _ key: String, in range: ClosedRange<Double>, path: String, service: String
    ) throws(OpenMeteoError) -> [Double?]? {
        guard case .array(let values)? = self[key] else { return nil }
        var result: [Double?] = []
        result.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .number(let number) = value else {
                result.append(nil)
                continue
            }
            guard range.contains(number) else {
                throw PlausibilityCheck.error(
                    service, field: "\(path).\(key)[\(index)]", found: "\(number)",
                    expected: PlausibilityCheck.text(range))
            }
            result.append(number)
        }
        return result
    }
}

extension Date {
    /// This model time when it lies in `range`; an error naming `field` otherwise.
    func checked(_ range: ClosedRange<Date>, field: String, service: String) throws(OpenMeteoError) -> Date {
        guard range.contains(self) else {
            throw PlausibilityCheck.error(
                service, field: field, found: OpenMeteoTime.utcText(self),
                expected: "\(OpenMeteoTime.utcText(range.lowerBound)) to \(OpenMeteoTime.utcText(range.upperBound))")
        }
        return self
    }
}
