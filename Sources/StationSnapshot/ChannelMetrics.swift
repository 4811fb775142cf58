import AirQuality
import Measurements

/// The second sensor's metric families (`sensor_b`), written only when the station has one: channel B's
/// reading, health and age under `breeze_sensor_b_*`, and the A/B agreement under `breeze_channel_*`.
enum ChannelMetrics {
    static func families(_ snapshot: StationSnapshot) -> [MetricFamily] {
        guard let sensor = snapshot.sensorB else { return [] }
        var families: [MetricFamily] = []
        let pm: [(String, Double?)] = [("pm1_0", sensor.measurement?.pm1), ("pm2_5", sensor.measurement?.pm25), ("pm10", sensor.measurement?.pm10)]
        families.append(MetricFamily(
            name: "breeze_sensor_b_particulate_matter_grams_per_cubic_meter",
            help: "Latest reading of the second sensor (sensor_b) in g/m³ (µg/m³ × 1e-6), uncorrected, by size.",
            kind: .gauge,
            samples: pm.compactMap { size, value in
                value.map { MetricSample(labels: [MetricLabel("size", size)], value: StationMetrics.grams($0)) }
            }))
        families.append(MetricFamily(
            name: "breeze_sensor_b_health", help: "Second sensor health: 1 for the current state, 0 for the others.",
            kind: .gauge,
            samples: LocalSensorHealth.allCases.map {
                MetricSample(labels: [MetricLabel("state", $0.rawValue)], value: $0 == sensor.health ? 1 : 0)
            }))
        if let age = snapshot.age(of: sensor.readingTime) {
            families.append(MetricFamily(
                name: "breeze_sensor_b_reading_age_seconds", help: "Seconds since the second sensor's latest reading.",
                kind: .gauge, value: age))
        }
        let agreement = snapshot.agreement
        let states: [ChannelAgreement.State] = [.single, .agree, .disagree]
        families.append(MetricFamily(
            name: "breeze_channel_agreement_state",
            help: "A/B agreement of the two PM sensors over the current hour (EPA rule): 1 for the current state.",
            kind: .gauge,
            samples: states.map {
                MetricSample(labels: [MetricLabel("state", $0.rawValue)], value: $0 == agreement.state ? 1 : 0)
            }))
        families.append(MetricFamily(
            name: "breeze_channel_suspect",
            help: "1 for the channel the station does not believe on disagreement (a or b), 0 otherwise.",
            kind: .gauge,
            samples: [ChannelAgreement.Channel.a, .b].map {
                MetricSample(labels: [MetricLabel("channel", $0.rawValue)], value: agreement.suspect == $0 ? 1 : 0)
            }))
        if let difference = agreement.difference {
            families.append(MetricFamily(
                name: "breeze_channel_difference_grams_per_cubic_meter",
                help: "|A - B| of the hour's PM2.5 means in g/m³ (µg/m³ × 1e-6).", kind: .gauge,
                value: StationMetrics.grams(difference)))
        }
        if let relative = agreement.relativeDifference {
            families.append(MetricFamily(
                name: "breeze_channel_relative_difference_ratio",
                help: "|A - B| · 2 / (A + B) of the hour's PM2.5 means (0.7 is the EPA's 70 %).", kind: .gauge,
                value: (relative * 1000).rounded() / 1000))
        }
        return families
    }
}
