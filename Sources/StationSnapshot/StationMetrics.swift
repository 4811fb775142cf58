import AirQuality
import Diagnostics
import FoundationEssentials
import Measurements

/// The metric families of a snapshot (`/metrics`), all under the one prefix `breeze_`, in base units:
/// particulate matter in grams per cubic meter (µg/m³ × 10⁻⁶, since Prometheus wants base units), ages in
/// seconds. Request counters and process metrics are added at scrape time by the endpoint.
public enum StationMetrics {
    /// Grams per cubic meter from µg/m³.
    /// Rounded to the picogram so the text shows `1.46e-05`, not `1.4599999999999999e-05`.
    static func grams(_ micrograms: Double) -> Double { (micrograms * 1e6).rounded() / 1e12 }

    /// Every family for `snapshot`, then the snapshot's own extra families.
    public static func families(_ snapshot: StationSnapshot) -> [MetricFamily] {
        var families: [MetricFamily] = [
            MetricFamily(
                name: "breeze_build_info", help: "Build of the station software; the value is always 1.", kind: .gauge,
                samples: [MetricSample(labels: [MetricLabel("name", BuildInfo.name), MetricLabel("version", BuildInfo.version)], value: 1)]),
            MetricFamily(
                name: "breeze_snapshot_timestamp_seconds", help: "Time of the station state served, Unix seconds.",
                kind: .gauge, value: snapshot.time.timeIntervalSince1970.rounded(.down)),
        ]
        if let reading = snapshot.aqi {
            families.append(MetricFamily(
                name: "breeze_aqi", help: "US AQI the station reports (local sensor or Open-Meteo, see labels).",
                kind: .gauge,
                samples: [MetricSample(
                    labels: [MetricLabel("source", reading.source.rawValue), MetricLabel("basis", reading.basis.rawValue)],
                    value: Double(reading.value))]))
        }
        let local: [(String, Int?)] = [
            ("instant", snapshot.localIndices.instant), ("nowcast", snapshot.localIndices.nowcast),
            ("24h", snapshot.localIndices.average24h),
        ]
        families.append(MetricFamily(
            name: "breeze_local_aqi", help: "US AQI from the station's own sensor, by averaging.", kind: .gauge,
            samples: local.compactMap { name, value in
                value.map { MetricSample(labels: [MetricLabel("averaging", name)], value: Double($0)) }
            }))
        let sensor = snapshot.sensor
        let pm: [(String, Double?)] = [("pm1_0", sensor.measurement?.pm1), ("pm2_5", sensor.measurement?.pm25), ("pm10", sensor.measurement?.pm10)]
        families.append(MetricFamily(
            name: "breeze_sensor_particulate_matter_grams_per_cubic_meter",
            help: "Latest sensor reading in g/m³ (µg/m³ × 1e-6), uncorrected, by particle size.", kind: .gauge,
            samples: pm.compactMap { size, value in
                value.map { MetricSample(labels: [MetricLabel("size", size)], value: grams($0)) }
            }))
        if let corrected = sensor.correctedPM2_5 {
            families.append(MetricFamily(
                name: "breeze_sensor_pm2_5_corrected_grams_per_cubic_meter",
                help: "PM2.5 after the configured correction in g/m³ (µg/m³ × 1e-6).", kind: .gauge,
                samples: [MetricSample(labels: [MetricLabel("correction", sensor.correction.rawValue)], value: grams(corrected))]))
        }
        if let humidity = sensor.correctionHumidity {
            families.append(MetricFamily(
                name: "breeze_sensor_correction_relative_humidity_ratio",
                help: "Relative humidity the PM2.5 correction used, 0-1, by source (climate, sensor, open-meteo).",
                kind: .gauge,
                samples: [MetricSample(
                    labels: [MetricLabel("source", sensor.correctionHumiditySource?.rawValue ?? "none")],
                    value: humidity / 100)]))
        }
        if let foggy = sensor.humidityFlag {
            families.append(MetricFamily(
                name: "breeze_sensor_humidity_flag",
                help: "1 when the reading was taken above 90 % relative humidity (fog: optical sensors read high).",
                kind: .gauge, value: foggy ? 1 : 0))
        }
        families.append(MetricFamily(
            name: "breeze_sensor_health", help: "Sensor health: 1 for the current state, 0 for the others.", kind: .gauge,
            samples: LocalSensorHealth.allCases.map {
                MetricSample(labels: [MetricLabel("state", $0.rawValue)], value: $0 == sensor.health ? 1 : 0)
            }))
        families.append(MetricFamily(
            name: "breeze_sensor_recovery_steps_total",
            help: "Recovery steps the sensor driver took (resync, resend_mode, reopen, reset_pulse, fault).",
            kind: .counter,
            samples: SensorRecovery.stepNames.map {
                MetricSample(labels: [MetricLabel("step", $0)], value: Double(sensor.recovery.count(step: $0)))
            }))
        families.append(MetricFamily(
            name: "breeze_sensor_i2c_retries_total",
            help: "I2C transfers repeated after a NACK (kind nack) or a bad CRC or checksum (kind crc).",
            kind: .counter,
            samples: SensorRecovery.retryKinds.map {
                MetricSample(labels: [MetricLabel("kind", $0)], value: Double(sensor.recovery.count(retry: $0)))
            }))
        if let age = snapshot.age(of: sensor.readingTime) {
            families.append(MetricFamily(
                name: "breeze_sensor_reading_age_seconds", help: "Seconds since the latest sensor reading.",
                kind: .gauge, value: age))
        }
        families += climate(snapshot)
        let reference = snapshot.reference
        families.append(MetricFamily(
            name: "breeze_reference_up", help: "1 when the latest Open-Meteo fetch succeeded, else 0.", kind: .gauge,
            value: { if case .available = reference { return 1 } else { return 0 } }()))
        if let reading = reference.reading {
            if let value = reading.usAQI {
                families.append(MetricFamily(
                    name: "breeze_reference_aqi", help: "Open-Meteo's US AQI for the station's place.", kind: .gauge,
                    value: Double(value)))
            }
            let values: [(String, Double?)] = [
                ("pm2_5", reading.pm2_5), ("pm10", reading.pm10), ("o3", reading.ozone), ("no2", reading.nitrogenDioxide),
                ("so2", reading.sulphurDioxide), ("co", reading.carbonMonoxide),
            ]
            families.append(MetricFamily(
                name: "breeze_reference_concentration_grams_per_cubic_meter",
                help: "Open-Meteo concentration in g/m³ (µg/m³ × 1e-6), by pollutant.", kind: .gauge,
                samples: values.compactMap { name, value in
                    value.map { MetricSample(labels: [MetricLabel("pollutant", name)], value: grams($0)) }
                }))
            if let age = snapshot.age(of: reading.fetchedAt) {
                families.append(MetricFamily(
                    name: "breeze_reference_age_seconds", help: "Seconds since the Open-Meteo values were fetched.",
                    kind: .gauge, value: age))
            }
        }
        let reconciliation = snapshot.reportedReconciliation
        families.append(MetricFamily(
            name: "breeze_reconciliation_state",
            help: "Reconciliation of the local sensor against Open-Meteo: 1 for the current state, 0 for the others "
                + "(pending until there is a complete local hour to compare).", kind: .gauge,
            samples: ReconciliationState.allCases.map {
                MetricSample(labels: [MetricLabel("state", $0.rawValue)], value: $0 == reconciliation.state ? 1 : 0)
            }))
        if let ratio = reconciliation.pm25?.ratio {
            families.append(MetricFamily(
                name: "breeze_reconciliation_ratio",
                help: "Local PM2.5 hourly means divided by Open-Meteo's over the same hours.", kind: .gauge,
                value: (ratio * 100).rounded() / 100))
        }
        let counters = snapshot.counters
        families += [
            MetricFamily(
                name: "breeze_sensor_frames_total", help: "Sensor frames decoded.", kind: .counter,
                value: Double(counters.sensorFrames)),
            MetricFamily(
                name: "breeze_sensor_checksum_errors_total", help: "Sensor frames dropped for a bad checksum.",
                kind: .counter, value: Double(counters.checksumErrors)),
            MetricFamily(
                name: "breeze_sensor_resyncs_total", help: "Times the frame decoder lost and re-found sync.",
                kind: .counter, value: Double(counters.resyncs)),
            MetricFamily(
                name: "breeze_reference_fetches_total", help: "Open-Meteo fetches attempted.", kind: .counter,
                value: Double(counters.referenceFetches)),
            MetricFamily(
                name: "breeze_reference_fetch_failures_total", help: "Open-Meteo fetches that failed.", kind: .counter,
                value: Double(counters.referenceFailures)),
        ]
        if let startedAt = snapshot.startedAt {
            families.append(MetricFamily(
                name: "breeze_process_start_time_seconds", help: "Start time of the process, Unix seconds.",
                kind: .gauge, value: startedAt.timeIntervalSince1970.rounded(.down)))
        }
        families += ChannelMetrics.families(snapshot)
        families += IndexMetrics.families(snapshot.indices)
        families += UploadsDocument.metrics(snapshot.uploads)
        return families + snapshot.metricSources.flatMap(\.metricFamilies)
    }
}
