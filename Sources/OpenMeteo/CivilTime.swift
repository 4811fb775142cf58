import AirQuality
import CheckedConversions
public import FoundationEssentials
import JSON
import POSIX

/// Calendar dates and Open-Meteo's time strings, without a calendar or formatter: proleptic Gregorian
/// arithmetic on days since 1970-01-01 (``POSIX/CivilTime``).
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, e.g. 2026.
    public let year: Int
    /// 1...12.
    public let month: Int
    /// 1...31.
    public let day: Int

    /// A date; nil when the day does not exist (2025-02-29).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC calendar date of `date` shifted by `utcOffset` seconds.
    public init(_ date: Date, utcOffset: Int = 0) {
        let seconds = Int(flooringTime: date.timeIntervalSince1970) + utcOffset
        (year, month, day) = Self.civil(fromDays: Int(CivilTime.days(containingSecond: Int64(seconds))))
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: Substring) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { Self.days(year: year, month: month, day: day) }

    /// The same month and day in `year`; 29 February becomes 28 February in a common year.
    public func inYear(_ year: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: day) ?? CivilDate(year: year, month: month, day: day - 1)!
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    static func daysIn(month: Int, year: Int) -> Int { Int(CivilTime.daysIn(month: Int64(month), year: Int64(year))) }

    static func days(year: Int, month: Int, day: Int) -> Int {
        Int(CivilTime.days(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let date = CivilTime.date(fromDays: Int64(days))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// Open-Meteo's time values.
enum OpenMeteoTime {
    /// A `time` value: `YYYY-MM-DDTHH:MM` in the response's local time (converted with
    /// `utc_offset_seconds`, which Open-Meteo applies uniformly to the whole response), or a Unix time
    /// when requested with `timeformat=unixtime`.
    static func date(_ value: JSONValue?, utcOffset: Int) -> Date? {
        switch value {
        case .number(let seconds)?: return Date(timeIntervalSince1970: seconds)
        case .string(let text)?: return date(local: text, utcOffset: utcOffset)
        default: return nil
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM` (seconds optional) as local time at `utcOffset`.
    static func date(local text: String, utcOffset: Int) -> Date? {
        let parts = text.split(separator: "T")
        guard parts.count == 2, let day = CivilDate(iso: parts[0]) else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 2 || clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) ?? 0 : 0
        let seconds = day.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - utcOffset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    static func utcText(_ date: Date) -> String {
        let seconds = Int(flooringTime: date.timeIntervalSince1970)
        let day = CivilDate(date)
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        return day.description + "T" + CivilDate.pad(secondOfDay / 3600, 2) + ":"
            + CivilDate.pad(secondOfDay % 3600 / 60, 2) + ":" + CivilDate.pad(secondOfDay % 60, 2) + "Z"
    }
}
