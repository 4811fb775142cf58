import AirQuality
import Clocks
import Foundation
import JSON
import LEDs
import OpenMeteoTestSupport
import SensorEmulation
import Sensors
import StationSnapshot
import Storage
import Testing
import ClocksTestSupport

@testable import Station

/// Two emulated PMS5003s (`sensor` and `sensor_b`) on the demo's drift-b scenario, through the whole station
/// on a manual clock: agree → B drifting → B dead → B back; the agreement block, the station's value, the
/// suspect and the LEDs at each phase.
@Suite struct ChannelAgreementStationTests {
    /// The scenario's baseline PM2.5, µg/m³.
    private static let baseline = 15.0

    private func twoSensorStation(directory: URL, fake: FakeOpenMeteo?) throws -> InProcessStation {
        let start = InProcessStation.start
        let deviceB = try #require(
            SensorEmulators.serialDevice(
                .pms5003, scenario: DemoScenario.driftB.channelB(start: start, baseline: Self.baseline), start: start))
        let clock = ManualClock(start: start)
        return try InProcessStation(
            directory: directory, fake: fake, pm25: Self.baseline, clock: clock,
            scenario: DemoScenario.driftB.concentration(start: start, baseline: Self.baseline),
            streamB: EmulatedByteStream(device: deviceB, clock: clock, name: "sensor_b"))
    }

    private func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    @Test("agree → B drifting (named by the reference) → B dead → B back")
    func driftWithReference() async throws {
        let directory = try temporaryDirectory("channels")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let station = try twoSensorStation(directory: directory, fake: fake)
        try await station.start()

        // 09:50, gain 1: the channels agree; the station's value is their mean, steady on the LEDs.
        await station.advance(by: .seconds(50 * 60))
        var current = try await station.json("/api/v1/current")
        var agreement = try #require(current["agreement"])
        #expect(current["sensor_b"]?["model"] == "PMS5003")
        #expect(current["sensor_b"]?["health"] == "ok")
        #expect(number(current["sensor_b"]?["pm2_5"]) != nil)
        #expect(agreement["state"] == "agree")
        #expect(agreement["suspect"] == .null)
        #expect(agreement["used"] == ["a", "b"])
        let meanA = try #require(number(agreement["pm2_5_a"]))
        let meanB = try #require(number(agreement["pm2_5_b"]))
        #expect(abs((number(agreement["pm2_5"]) ?? -1) - (meanA + meanB) / 2) <= 0.1)
        #expect((number(agreement["difference_ug_m3"]) ?? 99) <= 1)
        #expect(current["aqi"]?["source"] == "local")
        #expect(current["leds"]?["pattern"] == "solid")

        // 11:30, gain 2.5-2.75: B is far from both A and Open-Meteo's 12-13 µg/m³: suspect b, A's value used,
        // the hour flagged, the LEDs still steady on the trusted value.
        await station.advance(by: .seconds(100 * 60))
        current = try await station.json("/api/v1/current")
        agreement = try #require(current["agreement"])
        #expect(agreement["state"] == "disagree")
        #expect(agreement["suspect"] == "b")
        #expect(agreement["suspect_reason"] == "far_from_reference")
        #expect(agreement["flagged"] == true)
        #expect(agreement["used"] == ["a"])
        #expect(number(agreement["pm2_5"]) == number(agreement["pm2_5_a"]))
        #expect((number(agreement["difference_ug_m3"]) ?? 0) > 5)
        #expect((number(agreement["difference_pct"]) ?? 0) > 70)
        #expect(current["aqi"]?["source"] == "local")
        #expect(current["leds"]?["pattern"] == "solid")
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains("breeze_channel_agreement_state{state=\"disagree\"} 1"))
        #expect(metrics.contains("breeze_channel_suspect{channel=\"b\"} 1"))

        // B unplugged: absent, the station goes on with A alone.
        station.streamB?.setPresent(false)
        await station.advance(by: .seconds(10 * 60))
        current = try await station.json("/api/v1/current")
        agreement = try #require(current["agreement"])
        #expect(current["sensor_b"]?["health"] == "absent")
        #expect(current["sensor"]?["health"] == "ok")
        #expect(agreement["state"] == "single")
        #expect(agreement["suspect"] == .null)
        #expect(agreement["used"] == ["a"])
        #expect(number(agreement["pm2_5"]) == number(agreement["pm2_5_a"]))
        #expect(current["aqi"]?["source"] == "local")
        #expect(current["leds"]?["pattern"] == "solid")

        // B back, cleaned (14:00-15:00, gain 1): the channels agree again.
        station.streamB?.setPresent(true)
        await station.advance(by: .seconds(180 * 60))
        current = try await station.json("/api/v1/current")
        agreement = try #require(current["agreement"])
        #expect(current["sensor_b"]?["health"] == "ok")
        #expect(agreement["state"] == "agree")
        #expect(agreement["used"] == ["a", "b"])
        #expect(current["aqi"]?["basis"] == "nowcast")
        #expect(current["leds"]?["pattern"] == "solid")

        // The history keeps both channels: at 12:00, B (gain 4) far above A.
        let history = try await station.json("/api/v1/history?resolution=hour")
        guard case .array(let points)? = history["points"] else {
            Issue.record("no points: \(history)")
            return
        }
        let noon = try #require(points.first { $0["time"] == "2026-11-30T12:00:00Z" })
        let noonA = try #require(number(noon["pm2_5"]))
        let noonB = try #require(number(noon["pm2_5_b"]))
        #expect(noonB > 3 * noonA)
        try await station.stop()
        let store = try HistoryStore(path: station.databasePath)
        defer { store.close() }
        #expect(try store.hours(from: 0, to: Int64.max, channel: .b).count >= 5)
        #expect(try store.minutes(from: 0, to: Int64.max, channel: .b).count >= 200)
    }

    @Test("a restart rebuilds channel B from the store: the hours before are the channels' combination again")
    func restart() async throws {
        let directory = try temporaryDirectory("channels")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try twoSensorStation(directory: directory, fake: nil)
        try await first.start()
        await first.advance(by: .seconds(150 * 60))
        try await first.stop()
        #expect((try await first.runtime.pipeline.snapshot(at: first.clock.now)).snapshot.agreement.state == .disagree)

        // The same database, both sensors silent: the hours before come from what was stored.
        let clock = ManualClock(start: first.clock.now)
        let second = try InProcessStation(
            directory: directory, fake: nil, pm25: Self.baseline, clock: clock,
            scenario: DemoScenario.driftB.concentration(start: InProcessStation.start, baseline: Self.baseline),
            streamB: EmulatedByteStream(
                device: try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 0), start: clock.now)),
                clock: clock))
        second.streamB?.setPresent(false)
        second.stream.setPresent(false)
        let state = second.runtime.pipeline
        try await second.start()
        let ten = Int64(InProcessStation.start.timeIntervalSince1970 / 3600) + 1
        let hourA = try #require(state.current.windows.recentHours.first { $0.hour == ten }?.pm25)
        let hourB = try #require(state.current.windowsB.recentHours.first { $0.hour == ten }?.pm25)
        #expect(hourB > hourA + 5)
        // 10:00-11:00 (gain 1 to 2.5) stayed within the EPA bounds: the station's hour is the channels' mean.
        let output = state.snapshot(at: clock.now)
        let combined = try #require(output.local.hourly.first { $0.hour == ten }?.pm25)
        #expect(abs(combined - (hourA + hourB) / 2) < 0.01)
        try await second.stop()
    }

    @Test("without a reference the drift cannot be blamed: the hour is dropped and the LEDs say so")
    func driftWithoutReference() async throws {
        let directory = try temporaryDirectory("channels")
        defer { try? FileManager.default.removeItem(at: directory) }
        let station = try twoSensorStation(directory: directory, fake: nil)
        try await station.start()

        // 11:30: disagreement, nobody to blame.
        await station.advance(by: .seconds(150 * 60))
        var current = try await station.json("/api/v1/current")
        var agreement = try #require(current["agreement"])
        #expect(agreement["state"] == "disagree")
        #expect(agreement["suspect"] == .null)
        #expect(agreement["used"] == [])
        #expect(agreement["pm2_5"] == .null)
        #expect(current["leds"]?["pattern"] == "fast_blink")

        // 12:05: the whole 11:00 hour disagreed, so the NowCast goes without it.
        await station.advance(by: .seconds(35 * 60))
        let output = station.runtime.pipeline.snapshot(at: station.clock.now)
        let eleven = try #require(output.local.hourly.last)
        #expect(eleven.hour == Int64(InProcessStation.start.timeIntervalSince1970 / 3600) + 2)
        #expect(eleven.pm25 == nil)
        #expect(output.local.hourly.dropLast().last?.pm25 != nil)
        current = try await station.json("/api/v1/current")
        agreement = try #require(current["agreement"])
        #expect(agreement["state"] == "disagree")
        #expect(current["leds"]?["pattern"] == "fast_blink")
        try await station.stop()
    }
}
