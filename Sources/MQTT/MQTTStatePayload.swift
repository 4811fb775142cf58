import AirQuality
import CheckedConversions
public import JSON
public import StationSnapshot
import Measurements

/// The JSON document published on `<base>/state`, built from a snapshot: the readings, the AQI and its
/// level, the sensor's health, the Open-Meteo reference and the reconciliation. Every key is always
/// present (`null` when unknown), in a fixed order, like `/api/v1/current` whose names it reuses.
///
/// ```json
/// {"time": "2026-03-01T12:00:00Z",
///  "sensor": {"model": "PMS5003", "health": "ok", "reason": null, "age_s": 2,
///             "pm1_0": 8.2, "pm2_5": 14.6, "pm10": 19.9, "pm2_5_corrected": 12.1, "correction": "epa-2022-smoke",
///             "correction_rh_source": "sensor", "humidity_flag": false},
///  "sensor_b": null,
///  "agreement": {"state": "single", "difference_ug_m3": null, "difference_pct": null, "suspect": null, ...},
///  "climate": {"temperature_c": 21.37, "humidity_pct": 48.2, "pressure_hpa": 1012.25, "source": "climate",
///              "age_s": 12},
///  "aqi": {"value": 57, "level": "moderate", "text": "Moderate", "source": "local", "basis": "nowcast",
///          "pollutant": "pm2_5"},
///  "index": {"index": "us-epa", "value": 57, "display": "57", "level": "moderate", "text": "Moderate",
///            "color": "#ff9500", "averaging": "nowcast"},
///  "indices": {"us-epa": {"value": 57, ...}},
///  "reference": {"status": "ok", "us_aqi": 52, "pm2_5": 10.3, "pm10": 15.1, "age_s": 600},
///  "reconciliation": {"state": "agrees", "suspect_reason": null, "reason": "...", "message": "...", "local_aqi": 57,
///                     "reference_aqi": 52}}
/// ```
public enum MQTTStatePayload {
    /// The document for `snapshot`.
    public static func render(_ snapshot: StationSnapshot) -> JSONValue {
        let sensor = snapshot.sensor
        let aqi = snapshot.aqi
        let reference = snapshot.reference.reading
        let reconciliation = snapshot.reportedReconciliation
        return [
            "time": .string(ISO8601Time.format(snapshot.time)),
            "sensor": sensorBlock(sensor, snapshot),
            // The second sensor (`sensor_b`) with the same keys, and the A/B agreement as in /api/v1/current.
            "sensor_b": snapshot.sensorB.map { sensorBlock($0, snapshot) } ?? .null,
            "agreement": snapshot.agreement.json,
            "climate": [
                "temperature_c": JSONValue(snapshot.climate?.temperature.map(hundredths)),
                "humidity_pct": JSONValue(snapshot.climate?.relativeHumidity.map(tenths)),
                "pressure_hpa": JSONValue(snapshot.climate?.pressureHectopascals.map(hundredths)),
                "source": JSONValue(snapshot.climate?.source.rawValue),
                "age_s": JSONValue(snapshot.age(of: snapshot.climate?.time).map { Int(clampingRounded: $0) }),
            ],
            "aqi": [
                "value": JSONValue(aqi?.value),
                "level": JSONValue(aqi?.level.rawValue),
                "text": JSONValue(aqi?.level.text),
                "source": JSONValue(aqi?.source.rawValue),
                "basis": JSONValue(aqi?.basis.rawValue),
                "pollutant": JSONValue(aqi?.pollutant.rawValue),
            ],
            "index": chosenIndex(snapshot),
            "indices": .object(snapshot.indices.map {
                (key: $0.index.rawValue, value: indexBlock($0.value, reference: $0.comparison))
            }),
            "reference": [
                "status": .string(snapshot.reference.statusName),
                "us_aqi": JSONValue(reference?.usAQI),
                "pm2_5": JSONValue(reference?.pm2_5.map(tenths)),
                "pm10": JSONValue(reference?.pm10.map(tenths)),
                "age_s": JSONValue(snapshot.age(of: reference?.fetchedAt).map { Int(clampingRounded: $0) }),
            ],
            "reconciliation": [
                "state": .string(reconciliation.state.rawValue),
                "suspect_reason": JSONValue(reconciliation.suspectReason?.rawValue),
                "reason": .string(reconciliation.explanation),
                "message": .string(reconciliation.explanation),
                "local_aqi": JSONValue(reconciliation.localAQI24h),
                "reference_aqi": JSONValue(reconciliation.referenceAQI24h),
            ],
        ]
    }

