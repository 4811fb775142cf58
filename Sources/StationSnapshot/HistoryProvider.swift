public import AirQuality
public import FoundationEssentials
public import JSON

/// One bucket of a history series.
public struct HistoryPoint: Sendable, Hashable {
    /// The start of the bucket.
    public var time: Date
    /// Mean PM1.0, µg/m³.
    public var pm1_0: Double?
    /// Mean PM2.5 (corrected), µg/m³.
    public var pm2_5: Double?
    /// Mean PM2.5 as the sensor measured it (before the correction), µg/m³.
    public var pm2_5_raw: Double?
    /// Mean PM10, µg/m³.
    public var pm10: Double?
    /// The bucket's AQI.
    public var aqi: Int?
    /// Sensor samples in the bucket.
    public var samples: Int
    /// The bucket's mean on each configured index (`aqi.index`, `aqi.also`), in that order; nil where the
    /// index has no value (no PM data).
    public var indices: [(index: AirQualityIndexID, value: Int?)] = []

    public static func == (lhs: HistoryPoint, rhs: HistoryPoint) -> Bool {
        lhs.time == rhs.time && lhs.pm1_0 == rhs.pm1_0 && lhs.pm2_5 == rhs.pm2_5 && lhs.pm2_5_raw == rhs.pm2_5_raw && lhs.pm10 == rhs.pm10
            && lhs.aqi == rhs.aqi && lhs.samples == rhs.samples
            && lhs.indices.map(\.index) == rhs.indices.map(\.index) && lhs.indices.map(\.value) == rhs.indices.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(pm2_5)
        hasher.combine(aqi)
    }

    /// A point.
    public init(
        time: Date, pm1_0: Double? = nil, pm2_5: Double? = nil, pm10: Double? = nil, aqi: Int? = nil, samples: Int = 0,
        pm2_5_raw: Double? = nil
    ) {
        self.time = time
        self.pm2_5_raw = pm2_5_raw
        self.pm1_0 = pm1_0
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.aqi = aqi
        self.samples = samples
    }
}

/// The station's store, as `/api/v1/history` reads it. One method; the station implements it on SQLite.
///
/// It is called on an HTTP server thread: answer from memory or one indexed read, never wait on a lock
/// held across slow work. Queries are bounded (see ``HistoryResolution/maximumRange``).
public protocol HistoryProvider: Sendable {
    /// The points in `[query.from, query.to)` at `query.resolution`, oldest first; buckets without data
    /// may be left out. Throws when the store cannot be read (answered 503 with the error's description).
    func history(_ query: HistoryQuery) throws -> [HistoryPoint]
}

/// A history provider over fixed points, one list per resolution (tests, demos, `serve --snapshot`).
public struct InMemoryHistory: HistoryProvider {
    private let series: [HistoryResolution: [HistoryPoint]]

    /// Points per resolution.
    public init(_ series: [HistoryResolution: [HistoryPoint]]) {
        self.series = series.mapValues { $0.sorted { $0.time < $1.time } }
    }

    public func history(_ query: HistoryQuery) throws -> [HistoryPoint] {
        (series[query.resolution] ?? []).filter { $0.time >= query.from && $0.time < query.to }
    }
}

/// `/api/v1/history` as JSON.
public enum HistoryDocument {
    /// The document for `query` and its points.
    public static func render(_ query: HistoryQuery, points: [HistoryPoint]) -> JSONValue {
        [
            "from": .string(ISO8601Time.format(query.from)),
            "to": .string(ISO8601Time.format(query.to)),
            "resolution": .string(query.resolution.rawValue),
            "points": .array(points.map { point in
                [
                    "time": .string(ISO8601Time.format(point.time)),
                    "pm1_0": JSONValue(point.pm1_0.map(CurrentDocument.tenths)),
                    "pm2_5": JSONValue(point.pm2_5.map(CurrentDocument.tenths)),
                    "pm2_5_raw": JSONValue(point.pm2_5_raw.map(CurrentDocument.tenths)),
                    "pm10": JSONValue(point.pm10.map(CurrentDocument.tenths)),
                    "aqi": JSONValue(point.aqi),
                    "samples": .number(Double(point.samples)),
                    "indices": .object(point.indices.map { (key: $0.index.rawValue, value: JSONValue($0.value)) }),
                ]
            }),
        ]
    }
}
