import AirQuality
import Diagnostics
import Foundation
import LEDs
import OpenMeteo
import OpenMeteoTestSupport
import Sensors
import StationSnapshot
import Synchronization
import Measurements
import Testing

@testable import Station

@Suite("The pipeline: samples and the reference in, the station's state out")
struct StationPipelineTests {
    /// 2026-11-30T10:00:00Z: inside the fixture's 48 model hours.
    let start = Date(timeIntervalSince1970: 1_796_032_800)

    func pipeline(reference: Bool = true, leds: LEDConfiguration? = LEDConfiguration(palette: .breeze)) -> StationPipeline {
        let pipeline = StationPipeline(
            settings: PipelineSettings(
                stationName: "Test", coordinate: GeoCoordinate(latitude: 52.52, longitude: 13.41), sensorModel: .pms5003,
                leds: leds, referenceEnabled: reference, placeServicesEnabled: reference),
            startedAt: start)
        pipeline.update { $0.ledsRunning = true }
        return pipeline
    }

    /// Samples every `step` seconds for `duration` at `pm25`; returns the completed minutes.
    @discardableResult
    func feed(_ pipeline: StationPipeline, _ sensor: FakeSensor, pm25: Double, from: Date, for duration: Double,
              step: Double = 10) -> [MinuteAggregate] {
        var minutes: [MinuteAggregate] = []
        var time = from
        while time < from.addingTimeInterval(duration) {
            minutes += pipeline.record(sensor.sample(pm25, at: time))
            time = time.addingTimeInterval(step)
        }
        return minutes
    }

