import AirQuality
import CheckedConversions
public import JSON
import Measurements

/// `/api/v1/current`: the snapshot as JSON. Every key is always present (`null` when unknown), in a fixed
/// order, so scripts can rely on the shape; docs/api.md is the contract.
public enum CurrentDocument {
    /// The document.
    public static func render(_ snapshot: StationSnapshot) -> JSONValue {
        [
            "station": station(snapshot.station),
            "time": .string(ISO8601Time.format(snapshot.time)),
            "sensor": sensor(snapshot),
            "sensor_b": sensorB(snapshot),
            "agreement": snapshot.agreement.json,
            "climate": climate(snapshot),
            "aqi": aqi(snapshot),
            "indices": IndexDocument.render(snapshot),
            "reference": reference(snapshot),
            "reconciliation": snapshot.reportedReconciliation.json,
            "leds": ["color": JSONValue(snapshot.leds.color?.hex), "pattern": .string(snapshot.leds.pattern)],
            "uploads": UploadsDocument.render(snapshot.uploads, now: snapshot.time),
        ]
    }

    static func station(_ station: StationIdentity) -> JSONValue {
        ["name": .string(station.name), "latitude": JSONValue(station.latitude), "longitude": JSONValue(station.longitude)]
    }

    static func sensor(_ snapshot: StationSnapshot) -> JSONValue {
        let sensor = snapshot.sensor
        return [
            "model": JSONValue(sensor.model),
            "health": .string(sensor.health.rawValue),
            "reason": JSONValue(sensor.reason),
            "age_s": JSONValue(snapshot.age(of: sensor.readingTime).map(roundedSeconds)),
            "pm1_0": JSONValue((sensor.measurement?.pm1).map(tenths)),
            "pm2_5": JSONValue((sensor.measurement?.pm25).map(tenths)),
            "pm10": JSONValue((sensor.measurement?.pm10).map(tenths)),
            "correction": .string(sensor.correction.rawValue),
            "pm2_5_corrected": JSONValue(sensor.correctedPM2_5.map(tenths)),
            "correction_note": JSONValue(sensor.correctionNote),
            "correction_configured": .string(sensor.correctionChoice.rawValue),
            "correction_rh_source": JSONValue(sensor.correctionHumiditySource?.rawValue),
            "correction_rh_pct": JSONValue(sensor.correctionHumidity.map(tenths)),
            "humidity_flag": JSONValue(sensor.humidityFlag),
            "recovery": .object(sensor.recovery.fields.map { (key: $0.key, value: .number(Double($0.value))) }),
        ]
    }

    /// Channel B's block: the same keys as `sensor`, from `sensor_b`'s driver; `null` without one.
    static func sensorB(_ snapshot: StationSnapshot) -> JSONValue {
        guard let sensorB = snapshot.sensorB else { return .null }
        var channel = snapshot
        channel.sensor = sensorB
        return sensor(channel)
    }

    /// The `climate` block: every key `null` without a fresh reading.
    static func climate(_ snapshot: StationSnapshot) -> JSONValue {
        let reading = snapshot.climate
        return [
            "temperature_c": JSONValue(reading?.temperature.map(hundredths)),
            "humidity_pct": JSONValue(reading?.relativeHumidity.map(tenths)),
            "pressure_hpa": JSONValue(reading?.pressureHectopascals.map(hundredths)),
            "source": JSONValue(reading?.source.rawValue),
            "model": JSONValue(reading?.model),
            "age_s": JSONValue(snapshot.age(of: reading?.time).map(roundedSeconds)),
        ]
    }

    static func aqi(_ snapshot: StationSnapshot) -> JSONValue {
        let reading = snapshot.aqi
        let level = reading?.level
        let category = reading?.epaCategory
        return [
            "value": JSONValue(reading?.value),
            "source": JSONValue(reading?.source.rawValue),
            "source_reason": JSONValue(snapshot.selection?.reason),
            "basis": JSONValue(reading?.basis.rawValue),
            "pollutant": JSONValue(reading?.pollutant.rawValue),
            "beyond_index": JSONValue(reading?.isBeyondIndex),
            "level": JSONValue(level?.rawValue),
            "text": JSONValue(level?.text),
            "emoji": JSONValue(level?.emoji),
            "description": JSONValue(level?.summary),
            "color": JSONValue(level?.color.hex),
            "epa_category": JSONValue(category?.name),
            "epa_color": JSONValue(category?.color.hex),
            "tips": .array((level?.tips ?? []).map(JSONValue.string)),
            "instant": JSONValue(snapshot.localIndices.instant),
            "nowcast": JSONValue(snapshot.localIndices.nowcast),
            "avg_24h": JSONValue(snapshot.localIndices.average24h),
        ]
    }

    static func reference(_ snapshot: StationSnapshot) -> JSONValue {
        let reading = snapshot.reference.reading
        return [
            "status": .string(snapshot.reference.statusName),
            "error": JSONValue(snapshot.reference.error),
            "time": JSONValue(reading.map { ISO8601Time.format($0.time) }),
            "fetched_at": JSONValue(reading.map { ISO8601Time.format($0.fetchedAt) }),
            "age_s": JSONValue(snapshot.age(of: reading?.fetchedAt).map(roundedSeconds)),
            "us_aqi": JSONValue(reading?.usAQI),
            "pm2_5": JSONValue(reading?.pm2_5.map(tenths)),
            "pm10": JSONValue(reading?.pm10.map(tenths)),
            "ozone": JSONValue(reading?.ozone.map(tenths)),
            "nitrogen_dioxide": JSONValue(reading?.nitrogenDioxide.map(tenths)),
            "sulphur_dioxide": JSONValue(reading?.sulphurDioxide.map(tenths)),
            "carbon_monoxide": JSONValue(reading?.carbonMonoxide.map(tenths)),
        ]
    }

    /// Concentrations are written to 0.1 µg/m³, the sensors' resolution.
    static func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }
    /// Whole seconds of an age, clamped (a clock stepped by years still gives a number, not a trap).
    static func roundedSeconds(_ value: Double) -> Int { Int(clampingRounded: value) }
}
