import AirQuality
import CheckedConversions
public import FoundationEssentials
import POSIX

/// ISO 8601 / RFC 3339 times in UTC, written and read without locale or calendar machinery.
public enum ISO8601Time {
    /// Seconds of 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years four digits can write.
    static let writableSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// `2025-03-01T12:00:00Z` (whole seconds, rounded down). A time outside the years 0000-9999 (a date
    /// derived from a hostile age) is written as the nearest of those, not trapped on.
    public static func format(_ date: Date) -> String {
        let total = Int64(clampingRounded: date.timeIntervalSince1970, .down)
            .clamped(to: writableSeconds)
        let days = CivilTime.days(containingSecond: total)
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = CivilTime.date(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondsOfDay / 3600, 2) + ":"
            + pad(secondsOfDay % 3600 / 60, 2) + ":" + pad(secondsOfDay % 60, 2) + "Z"
    }

    /// Parses `2025-03-01T12:00:00Z`, with optional fractional seconds, seconds, or a `±HH:MM` offset
    /// instead of `Z`; or a date alone (`2025-03-01`, midnight UTC). Nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ digits: Int) -> Int64? {
            guard position + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<(position + digits)] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            position += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == character else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            (1...12).contains(month), (1...CivilTime.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        if position == bytes.count { return Date(timeIntervalSince1970: Double(days * 86_400)) }
        guard position < bytes.count, bytes[position] == 0x54 || bytes[position] == 0x74 || bytes[position] == 0x20
        else { return nil }
        position += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), hour < 24, minute < 60 else { return nil }
        var second: Int64 = 0
        var fraction = 0.0
        if expect(0x3A) {
            guard let value = number(2), value < 61 else { return nil }
            second = value
            if expect(0x2E) {
                var scale = 0.1
                var any = false
                while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                    fraction += Double(bytes[position] - 0x30) * scale
                    scale /= 10
                    position += 1
                    any = true
                }
                guard any else { return nil }
            }
        }
        var offset: Int64 = 0
        if expect(0x5A) || expect(0x7A) {
            offset = 0
        } else if position < bytes.count, bytes[position] == 0x2B || bytes[position] == 0x2D {
            let sign: Int64 = bytes[position] == 0x2D ? -1 : 1
            position += 1
            guard let hours = number(2), expect(0x3A), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Comparable {
    /// `self` moved into `range`.
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
