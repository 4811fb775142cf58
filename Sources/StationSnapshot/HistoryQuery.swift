import CheckedConversions
public import FoundationEssentials
import AirQuality

/// The bucket size of a history series. Raw values are the `resolution` parameter.
public enum HistoryResolution: String, Sendable, CaseIterable, Hashable {
    /// One point per minute.
    case minute
    /// One point per hour.
    case hour
    /// One point per day (UTC).
    case day

    /// Seconds per bucket.
    public var seconds: Double {
        switch self {
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        }
    }

    /// The longest range one request may ask for, so no request makes the store work for long.
    public var maximumRange: Double {
        switch self {
        case .minute: 2 * 86_400
        case .hour: 92 * 86_400
        case .day: 3660 * 86_400
        }
    }

    /// The range when `from` is not given.
    public var defaultRange: Double {
        switch self {
        case .minute: 3600
        case .hour: 86_400
        case .day: 30 * 86_400
        }
    }
}

/// A validated `/api/v1/history` request: `from` (inclusive) to `to` (exclusive) in buckets of `resolution`.
public struct HistoryQuery: Sendable, Hashable {
    /// Start, inclusive.
    public let from: Date
    /// End, exclusive.
    public let to: Date
    /// Bucket size.
    public let resolution: HistoryResolution

    /// A query (not validated).
    public init(from: Date, to: Date, resolution: HistoryResolution) {
        self.from = from
        self.to = to
        self.resolution = resolution
    }

    /// The query of the parameters `from`, `to` (ISO 8601 times such as `2025-03-01T12:00:00Z`, dates, or
    /// Unix seconds) and `resolution` (`minute`, `hour`, `day`; default `hour`). `to` defaults to `now`,
    /// `from` to one hour, day or 30 days before `to`.
    public static func parse(_ parameters: [(name: String, value: String)], now: Date) throws(HistoryQueryError) -> HistoryQuery {
        let known = ["from", "to", "resolution"]
        var values: [String: String] = [:]
        for (name, value) in parameters {
            guard known.contains(name) else {
                throw HistoryQueryError("unknown parameter '\(name)' (known: from, to, resolution)")
            }
            guard values[name] == nil else { throw HistoryQueryError("parameter '\(name)' is given more than once") }
            values[name] = value
        }
        var resolution = HistoryResolution.hour
        if let text = values["resolution"] {
            guard let parsed = HistoryResolution(rawValue: text) else {
                throw HistoryQueryError("resolution: expected minute, hour or day, found '\(text)'")
            }
            resolution = parsed
        }
        let to = try values["to"].map { text throws(HistoryQueryError) in try time(text, parameter: "to") } ?? now
        let from = try values["from"].map { text throws(HistoryQueryError) in try time(text, parameter: "from") }
            ?? to.addingTimeInterval(-resolution.defaultRange)
        guard from < to else {
            throw HistoryQueryError(
                "from (\(ISO8601Time.format(from))) must be before to (\(ISO8601Time.format(to)))")
        }
        guard to.timeIntervalSince(from) <= resolution.maximumRange else {
            let days = Int(clampingRounded: resolution.maximumRange / 86_400, .down)
            let coarser = resolution == .minute ? "; use resolution=hour for longer ranges"
                : resolution == .hour ? "; use resolution=day for longer ranges" : ""
            throw HistoryQueryError("the range is too long for resolution=\(resolution.rawValue): at most \(days) days\(coarser)")
        }
        return HistoryQuery(from: from, to: to, resolution: resolution)
    }

    private static func time(_ text: String, parameter: String) throws(HistoryQueryError) -> Date {
        if let date = ISO8601Time.parse(text) { return date }
        if !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." }), let seconds = Double(text),
            seconds.isFinite, abs(seconds) < 1e11
        {
            return Date(timeIntervalSince1970: seconds)
        }
        throw HistoryQueryError(
            "\(parameter): expected an ISO 8601 time such as 2025-03-01T12:00:00Z, a date such as 2025-03-01, or Unix seconds, found '\(text)'")
    }
}

/// Why a history request is refused (answered 400 with this message).
public struct HistoryQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the parameter.
    public let description: String
    /// An error.
    public init(_ description: String) { self.description = description }
}
