import CheckedConversions
import FoundationEssentials
public import JSON
import AirQuality
import Measurements

/// A snapshot read from a JSON file, for serving a fixed state before (or without) the station: the bench,
/// the browser test, demos (`breeze-station serve --snapshot FILE`).
///
/// The file is an `/api/v1/current` document (derived keys such as `text`, `emoji`, `tips` are ignored and
/// recomputed) with optional extra keys: `chart` (`[{"time", "aqi", "pm2_5"}]`), `counters`
/// (`{"sensor_frames", "checksum_errors", "resyncs", "reference_fetches", "reference_failures"}`), `services`
/// (`{"cities", "pollen", "climate"}`: any JSON each), `ticker` (`[{"name", "aqi"}]`) and `history`
/// (`{"minute"|"hour"|"day": [history points]}`). `indices` blocks are read from `index`, `pollutant`,
/// `concentration`, `averaging` and `chosen`; the value and level are recomputed on the index's table.
public struct SnapshotFile: Sendable {
    /// The snapshot.
    public let snapshot: StationSnapshot
    /// The history the file carries (empty series when it has none).
    public let history: InMemoryHistory

    /// Decodes `document`; errors name the key path.
    public init(_ document: JSONValue) throws(SnapshotFileError) {
        let root = Reader(document, path: "")
        let stationReader = try root.object("station")
        let station = StationIdentity(
            name: try stationReader.string("name") ?? "Breeze Station",
            latitude: try stationReader.number("latitude"), longitude: try stationReader.number("longitude"))
        guard let time = try root.time("time") else { throw SnapshotFileError("time: required") }
        var snapshot = StationSnapshot(station: station, time: time)

        if let sensor = try root.optionalObject("sensor") {
            let health = try sensor.choice("health", LocalSensorHealth.self) ?? .absent
            let age = try sensor.number("age_s")
            snapshot.sensor = SensorStatus(
                model: try sensor.string("model"), health: health, reason: try sensor.string("reason"),
                readingTime: age.map { time.addingTimeInterval(-$0) }, measurement: try Self.measurement(sensor),
                correction: try sensor.choice("correction", PM25Correction.self) ?? .none,
                correctedPM2_5: try sensor.number("pm2_5_corrected"), correctionNote: try sensor.string("correction_note"))
            snapshot.sensor.correctionChoice = try sensor.choice("correction_configured", PM25CorrectionChoice.self) ?? .auto
            snapshot.sensor.correctionHumiditySource = try sensor.choice("correction_rh_source", CorrectionHumiditySource.self)
            snapshot.sensor.correctionHumidity = try sensor.number("correction_rh_pct")
            snapshot.sensor.humidityFlag = try sensor.bool("humidity_flag")
            if let recovery = try sensor.optionalObject("recovery") {
                func count(_ key: String) throws(SnapshotFileError) -> UInt64 {
                    UInt64(max(0, min(try recovery.number(key) ?? 0, 1e18)))
                }
                for step in SensorRecovery.stepNames { snapshot.sensor.recovery.steps[step] = try count(step) }
                for kind in SensorRecovery.retryKinds {
                    snapshot.sensor.recovery.i2cRetries[kind] = try count("i2c_\(kind)_retries")
                }
            }
        }
        if let climate = try root.optionalObject("climate"),
            let source = try climate.choice("source", ClimateReading.Source.self)
        {
            snapshot.climate = ClimateReading(
                temperature: try climate.number("temperature_c"), relativeHumidity: try climate.number("humidity_pct"),
                pressure: try climate.number("pressure_hpa").map { $0 * 100 }, source: source,
                model: try climate.string("model") ?? source.rawValue,
                time: time.addingTimeInterval(-(try climate.number("age_s") ?? 0)))
        }
        if let aqi = try root.optionalObject("aqi") {
            if let value = try aqi.integer("value") {
                snapshot.aqi = AQIReading(
                    value: value, source: try aqi.choice("source", AQISource.self) ?? .local,
                    basis: try aqi.choice("basis", AQIBasis.self) ?? .nowcast,
                    pollutant: try aqi.choice("pollutant", Pollutant.self) ?? .pm2_5,
                    isBeyondIndex: try aqi.bool("beyond_index") ?? false)
            }
            if let reason = try aqi.string("source_reason") {
                snapshot.selection = AQISelection(
                    source: snapshot.aqi?.source ?? .none, aqi: snapshot.aqi?.value, reason: reason, referenceAge: nil)
            }
            snapshot.localIndices = LocalIndices(
                instant: try aqi.integer("instant"), nowcast: try aqi.integer("nowcast"),
                average24h: try aqi.integer("avg_24h"))
        }
        if let reference = try root.optionalObject("reference") {
            let status = try reference.string("status") ?? "disabled"
            var reading: ReferenceReading?
            if let dataTime = try reference.time("time") {
                let age = try reference.number("age_s") ?? 0
                reading = ReferenceReading(
                    time: dataTime, fetchedAt: try reference.time("fetched_at") ?? time.addingTimeInterval(-age),
                    usAQI: try reference.integer("us_aqi"), pm2_5: try reference.number("pm2_5"),
                    pm10: try reference.number("pm10"), ozone: try reference.number("ozone"),
                    nitrogenDioxide: try reference.number("nitrogen_dioxide"),
                    sulphurDioxide: try reference.number("sulphur_dioxide"),
                    carbonMonoxide: try reference.number("carbon_monoxide"))
            }
            switch status {
            case "ok":
                guard let reading else { throw SnapshotFileError("reference.time: required when status is ok") }
                snapshot.reference = .available(reading)
            case "unavailable": snapshot.reference = .unavailable(error: try reference.string("error") ?? "unknown", last: reading)
            case "pending": snapshot.reference = .pending
            case "disabled": snapshot.reference = .disabled
            default: throw SnapshotFileError("reference.status: expected ok, unavailable, pending or disabled, found '\(status)'")
            }
        }
        if let reconciliation = try root.optionalObject("reconciliation") {
            snapshot.reconciliation = try Self.reconciliation(reconciliation, time: time)
        }
        if let leds = try root.optionalObject("leds") {
            let colorText = try leds.string("color")
            let color = colorText.flatMap { RGBColor(hex: $0) }
            if colorText != nil && color == nil { throw SnapshotFileError("leds.color: expected #rrggbb") }
            snapshot.leds = LEDStatus(color: color, pattern: try leds.string("pattern") ?? "off")
        }
        snapshot.recentHours = try root.array("chart").map { item throws(SnapshotFileError) in
            guard let start = try item.time("time") else { throw SnapshotFileError("\(item.path).time: required") }
            return HourlyAQI(start: start, aqi: try item.integer("aqi"), pm2_5: try item.number("pm2_5"))
        }
        if let counters = try root.optionalObject("counters") {
            func count(_ key: String) throws(SnapshotFileError) -> UInt64 { UInt64(max(0, try counters.integer(key) ?? 0)) }
            snapshot.counters = StationCounters(
                sensorFrames: try count("sensor_frames"), checksumErrors: try count("checksum_errors"),
                resyncs: try count("resyncs"), referenceFetches: try count("reference_fetches"),
                referenceFailures: try count("reference_failures"))
        }
        if let services = try root.optionalObject("services") {
            func block(_ key: String) -> ServiceBlock { services.raw(key).map { ServiceBlock.available($0) } ?? .notConfigured }
            snapshot.services.cities = block("cities")
            snapshot.services.pollen = block("pollen")
            snapshot.services.climate = block("climate")
        }
        snapshot.services.ticker = try root.array("ticker").map { item throws(SnapshotFileError) in
            CityAQI(name: try item.string("name") ?? "?", aqi: try item.integer("aqi"))
        }
        for (position, item) in try root.array("indices").enumerated() {
            guard let index = try item.choice("index", AirQualityIndexID.self) else {
                throw SnapshotFileError("\(item.keyPath("index")): required")
            }
            let value = try indexValue(index, item)
            var comparison: IndexComparison?
            if let reference = try item.optionalObject("reference") {
                // A snapshot file's `reference` block: the reference value as the API writes it, its state and
                // Open-Meteo's own values.
                let own = try reference.optionalObject("open_meteo")
                comparison = IndexComparison(
                    state: try reference.choice("state", IndexComparisonState.self) ?? .pending,
                    reference: try indexValue(index, reference),
                    provider: try own.map { own throws(SnapshotFileError) in
                        ProviderIndexValue(
                            value: try own.integer("value"), pm25: try own.integer("pm2_5"), pm10: try own.integer("pm10"),
                            note: try own.string("note") ?? "")
                    },
                    reason: try reference.string("reason") ?? "")
            }
            snapshot.indices.append(IndexReading(
                index: index, value: value, isChosen: try item.bool("chosen") ?? (position == 0), comparison: comparison))
        }
        var series: [HistoryResolution: [HistoryPoint]] = [:]
        if let history = try root.optionalObject("history") {
            for resolution in HistoryResolution.allCases {
                series[resolution] = try history.array(resolution.rawValue).map { item throws(SnapshotFileError) in
                    guard let start = try item.time("time") else { throw SnapshotFileError("\(item.path).time: required") }
                    return HistoryPoint(
                        time: start, pm1_0: try item.number("pm1_0"), pm2_5: try item.number("pm2_5"),
                        pm10: try item.number("pm10"), aqi: try item.integer("aqi"),
                        samples: try item.integer("samples") ?? 0)
                }
            }
        }
        self.snapshot = snapshot
        self.history = InMemoryHistory(series)
    }
}

