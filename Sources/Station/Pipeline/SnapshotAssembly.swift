import AirQuality
import FoundationEssentials
import LEDs
import OpenMeteo
import Sensors
import StationSnapshot
import Uploads

/// Builds the station's snapshot from the pipeline's state: the indices, the AQI source selection, the
/// reconciliation, the sensor, the reference, the services and what the LEDs show. Pure apart from the
/// reconciliation's long-run memory, which it updates.
enum SnapshotAssembly {
    static func output(
        state: inout PipelineState, settings: PipelineSettings, evaluator: LocalAirQualityEvaluator, startedAt: Date,
        now: Date
    ) -> StationOutput {
        // Hours stored without a humidity (before this station version) get Open-Meteo's, when fresh.
        let humidity = state.humidity.flatMap { cache -> Double? in
            guard let age = cache.age(at: now), age <= settings.openMeteoHumidityMaximumAge else { return nil }
            return cache.value?.relativeHumidity
        }
        // The health is computed here too, not only taken from its events: a sensor that went stale since the
        // last event must not show the readings from before it went silent as current.
        if let driverHealth = state.sensor?.health(at: now), localHealth(driverHealth, configured: true).needsFallback {
            state.windows.markInterruption(at: driverHealth.since.timeIntervalSince1970)
        }
        let (local, agreement) = localAirQuality(
            &state, settings: settings, evaluator: evaluator, humidity: humidity, now: now)
        let health = localHealth(state.sensor?.health(at: now), configured: settings.sensorModel != nil)
        let reference = state.reference?.referenceSnapshot ?? .none
        let reported = local.reported
        let selection = AQISourceSelector.select(
            health: health, localAQI: reported?.index.value, reference: reference, now: now)
        let reconciliation = reconcile(
            local: local, reference: reference, history: &state.reconciliationHistory, settings: settings, now: now)
        let indices = IndexReading.readings(
            settings.aqi.all, local: local, reference: settings.referenceEnabled ? reference : nil, now: now)
        let indicator = Self.indicator(
            IndicatorPresentation.indicator(selection: selection, health: health, chosen: indices.first?.value),
            agreement: agreement)

        var snapshot = StationSnapshot(
            station: StationIdentity(
                name: settings.stationName, latitude: state.coordinate?.latitude, longitude: state.coordinate?.longitude),
            time: now, startedAt: startedAt)
        snapshot.sensor = sensorStatus(state, health: health, settings: settings, evaluator: evaluator, now: now)
        snapshot.climate = climateReading(state, settings: settings, now: now)
        snapshot.sensorB = sensorBStatus(state, settings: settings, evaluator: evaluator, now: now)
        snapshot.agreement = agreement
        snapshot.aqi = aqiReading(selection: selection, reported: reported, reference: state.reference?.value)
        snapshot.selection = selection
        snapshot.localIndices = LocalIndices(
            instant: local.instant?.value, nowcast: local.nowCast?.value, average24h: local.dailyMean?.value)
        snapshot.indices = indices
        snapshot.reference = referenceStatus(state, settings: settings)
        snapshot.reconciliation = reconciliation
        snapshot.leds = IndicatorPresentation.status(
            indicator, leds: settings.leds, running: state.ledsRunning,
            localTime: SystemTimeZone().localTime(at: now))
        snapshot.recentHours = local.hourly.map { hour in
            HourlyAQI(start: Date(timeIntervalSince1970: Double(hour.hour) * 3600), aqi: hourAQI(hour), pm2_5: hour.pm25)
        }
        snapshot.counters = counters(state)
        snapshot.services = services(state, settings: settings)
        snapshot.uploads = state.uploads.values.sorted { $0.service < $1.service }
        snapshot.metricSources = [StationServiceMetrics(state)]
        return StationOutput(snapshot: snapshot, indicator: indicator, local: local, selection: selection)
    }

    /// The driver's health in the API's terms; no sensor configured is `absent`, one not started yet
    /// `warming_up`.
    static func localHealth(_ health: SensorHealth?, configured: Bool) -> LocalSensorHealth {
        guard let health else { return configured ? .warmingUp : .absent }
        return LocalSensorHealth(rawValue: health.state.rawValue) ?? .fault
    }

    static func reconcile(
        local: LocalAirQuality, reference: ReferenceSnapshot, history: inout ReconciliationHistory,
        settings: PipelineSettings, now: Date
    ) -> Reconciliation {
        let hours = local.hourly.map { hour in
            HourlyPM(hourStart: Date(timeIntervalSince1970: Double(hour.hour) * 3600), pm25: hour.pm25, pm10: hour.pm10)
        }
        // Before the first complete hour the block still says why there is no verdict (never null).
        let result =
            Reconciler.evaluate(
                local: hours, localAQI24h: local.dailyMean?.value, reference: reference, history: &history, now: now)
            ?? Reconciler.beforeFirstHour(localAQI24h: local.dailyMean?.value, reference: reference, now: now)
        guard result.state == .referenceUnavailable || result.state == .pending, !settings.referenceEnabled else {
            return result
        }
        // Say why there is no reference rather than "no reading yet": there will never be one.
        return Reconciliation(
            state: result.state, suspectReason: nil,
            explanation: "no Open-Meteo reference: the station has no location (station.latitude and "
                + "station.longitude, or station.place) or openmeteo.enabled is false",
            pm25: nil, pm10: nil, localAQI24h: result.localAQI24h, referenceAQI24h: nil, longRunRatio: nil,
            longRunHours: 0, referenceAge: nil, referenceError: nil, evaluatedAt: now)
    }

