import AirQuality
import Foundation
import JSON
import OpenMeteo
import Sensors
import StationSnapshot
import Measurements
import Testing

@testable import Station

@Suite("The EPA correction on by default: auto, the humidity source order, raw and corrected")
struct CorrectionHumidityTests {
    let start = Date(timeIntervalSince1970: 1_796_032_800)

    func pipeline(_ model: SensorModel, choice: PM25CorrectionChoice = .auto) -> StationPipeline {
        var configuration = StationConfiguration(storage: StorageConfiguration(path: "/nonexistent/history.db"))
        configuration.sensor = SensorConfiguration(model: model)
        configuration.correction = choice
        return StationPipeline(settings: PipelineSettings(configuration), startedAt: start)
    }

    func sample(_ model: SensorModel, pm25: Double, cf1: Double?, humidity: Double?, at time: Date) -> SensorSample {
        SensorSample(
            time: time, model: model,
            measurement: ParticulateMeasurement(
                pm1: nil, pm25: pm25, pm10: pm25 * 1.2, pm25CF1: cf1, temperature: humidity.map { _ in 20 },
                relativeHumidity: humidity))
    }

    func openMeteoHumidity(_ relativeHumidity: Double, fetchedAt: Date) -> CachedValue<HumidityReading> {
        var cache = CachedValue<HumidityReading>()
        cache.value = HumidityReading(time: fetchedAt, relativeHumidity: relativeHumidity, temperature: nil)
        cache.fetchedAt = fetchedAt
        cache.lastAttemptAt = fetchedAt
        return cache
    }

    /// The 2021 line, the 2022 form below 570 µg/m³.
    func epa(_ cf1: Double, _ rh: Double) -> Double { 0.524 * cf1 - 0.0862 * rh + 5.75 }

    @Test("a PMS5003T by default: epa-2022-smoke on CF=1 with the sensor's own humidity")
    func plantowerWithOwnHumidity() throws {
        let pipeline = pipeline(.pms5003t)
        let sensor = FakeSensor(model: .pms5003t, at: start)
        pipeline.attach(sensor: sensor)
        let reading = sample(.pms5003t, pm25: 30, cf1: 40, humidity: 60, at: start)
        _ = pipeline.record(reading)
        let status = pipeline.snapshot(at: start.addingTimeInterval(1)).snapshot.sensor
        #expect(status.correctionChoice == .auto)
        #expect(status.correction == .epa2022Smoke)
        #expect(status.correctionHumiditySource == .sensor)
        #expect(try #require(status.correctedPM2_5) == epa(40, 60))
        #expect(status.measurement?.pm25 == 30)
        #expect(status.humidityFlag == false)
        #expect(status.correctionNote == nil)
    }

    @Test("a fresh climate reading is preferred to the sensor's own and to Open-Meteo's; an old one gives way")
    func climateFirst() throws {
        let pipeline = pipeline(.pms5003t)
        let sensor = FakeSensor(model: .pms5003t, at: start)
        pipeline.attach(sensor: sensor)
        pipeline.update { $0.humidity = openMeteoHumidity(80, fetchedAt: start) }
        pipeline.record(
            climate: ClimateReading(
                temperature: 18, relativeHumidity: 92, pressure: 101_000, source: .climate, model: "bme280", time: start))
        let reading = sample(.pms5003t, pm25: 30, cf1: 40, humidity: 60, at: start.addingTimeInterval(5))
        let minutes = pipeline.record(reading)
        #expect(minutes.isEmpty)
        var status = pipeline.snapshot(at: start.addingTimeInterval(10)).snapshot.sensor
        #expect(status.correctionHumiditySource == .climate)
        #expect(try #require(status.correctedPM2_5) == epa(40, 92))
        #expect(status.humidityFlag == true)

        // The climate sensor falls silent: past its age limit the PM sensor's own humidity is used at once.
        let later = start.addingTimeInterval(pipeline.settings.climateMaximumAge + 30)
        let next = sample(.pms5003t, pm25: 30, cf1: 40, humidity: 60, at: later)
        let completed = pipeline.record(next)
        status = pipeline.snapshot(at: later).snapshot.sensor
        #expect(status.correctionHumiditySource == .sensor)
        #expect(try #require(status.correctedPM2_5) == epa(40, 60))
        // The completed minute keeps raw and corrected, with the climate sensor's humidity it was taken with.
        let minute = try #require(completed.first)
        #expect(minute.humidity == 92)
        #expect(minute.pm25?.mean == 30)
        #expect(try #require(minute.pm25Corrected) == epa(40, 92))
    }

    @Test("a PMS5003 without humidity takes Open-Meteo's; with Open-Meteo away it says uncorrected and why")
    func openMeteoThenNothing() throws {
        let pipeline = pipeline(.pms5003)
        let sensor = FakeSensor(model: .pms5003, at: start)
        pipeline.attach(sensor: sensor)
        pipeline.update { $0.humidity = openMeteoHumidity(50, fetchedAt: start) }
        var reading = sample(.pms5003, pm25: 12, cf1: 12, humidity: nil, at: start)
        _ = pipeline.record(reading)
        var status = pipeline.snapshot(at: start).snapshot.sensor
        #expect(status.correction == .epa2022Smoke)
        #expect(status.correctionHumiditySource == .openMeteo)
        #expect(try #require(status.correctedPM2_5) == epa(12, 50))

        // Open-Meteo's answer is older than its limit and nothing else measures humidity.
        let later = start.addingTimeInterval(pipeline.settings.openMeteoHumidityMaximumAge + 60)
        reading = sample(.pms5003, pm25: 12, cf1: 12, humidity: nil, at: later)
        _ = pipeline.record(reading)
        let snapshot = pipeline.snapshot(at: later).snapshot
        status = snapshot.sensor
        #expect(status.correction == .none)
        #expect(status.correctionHumiditySource == nil)
        #expect(status.correctedPM2_5 == 12)
        #expect(status.humidityFlag == nil)
        let note = try #require(status.correctionNote)
        #expect(note.contains("epa-2022-smoke needs relative humidity"))
        #expect(note.contains("Open-Meteo's is"))
        #expect(note.contains("uncorrected"))
        let json = CurrentDocument.render(snapshot)
        #expect(json["sensor"]?["correction"] == "none")
        #expect(json["sensor"]?["correction_configured"] == "auto")
        #expect(json["sensor"]?["correction_rh_source"] == .null)
    }

    @Test("auto on sensors the EPA never fitted (SDS011, SPS30, HPMA115, PM1006): no correction, and why")
    func notFitted() throws {
        for model in [SensorModel.sds011, .sps30, .hpma115s0, .pm1006] {
            let pipeline = pipeline(model)
            let sensor = FakeSensor(model: model, at: start)
            pipeline.attach(sensor: sensor)
            pipeline.update { $0.humidity = openMeteoHumidity(50, fetchedAt: start) }
            let reading = sample(model, pm25: 20, cf1: nil, humidity: nil, at: start)
            _ = pipeline.record(reading)
            let status = pipeline.snapshot(at: start).snapshot.sensor
            #expect(status.correction == .none, "\(model)")
            #expect(status.correctedPM2_5 == 20, "\(model)")
            #expect(status.correctionNote?.contains("never fitted") == true, "\(model)")
        }
        // An explicit choice stays the user's.
        #expect(pipeline(.sds011, choice: .epa2021).settings.correction == .epa2021)
        #expect(pipeline(.pms5003, choice: PM25CorrectionChoice.none).settings.correction == .none)
    }
}