extension SnapshotFile {
    /// A `reconciliation` block as `Reconciliation.json` writes it (`difference`, `ratio` and
    /// `aqi_difference` are derived and ignored).
    fileprivate static func reconciliation(_ block: Reader, time: Date) throws(SnapshotFileError) -> Reconciliation {
        guard let state = try block.choice("state", ReconciliationState.self) else {
            throw SnapshotFileError("\(block.keyPath("state")): required")
        }
        func comparison(_ key: String, _ pollutant: Pollutant) throws(SnapshotFileError) -> PMComparison? {
            guard let pair = try block.optionalObject(key) else { return nil }
            guard let local = try pair.number("local"), let reference = try pair.number("reference") else {
                throw SnapshotFileError("\(pair.path): local and reference are required")
            }
            return PMComparison(
                pollutant: pollutant, local: local, reference: reference, hours: try pair.integer("hours") ?? 1)
        }
        return Reconciliation(
            state: state, suspectReason: try block.choice("suspect_reason", SuspectReason.self),
            explanation: try block.string("explanation") ?? "", pm25: try comparison("pm2_5", .pm2_5),
            pm10: try comparison("pm10", .pm10), localAQI24h: try block.integer("local_aqi_24h"),
            referenceAQI24h: try block.integer("reference_aqi_24h"),
            longRunRatio: try block.number("long_run_ratio"),
            longRunHours: try block.integer("long_run_hours") ?? 0, referenceAge: try block.number("reference_age_s"),
            referenceError: try block.string("reference_error"), evaluatedAt: try block.time("evaluated_at") ?? time)
    }

