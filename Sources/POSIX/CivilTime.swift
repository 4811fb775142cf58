/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01, without a calendar, locale or time
/// zone database: what `timegm` and `gmtime_r` do for the date part (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`). Exact for every year an `Int64` day count can hold; the callers restrict the range
/// they read or write (four-digit years, for example).
public enum CivilTime {
    /// A calendar date: `year` (e.g. 2026), `month` 1...12, `day` 1...31.
    public typealias Date = (year: Int64, month: Int64, day: Int64)

    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it). `month` must be 1...12; a day past
    /// the month's end counts on into the next month.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date `days` days after 1970-01-01 (before it when negative).
    public static func date(fromDays days: Int64) -> Date {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The day number (since 1970-01-01) holding the second `seconds` since 1970-01-01T00:00:00Z, rounded
    /// toward the past (second -1 is on day -1).
    public static func days(containingSecond seconds: Int64) -> Int64 {
        seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// Whether `year` has 29 February.
    public static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days of `month` (1...12) in `year`.
    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