    @Test("a fresh sensor: the local value, its level on the LEDs, steady")
    func local() throws {
        let pipeline = pipeline()
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 5, from: start, for: 30)
        let output = pipeline.snapshot(at: start.addingTimeInterval(30))
        let aqi = try #require(output.snapshot.aqi)
        #expect(aqi.source == .local)
        #expect(aqi.basis == .instant)
        #expect(aqi.level == .excellent || aqi.level == .good)
        #expect(output.indicator == .local(aqi.level))
        #expect(output.snapshot.leds.pattern == "solid")
        #expect(output.snapshot.leds.color == LEDPalette.breeze.color(for: aqi.level))
        #expect(output.snapshot.sensor.health == .ok)
        #expect(output.snapshot.sensor.model == "PMS5003")
        #expect(output.snapshot.sensor.measurement?.pm25 == 5)
        #expect(output.snapshot.selection?.reason == "local sensor ok")
        #expect(output.snapshot.reference.statusName == "pending")
    }

    @Test("the sensor goes stale: Open-Meteo's PM index, marked on the LEDs; back to local when it returns")
    func fallback() async throws {
        let pipeline = pipeline()
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 5, from: start, for: 60)
        let cache = try await referenceCache(fetchedAt: start.addingTimeInterval(60))
        pipeline.update { $0.reference = cache }
        sensor.set(.stale, at: start.addingTimeInterval(120))
        let stale = pipeline.snapshot(at: start.addingTimeInterval(120))
        #expect(stale.snapshot.aqi?.source == .openMeteo)
        #expect(stale.snapshot.aqi?.value == 61)
        #expect(stale.snapshot.aqi?.basis == .average24h)
        #expect(stale.indicator == .regional(.moderate))
        #expect(stale.snapshot.leds.pattern == "marked")
        #expect(stale.snapshot.leds.color == LEDPalette.breeze.color(for: .moderate))
        #expect(stale.snapshot.reference.statusName == "ok")
        #expect(stale.snapshot.selection?.reason.contains("stale") == true)

        sensor.set(.ok, at: start.addingTimeInterval(125))
        feed(pipeline, sensor, pm25: 5, from: start.addingTimeInterval(125), for: 5)
        let back = pipeline.snapshot(at: start.addingTimeInterval(130))
        #expect(back.snapshot.aqi?.source == .local)
        #expect(back.snapshot.leds.pattern == "solid")
    }

    @Test("unplugged, replugged and warming up: the regional value with the reason, not the value from before the unplug; local from the first fresh sample")
    func replugWarmUp() async throws {
        let pipeline = pipeline()
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 5, from: start, for: 300)
        let cache = try await referenceCache(fetchedAt: start.addingTimeInterval(300))
        pipeline.update { $0.reference = cache }
        #expect(pipeline.snapshot(at: start.addingTimeInterval(300)).snapshot.aqi?.source == .local)

        // Unplugged at +300 s (seen only by the snapshot reading the driver), back at +310 s and warming up.
        sensor.set(.absent, at: start.addingTimeInterval(300))
        #expect(pipeline.snapshot(at: start.addingTimeInterval(305)).snapshot.aqi?.source == .openMeteo)
        sensor.set(.warmingUp, at: start.addingTimeInterval(310))
        let warming = pipeline.snapshot(at: start.addingTimeInterval(320))
        #expect(warming.snapshot.sensor.health == .warmingUp)
        #expect(warming.snapshot.aqi?.source == .openMeteo)
        #expect(warming.snapshot.aqi?.value == 61)
        #expect(warming.snapshot.localIndices.instant == nil)
        #expect(warming.snapshot.selection?.reason.contains("warming_up") == true, "\(String(describing: warming.snapshot.selection))")
        #expect(warming.indicator == .regional(.moderate))

        // The first good sample after the replug: local again.
        sensor.set(.ok, at: start.addingTimeInterval(340))
        feed(pipeline, sensor, pm25: 5, from: start.addingTimeInterval(340), for: 1)
        let back = pipeline.snapshot(at: start.addingTimeInterval(341))
        #expect(back.snapshot.aqi?.source == .local)
        #expect(back.snapshot.localIndices.instant != nil)
    }

    @Test("the sensor loop's health events mark the interruption too: readings up to it are not current")
    func interruptionEvent() {
        let pipeline = pipeline(reference: false)
        let sensor = FakeSensor(health: .warmingUp, at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 5, from: start, for: 60)
        #expect(pipeline.snapshot(at: start.addingTimeInterval(60)).snapshot.aqi?.source == .local)
        pipeline.sensorInterrupted(at: start.addingTimeInterval(60))
        #expect(pipeline.snapshot(at: start.addingTimeInterval(70)).snapshot.aqi == nil)
        feed(pipeline, sensor, pm25: 5, from: start.addingTimeInterval(71), for: 1)
        #expect(pipeline.snapshot(at: start.addingTimeInterval(72)).snapshot.aqi?.source == .local)
    }

    @Test("no sensor value and no reference: the sensor's own state on the LEDs")
    func nothing() {
        let pipeline = pipeline(reference: false)
        let sensor = FakeSensor(health: .warmingUp, at: start)
        pipeline.attach(sensor: sensor)
        let warming = pipeline.snapshot(at: start)
        #expect(warming.snapshot.aqi == nil)
        #expect(warming.indicator == .warmingUp)
        #expect(warming.snapshot.leds.pattern == "breathing")
        #expect(warming.snapshot.reference.statusName == "disabled")
        sensor.set(.fault, at: start)
        #expect(pipeline.snapshot(at: start).indicator == .fault)
        sensor.set(.absent, at: start)
        let absent = pipeline.snapshot(at: start)
        #expect(absent.indicator == .noData)
        #expect(absent.snapshot.leds.pattern == "blip")
        #expect(absent.snapshot.selection?.source == AQISource.none)
    }

    @Test("the driver's recovery steps and I²C retries reach the snapshot (sensor.recovery) and /metrics")
    func recoveryCounts() {
        let pipeline = pipeline(reference: false)
        let sensor = FakeSensor(at: start)
        sensor.setCounters { statistics in
            statistics.recoverySteps = [.resync: 3, .reopen: 2, .fault: 1]
            statistics.decoder.nackRetries = 5
            statistics.decoder.crcRetries = 4
        }
        pipeline.attach(sensor: sensor)
        let snapshot = pipeline.snapshot(at: start).snapshot
        #expect(snapshot.sensor.recovery.steps == ["resync": 3, "resend_mode": 0, "reopen": 2, "reset_pulse": 0, "fault": 1])
        #expect(snapshot.sensor.recovery.i2cRetries == ["nack": 5, "crc": 4])
        let text = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(text.contains("breeze_sensor_recovery_steps_total{step=\"reopen\"} 2\n"))
        #expect(text.contains("breeze_sensor_i2c_retries_total{kind=\"crc\"} 4\n"))
    }

    @Test("a sensor that falls silent turns stale from its last report alone: no event, no driver to ask")
    func staleFromTheReport() async throws {
        let pipeline = pipeline()
        var condition = SensorCondition(
            base: SensorHealth(state: .ok, reason: nil, since: start, lastGoodSample: nil), staleAfter: .seconds(30))
        pipeline.attach(sensor: SensorFeed(model: .pms5003, report: SensorReport(condition: condition, statistics: SensorStatistics())))
        var time = start
        while time < start.addingTimeInterval(120) {
            condition.base.lastGoodSample = time
            var statistics = SensorStatistics()
            statistics.samples = Int(time.timeIntervalSince(start) / 10) + 1
            statistics.decoder.frames = 2 * statistics.samples
            pipeline.record(SensorReport(condition: condition, statistics: statistics))
            _ = pipeline.record(SensorSample(
                time: time, model: .pms5003, measurement: ParticulateMeasurement(pm1: 3, pm25: 5, pm10: 7)))
            time = time.addingTimeInterval(10)
        }
        let last = start.addingTimeInterval(110)
        let cache = try await referenceCache(fetchedAt: last)
        pipeline.update { $0.reference = cache }
        let fresh = pipeline.snapshot(at: last.addingTimeInterval(29)).snapshot
        #expect(fresh.sensor.health == .ok)
        #expect(fresh.aqi?.source == .local)
        #expect(fresh.sensor.readingTime == last)
        #expect(fresh.counters.sensorFrames == 24)
        #expect(PrometheusText.render(StationMetrics.families(fresh)).contains("breeze_sensor_samples_total 12\n"))

        let silent = pipeline.snapshot(at: last.addingTimeInterval(31)).snapshot
        #expect(silent.sensor.health == .stale)
        #expect(silent.sensor.reason == "no good sample for 31 s")
        #expect(silent.aqi?.source == .openMeteo)
    }

    @Test("no LEDs configured: the block says off")
    func noLEDs() {
        let pipeline = pipeline(leds: nil)
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 5, from: start, for: 10)
        let output = pipeline.snapshot(at: start.addingTimeInterval(10))
        #expect(output.snapshot.leds == LEDStatus(color: nil, pattern: "off"))
    }

    @Test("complete hours are reconciled against the model over the same clock hours")
    func reconciliation() async throws {
        let pipeline = pipeline()
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 14, from: start, for: 3 * 3600 + 60, step: 30)
        let now = start.addingTimeInterval(3 * 3600 + 60)
        pipeline.update { $0.reference = nil }
        let cache = try await referenceCache(fetchedAt: now)
        pipeline.update { $0.reference = cache }
        let output = pipeline.snapshot(at: now)
        let result = try #require(output.snapshot.reconciliation)
        #expect(result.state == .agrees)
        #expect(result.pm25?.hours == 3)
        #expect(output.snapshot.aqi?.basis == .nowcast)
        #expect(output.snapshot.recentHours.count == 24)
        #expect(output.snapshot.recentHours.suffix(3).allSatisfy { $0.aqi != nil })
    }

    @Test("without a location, reconciliation says there will be no reference")
    func noReference() {
        let pipeline = pipeline(reference: false)
        let sensor = FakeSensor(at: start)
        pipeline.attach(sensor: sensor)
        feed(pipeline, sensor, pm25: 14, from: start, for: 3600 + 60, step: 30)
        let output = pipeline.snapshot(at: start.addingTimeInterval(3600 + 60))
        #expect(output.snapshot.reconciliation?.state == .referenceUnavailable)
        #expect(output.snapshot.reconciliation?.explanation.contains("no location") == true)
    }

    @Test("no sensor configured: absent, and the store's and services' metrics are there")
    func noSensor() {
        let pipeline = StationPipeline(settings: PipelineSettings(stationName: "Nothing"), startedAt: start)
        let output = pipeline.snapshot(at: start)
        #expect(output.snapshot.sensor.health == .absent)
        #expect(output.snapshot.sensor.reason == "no sensor configured")
        #expect(output.snapshot.station.latitude == nil)
        let names = output.snapshot.metricSources.flatMap(\.metricFamilies).map(\.name)
        #expect(names.contains("breeze_store_write_failures_total"))
        #expect(names.contains("breeze_service_restarts_total"))
        let text = PrometheusText.render(StationMetrics.families(output.snapshot))
        #expect(text.contains("breeze_store_up 1\n"))
    }

    @Test("the expected minutes of an hour follow the sampling interval")
    func expectedMinutes() {
        #expect(PipelineSettings.expectedMinutes(interval: 1) == 60)
        #expect(PipelineSettings.expectedMinutes(interval: 60) == 60)
        #expect(PipelineSettings.expectedMinutes(interval: 300) == 12)
        #expect(PipelineSettings.expectedMinutes(interval: 86_400) == 1)
    }
}