    /// The `sensor` block's reading (`pm1_0`, `pm2_5`, `pm10`, µg/m³); nil when it has none. A reading has PM2.5
    /// and PM10 both, as the station writes them.
    fileprivate static func measurement(_ sensor: Reader) throws(SnapshotFileError) -> ParticulateMeasurement? {
        let (pm1, pm25, pm10) = (try sensor.number("pm1_0"), try sensor.number("pm2_5"), try sensor.number("pm10"))
        guard let pm25, let pm10 else {
            if pm1 == nil, pm25 == nil, pm10 == nil { return nil }
            throw SnapshotFileError("\(sensor.keyPath(pm25 == nil ? "pm2_5" : "pm10")): required with the other PM values")
        }
        return ParticulateMeasurement(pm1: pm1, pm25: pm25, pm10: pm10)
    }
}

/// What is wrong with a snapshot file, naming the key path.
public struct SnapshotFileError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Typed access to one object of the file, with key paths in errors.
/// The index value of a snapshot file's `pollutant`/`concentration`/`averaging` keys in `item`; nil without them.
private func indexValue(_ index: AirQualityIndexID, _ item: Reader) throws(SnapshotFileError) -> IndexValue? {
    guard let pollutant = try item.choice("pollutant", Pollutant.self), let concentration = try item.number("concentration")
    else { return nil }
    let averaging = try item.choice("averaging", LocalAveraging.self) ?? .given
    do throws(AQIInputError) {
        return try index.definition.subIndex(pollutant, concentration: concentration, averaging: averaging)
    } catch {
        throw SnapshotFileError("\(item.path): \(error.description)")
    }
}

private struct Reader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func raw(_ key: String) -> JSONValue? {
        guard let found = value[key], found != .null else { return nil }
        return found
    }

    func mismatch(_ key: String, _ expected: String) -> SnapshotFileError {
        SnapshotFileError("\(keyPath(key)): expected \(expected), found \(raw(key)?.kindDescription ?? "nothing")")
    }

    func string(_ key: String) throws(SnapshotFileError) -> String? {
        guard let found = raw(key) else { return nil }
        guard case .string(let text) = found else { throw mismatch(key, "a string") }
        return text
    }

    func number(_ key: String) throws(SnapshotFileError) -> Double? {
        guard let found = raw(key) else { return nil }
        guard case .number(let number) = found else { throw mismatch(key, "a number") }
        return number
    }

    /// A number as an integer, truncated (AQI values, counts, hours); beyond ±2^53 it names the key rather
    /// than trapping in the conversion.
    func integer(_ key: String) throws(SnapshotFileError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard abs(number) <= 9_007_199_254_740_992, let integer = Int(rounding: number, .towardZero) else {
            throw mismatch(key, "a whole number of at most 2^53")
        }
        return integer
    }

    func bool(_ key: String) throws(SnapshotFileError) -> Bool? {
        guard let found = raw(key) else { return nil }
        guard case .bool(let flag) = found else { throw mismatch(key, "true or false") }
        return flag
    }

    func time(_ key: String) throws(SnapshotFileError) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = ISO8601Time.parse(text) else { throw mismatch(key, "an ISO 8601 time") }
        return date
    }

    func choice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) throws(SnapshotFileError) -> E?
    where E.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let match = E(rawValue: text) else {
            throw SnapshotFileError("\(keyPath(key)): expected one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), found '\(text)'")
        }
        return match
    }

    func optionalObject(_ key: String) throws(SnapshotFileError) -> Reader? {
        guard let found = raw(key) else { return nil }
        guard case .object = found else { throw mismatch(key, "an object") }
        return Reader(found, path: keyPath(key))
    }

    func object(_ key: String) throws(SnapshotFileError) -> Reader {
        guard let found = try optionalObject(key) else { throw SnapshotFileError("\(keyPath(key)): required") }
        return found
    }

    func array(_ key: String) throws(SnapshotFileError) -> [Reader] {
        guard let found = raw(key) else { return [] }
        guard case .array(let items) = found else { throw mismatch(key, "an array") }
        return items.enumerated().map { Reader($1, path: "\(keyPath(key))[\($0)]") }
    }
}
