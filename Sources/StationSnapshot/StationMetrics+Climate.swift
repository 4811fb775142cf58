/// The climate block's families (`breeze_climate_*`), in base units: °C (Prometheus' temperature unit), the
/// relative humidity as a ratio (0-1), pressure in pascals. Labelled with the source (`climate`, `sensor`)
/// and model; absent without a fresh reading.
extension StationMetrics {
    static func climate(_ snapshot: StationSnapshot) -> [MetricFamily] {
        guard let reading = snapshot.climate else { return [] }
        let labels = [MetricLabel("source", reading.source.rawValue), MetricLabel("model", reading.model)]
        var families: [MetricFamily] = []
        if let temperature = reading.temperature {
            families.append(MetricFamily(
                name: "breeze_climate_temperature_celsius", help: "Air temperature at the station, °C.", kind: .gauge,
                samples: [MetricSample(labels: labels, value: temperature)]))
        }
        if let humidity = reading.relativeHumidity {
            families.append(MetricFamily(
                name: "breeze_climate_relative_humidity_ratio", help: "Relative humidity at the station, 0-1.",
                kind: .gauge, samples: [MetricSample(labels: labels, value: humidity / 100)]))
        }
        if let pressure = reading.pressure {
            families.append(MetricFamily(
                name: "breeze_climate_pressure_pascals", help: "Barometric pressure at the station, Pa.", kind: .gauge,
                samples: [MetricSample(labels: labels, value: pressure)]))
        }
        if let age = snapshot.age(of: reading.time) {
            families.append(MetricFamily(
                name: "breeze_climate_reading_age_seconds", help: "Seconds since the climate reading was taken.",
                kind: .gauge, samples: [MetricSample(labels: labels, value: age)]))
        }
        return families
    }
}
