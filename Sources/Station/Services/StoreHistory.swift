import AirQuality
import FoundationEssentials
import StationSnapshot

/// `/api/v1/history` from the station's database: stored means, with the station's PM2.5 correction applied
/// the way the live indices apply it, and each bucket's AQI on the 24-hour table.
struct StoreHistory: HistoryProvider {
    let store: StoreService
    let evaluator: LocalAirQualityEvaluator
    /// The configured indices (`aqi.index`, `aqi.also`); each bucket's mean is read on each one's table.
    var indices: [AirQualityIndexID] = [.usEPA]

    func history(_ query: HistoryQuery) throws -> [HistoryPoint] {
        let from = Int64(flooringTime: query.from.timeIntervalSince1970)
        let to = -Int64(flooringTime: -query.to.timeIntervalSince1970)
        let limit = Int(clampingRounded: Double(to - from) / max(1, query.resolution.seconds), .down) + 2
        return try store.series(from: from, to: to, resolution: query.resolution.rawValue, limit: limit).map { point in
            let pm25 = point.pm25.map { evaluator.correct(atm: $0, cf1: point.pm25CF1, humidity: point.humidity).value }
            var result = HistoryPoint(
                time: Date(timeIntervalSince1970: Double(point.time)), pm1_0: point.pm1, pm2_5: pm25, pm10: point.pm10,
                aqi: OverallIndex.particulate24h(pm25: pm25, pm10: point.pm10)?.value, samples: point.count)
            result.indices = indices.map { index in
                (index, index.definition.overall(pm25: pm25, pm10: point.pm10, averaging: .given)?.value)
            }
            return result
        }
    }
}