    static func sensorStatus(
        _ state: PipelineState, health: LocalSensorHealth, settings: PipelineSettings,
        evaluator: LocalAirQualityEvaluator, now: Date
    ) -> SensorStatus {
        guard let model = state.sensor?.model ?? settings.sensorModel else {
            return SensorStatus(model: nil, health: .absent, reason: "no sensor configured")
        }
        let driverHealth = state.sensor?.health(at: now)
        let sample = state.sensor?.latestSample
        var status = SensorStatus(
            model: model.rawValue.uppercased(), health: health,
            reason: driverHealth.map(\.reason) ?? "starting", readingTime: sample?.time,
            measurement: sample?.measurement, correction: settings.correction)
        if let statistics = state.sensor?.statistics {
            status.recovery = SensorRecovery(
                steps: Dictionary(uniqueKeysWithValues: RecoveryStep.allCases.map { step in
                    (step.rawValue, UInt64(max(0, statistics.count(step))))
                }),
                i2cRetries: [
                    "nack": UInt64(max(0, statistics.decoder.nackRetries)),
                    "crc": UInt64(max(0, statistics.decoder.crcRetries)),
                ])
        }
        status.correctionChoice = settings.correctionChoice
        if let sample {
            applyCorrection(to: &status, sample: sample, state: state, settings: settings, evaluator: evaluator, now: now)
        } else {
            status.correctionNote = settings.correctionReason
        }
        return status
    }

    static func aqiReading(
        selection: AQISelection, reported: (index: OverallIndex, basis: IndexBasis)?, reference: AirQualityReading?
    ) -> AQIReading? {
        switch selection.source {
        case .local:
            guard let reported else { return nil }
            let basis: AQIBasis =
                switch reported.basis {
                case .nowCast: .nowcast
                case .dailyMean: .average24h
                case .instant: .instant
                }
            return AQIReading(reported.index, source: .local, basis: basis)
        case .openMeteo:
            guard let value = selection.aqi else { return nil }
            let pollutant: Pollutant = (reference?.usAQIPM10 ?? 0) > (reference?.usAQIPM25 ?? 0) ? .pm10 : .pm2_5
            return AQIReading(value: value, source: .openMeteo, basis: .average24h, pollutant: pollutant)
        case .none:
            return nil
        }
    }

    static func referenceStatus(_ state: PipelineState, settings: PipelineSettings) -> ReferenceStatus {
        guard settings.referenceEnabled else { return .disabled }
        guard let cache = state.reference, cache.lastAttemptAt != nil else {
            if let error = state.locationError { return .unavailable(error: error, last: nil) }
            return .pending
        }
        let last = cache.value.flatMap { value in cache.fetchedAt.map { referenceReading(value, fetchedAt: $0) } }
        if let error = cache.error { return .unavailable(error: error, last: last) }
        return last.map(ReferenceStatus.available) ?? .pending
    }

    static func referenceReading(_ reading: AirQualityReading, fetchedAt: Date) -> ReferenceReading {
        ReferenceReading(
            time: reading.time, fetchedAt: fetchedAt, usAQI: reading.usAQI, pm2_5: reading.pm25, pm10: reading.pm10,
            ozone: reading.ozone, nitrogenDioxide: reading.nitrogenDioxide, sulphurDioxide: reading.sulphurDioxide,
            carbonMonoxide: reading.carbonMonoxide)
    }

    /// The hour's AQI for the chart: its mean's sub-index on the 24-hour table (the larger of PM2.5 and PM10).
    static func hourAQI(_ hour: LocalHour) -> Int? {
        OverallIndex.particulate24h(pm25: hour.pm25, pm10: hour.pm10)?.value
    }

    static func counters(_ state: PipelineState) -> StationCounters {
        let decoder = state.sensor?.statistics.decoder
        return StationCounters(
            sensorFrames: UInt64(max(0, decoder?.frames ?? 0)), checksumErrors: UInt64(max(0, decoder?.checksumErrors ?? 0)),
            resyncs: UInt64(max(0, decoder?.resyncs ?? 0)), referenceFetches: state.referenceFetches,
            referenceFailures: state.referenceFailures)
    }

    static func services(_ state: PipelineState, settings: PipelineSettings) -> OpenMeteoServices {
        var services = OpenMeteoServices()
        services.cities = settings.citiesEnabled ? block(state.cities, locationError: nil) : .notConfigured
        services.pollen =
            settings.placeServicesEnabled ? block(state.pollen, locationError: state.locationError) : .notConfigured
        services.climate =
            settings.placeServicesEnabled ? block(state.climate, locationError: state.locationError) : .notConfigured
        services.ticker = state.cities?.value?.cities.map { CityAQI(name: $0.place.name, aqi: $0.usAQI) } ?? []
        return services
    }

    /// A route's block: the cache, rendered with its age and error when the route is asked, once something was
    /// fetched; 503 before; the error when every attempt failed.
    static func block<Value: JSONRepresentable>(_ cache: CachedValue<Value>?, locationError: String?) -> ServiceBlock {
        guard let cache, cache.lastAttemptAt != nil else {
            return locationError.map(ServiceBlock.unavailable) ?? .pending
        }
        if cache.value == nil { return .unavailable(cache.error ?? "no data") }
        return .available(CachedServiceDocument(cache: cache))
    }
}
