import AirQuality
import FoundationEssentials
import StationSnapshot

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

    func history(_ query: HistoryQuery) throws -> [HistoryPoint] {
        let from = Int64(flooringTime: query.from.timeIntervalSince1970)
        let to = -Int64(flooringTime: -query.to.timeIntervalSince1970)
        let limit = Int(clampingRounded: Double(to - from) / max(1, query.resolution.seconds), .down) + 2
        let stored =
            switch source {
            case .service(let store):
                try store.series(from: from, to: to, resolution: query.resolution.rawValue, limit: limit)
            case .database(let reader):
                try reader.series(from: from, to: to, resolution: query.resolution.rawValue, limit: limit)
            }
        return stored.map { point in
            // The value the station showed, where the row keeps it; older rows get the configured correction.
            let pm25 =
                point.pm25Corrected
                ?? point.pm25.map { evaluator.correct(atm: $0, cf1: point.pm25CF1, humidity: point.humidity).value }
            var result = HistoryPoint(
                time: Date(timeIntervalSince1970: Double(point.time)), pm1_0: point.pm1, pm2_5: pm25, pm10: point.pm10,
                aqi: OverallIndex.particulate24h(pm25: pm25, pm10: point.pm10)?.value, samples: point.count,
                pm2_5_raw: point.pm25)
            result.indices = indices.map { index in
                (index, index.definition.overall(pm25: pm25, pm10: point.pm10, averaging: .given)?.value)
            }
            return result
        }
    }
}
