import AirQuality
import FoundationEssentials
import OpenMeteo
import Sensors
import StationSnapshot

/// The humidity for the EPA corrections and the climate block: which source is fresh, in the order of
/// ``CorrectionHumidity`` (the climate sensor, the PM sensor's own, Open-Meteo's).
extension SnapshotAssembly {
    /// The humidity the correction uses at `now` for `sample` (the latest one when nil).
    static func correctionHumidity(
        _ state: PipelineState, sample: SensorSample?, settings: PipelineSettings, now: Date
    ) -> CorrectionHumidity {
        let climate = state.climateReading.flatMap { reading in
            reading.relativeHumidity.map {
                CorrectionHumidity.Candidate(
                    relativeHumidity: $0, time: reading.time.timeIntervalSince1970,
                    maximumAge: settings.climateMaximumAge)
            }
        }
        let own = sample ?? state.sensor?.latestSample
        let sensor = own.flatMap { sample in
            sample.relativeHumidity.map {
                CorrectionHumidity.Candidate(
                    relativeHumidity: $0, time: sample.time.timeIntervalSince1970,
                    maximumAge: settings.sensorHumidityMaximumAge)
            }
        }
        let openMeteo = state.humidity.flatMap { cache in
            cache.value.flatMap { value in
                cache.fetchedAt.map {
                    CorrectionHumidity.Candidate(
                        relativeHumidity: value.relativeHumidity, time: $0.timeIntervalSince1970,
                        maximumAge: settings.openMeteoHumidityMaximumAge)
                }
            }
        }
        return CorrectionHumidity(
            climate: climate, sensor: sensor, openMeteo: openMeteo, now: now.timeIntervalSince1970)
    }

    /// The climate sensor's reading when it is younger than its age limit.
    static func freshClimate(_ state: PipelineState, settings: PipelineSettings, now: Date) -> ClimateReading? {
        guard let reading = state.climateReading, now.timeIntervalSince(reading.time) <= settings.climateMaximumAge
        else { return nil }
        return reading
    }

    /// The snapshot's climate block: the climate sensor's fresh reading, else the PM sensor's own temperature
    /// and humidity (PMS5003T/ST) while its sample is fresh; nil when neither.
    static func climateReading(_ state: PipelineState, settings: PipelineSettings, now: Date) -> ClimateReading? {
        if let reading = freshClimate(state, settings: settings, now: now) { return reading }
        guard let sample = state.sensor?.latestSample, sample.temperature != nil || sample.relativeHumidity != nil,
            now.timeIntervalSince(sample.time) <= settings.sensorHumidityMaximumAge
        else { return nil }
        return ClimateReading(
            temperature: sample.temperature, relativeHumidity: sample.relativeHumidity, source: .sensor,
            model: sample.model.rawValue, time: sample.time)
    }

    /// Sets the sensor block's corrected PM2.5 and says which humidity it used, or why it is uncorrected.
    static func applyCorrection(
        to status: inout SensorStatus, sample: SensorSample, state: PipelineState, settings: PipelineSettings,
        evaluator: LocalAirQualityEvaluator, now: Date
    ) {
        let humidity = correctionHumidity(state, sample: sample, settings: settings, now: now)
        let corrected = evaluator.correct(atm: sample.pm25, cf1: sample.pm25CF1, humidity: humidity.relativeHumidity)
        status.apply(corrected)
        status.correctionHumidity = humidity.relativeHumidity
        status.humidityFlag = humidity.isFoggy
        if corrected.correction != .none, corrected.correction.needsRelativeHumidity {
            status.correctionHumiditySource = humidity.source
        }
        if let reason = settings.correctionReason {
            status.correctionNote = reason
        } else if corrected.note != nil, let missing = humidity.missingReason {
            status.correctionNote =
                "\(settings.correction.rawValue) needs relative humidity; \(missing); the value is uncorrected"
        }
    }
}
