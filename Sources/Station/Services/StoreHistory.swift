import AirQuality
import CheckedConversions
import Diagnostics
import FoundationEssentials
import StationSnapshot
import Storage

/// `/api/v1/history` from the station's database: stored means, raw PM2.5 beside the corrected value the
/// station showed (rows from before the store kept it get the station's correction applied the way the
/// live indices apply it), and each bucket's AQI on the 24-hour table.
struct StoreHistory: HistoryProvider {
    /// Where the stored series comes from: the running station's store service, or a database opened on its
    /// own (`export`).
    enum Source: Sendable {
        case service(StoreService)
        case database(HistoryDatabaseReader)
    }

    let source: Source
    let evaluator: LocalAirQualityEvaluator
    /// The configured indices (`aqi.index`, `aqi.also`); each bucket's mean is read on each one's table.
    var indices: [AirQualityIndexID] = [.usEPA]
    /// Whether the station has a second sensor (`sensor_b`) whose stored PM2.5 each point carries too.
    var channelB = false

    func history(_ query: HistoryQuery) throws -> [APIHistoryPoint] {
        let from = Int64(flooringTime: query.from.timeIntervalSince1970)
        let to = -Int64(flooringTime: -query.to.timeIntervalSince1970)
        let limit = Int(clampingRounded: Double(to - from) / max(1, query.resolution.seconds), .down) + 2
        func series(_ channel: StoredChannel) throws -> [StoredHistoryPoint] {
            switch source {
            case .service(let store):
                try store.series(
                    from: from, to: to, resolution: query.resolution.rawValue, limit: limit, channel: channel)
            case .database(let reader):
                try reader.series(
                    from: from, to: to, resolution: query.resolution.rawValue, limit: limit, channel: channel)
            }
        }
        let stored = try series(.a)
        // Channel B's PM2.5 by time, corrected as channel A's is.
        let channelB: [Int64: Double] =
            self.channelB
            ? Dictionary(
                try series(.b).compactMap { point in
                    let pm25 =
                        point.pm25Corrected
                        ?? point.pm25.map { evaluator.correct(atm: $0, cf1: point.pm25CF1, humidity: point.humidity).value }
                    return pm25.map { (point.time, $0) }
                }, uniquingKeysWith: { $1 }) : [:]
        return stored.map { point in
            // The value the station showed, where the row keeps it; older rows get the configured correction.
            let pm25 =
                point.pm25Corrected
                ?? point.pm25.map { evaluator.correct(atm: $0, cf1: point.pm25CF1, humidity: point.humidity).value }
            var result = APIHistoryPoint(
                time: Date(timeIntervalSince1970: Double(point.time)), pm1_0: point.pm1, pm2_5: pm25, pm10: point.pm10,
                aqi: OverallIndex.particulate24h(pm25: pm25, pm10: point.pm10)?.value, samples: point.count,
                pm2_5_raw: point.pm25)
            result.pm2_5B = channelB[point.time]
            result.indices = indices.map { index in
                (index, index.definition.overall(pm25: pm25, pm10: point.pm10, averaging: .given)?.value)
            }
            return result
        }
    }
}