    /// A sensor's block (`sensor`, `sensor_b`).
    static func sensorBlock(_ sensor: SensorStatus, _ snapshot: StationSnapshot) -> JSONValue {
        [
            "model": JSONValue(sensor.model),
            "health": .string(sensor.health.rawValue),
            "reason": JSONValue(sensor.reason),
            "age_s": JSONValue(snapshot.age(of: sensor.readingTime).map { Int(clampingRounded: $0) }),
            "pm1_0": JSONValue((sensor.measurement?.pm1).map(tenths)),
            "pm2_5": JSONValue((sensor.measurement?.pm25).map(tenths)),
            "pm10": JSONValue((sensor.measurement?.pm10).map(tenths)),
            "pm2_5_corrected": JSONValue(sensor.correctedPM2_5.map(tenths)),
            "correction": .string(sensor.correction.rawValue),
            "correction_rh_source": JSONValue(sensor.correctionHumiditySource?.rawValue),
            "humidity_flag": JSONValue(sensor.humidityFlag),
        ]
    }

    /// The state message of `snapshot`.
    public static func message(for snapshot: StationSnapshot, configuration: MQTTConfiguration) -> MQTTMessage {
        MQTTMessage(
            topic: configuration.topics.state, text: render(snapshot).serialized(), qos: configuration.qos,
            retain: configuration.retain, kind: .state)
    }

    /// `index`: the chosen index (`aqi.index`), which Home Assistant's main entity shows. For the US AQI it
    /// is the `aqi` block's value (local or Open-Meteo); another index has only local values.
    static func chosenIndex(_ snapshot: StationSnapshot) -> JSONValue {
        guard let chosen = snapshot.indices.first(where: \.isChosen), chosen.index != .usEPA else {
            let aqi = snapshot.aqi
            return [
                "index": "us-epa", "value": JSONValue(aqi?.value), "display": JSONValue(aqi.map { String($0.value) }),
                "level": JSONValue(aqi?.level.rawValue), "text": JSONValue(aqi?.level.text),
                "color": JSONValue(aqi?.level.color.hex), "averaging": JSONValue(aqi?.basis.rawValue),
            ]
        }
        var block = indexBlock(chosen.value)
        if case .object(let pairs) = block { block = .object([(key: "index", value: .string(chosen.index.rawValue))] + pairs) }
        return block
    }

    /// One index's value, level, colour and averaging (all `null` without a value).
    /// With a `reference` comparison (every index but the US AQI, with Open-Meteo on) it also carries
    /// `reference_value`, `reference_level` and `reference_state`.
    static func indexBlock(_ value: IndexValue?, reference: IndexComparison? = nil) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            (key: "value", value: JSONValue(value?.value)), (key: "display", value: JSONValue(value?.display)),
            (key: "level", value: JSONValue(value?.level.key)), (key: "text", value: JSONValue(value?.level.name)),
            (key: "color", value: JSONValue(value?.level.color.hex)),
            (key: "averaging", value: JSONValue(value?.averaging.rawValue)),
        ]
        if let reference {
            pairs += [
                (key: "reference_value", value: JSONValue(reference.reference?.value)),
                (key: "reference_level", value: JSONValue(reference.reference?.level.key)),
                (key: "reference_state", value: .string(reference.state.rawValue)),
            ]
        }
        return .object(pairs)
    }

    /// Concentrations are published to 0.1 µg/m³, the sensors' resolution.
    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    /// Temperatures and pressures to 0.01 (°C, hPa), the climate sensors' resolution.
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
