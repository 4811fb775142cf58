import AirQuality
import CheckedConversions
public import FoundationEssentials

/// A moment with the station's UTC offset at that moment: what the night schedule needs to know the local
/// time of day.
public struct LocalTime: Sendable, Hashable {
    /// The moment.
    public let date: Date
    /// Seconds east of UTC at that moment (3600 for CET, 7200 for CEST, -18000 for EST).
    public let utcOffset: Int

    /// A local time.
    public init(date: Date, utcOffset: Int) {
        self.date = date
        self.utcOffset = utcOffset
    }

    /// Seconds since local midnight, 0..<86400.
    public var secondOfDay: Int {
        let local = Int(flooringTime: date.timeIntervalSince1970) + utcOffset
        return ((local % 86_400) + 86_400) % 86_400
    }
}

/// Where the station's UTC offset comes from.
public protocol UTCOffsetSource: Sendable {
    /// Seconds east of UTC at `date`.
    func utcOffset(at date: Date) -> Int
}

extension UTCOffsetSource {
    /// `date` with its UTC offset.
    public func localTime(at date: Date) -> LocalTime {
        LocalTime(date: date, utcOffset: utcOffset(at: date))
    }
}

/// A fixed offset (tests, or a station that wants none of the system's time zone rules).
public struct FixedUTCOffset: UTCOffsetSource {
    /// Seconds east of UTC.
    public let seconds: Int

    /// An offset of `seconds` east of UTC.
    public init(seconds: Int) { self.seconds = seconds }

    public func utcOffset(at date: Date) -> Int { seconds }
}
