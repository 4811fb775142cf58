import Clocks
import Foundation
import JSON
import Testing
import Uploads
import UploadsTestSupport
import ClocksTestSupport

@testable import Station

/// The whole station in-process on an emulated PMS5003 pushing to the loopback Sensor.Community stand-in,
/// hours in milliseconds.
@Suite("The station pushes to Sensor.Community", .serialized)
struct StationSensorCommunityTests {
    static let node = "raspi-inprocess"

    func station(_ fake: FakeSensorCommunity, directory: URL) throws -> InProcessStation {
        try InProcessStation(
            directory: directory, fake: nil, pm25: 14,
            sensorCommunity: SensorCommunityConfiguration(url: fake.url, nodeID: Self.node, interval: .seconds(145)))
    }

    @Test("posts on pin 1 every 145 s; the stand-in away for 10 minutes and back: uploads resume, status and counters say so")
    func pushesAndResumes() async throws {
        let directory = try temporaryDirectory("sensor-community")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeSensorCommunity(registered: [Self.node])
        defer { fake.stop() }
        let station = try station(fake, directory: directory)
        try await station.start()

        var current = try await station.json("/api/v1/current")
        #expect(current["uploads"]?["sensor_community"]?["enabled"] == .bool(true))
        #expect(current["uploads"]?["opensensemap"]?["enabled"] == .bool(false))

        await station.advance(by: .seconds(10 * 60))
        let pushes = fake.accepted
        #expect(pushes.count >= 3)
        #expect(fake.refused.isEmpty)
        for push in pushes {
            #expect(push.node == Self.node)
            #expect(push.pin == 1)
            #expect(push.softwareVersion?.hasPrefix("breeze-station-") == true)
            #expect(Set(push.values.keys) == ["P0", "P1", "P2"])
            #expect(push.values["P2"].flatMap(Double.init).map { abs($0 - 14) < 3 } == true)
        }
        current = try await station.json("/api/v1/current")
        let block = try #require(current["uploads"]?["sensor_community"])
        #expect(block["attempts"]?["success"] == .number(Double(pushes.count)))
        #expect(block["last_error"] == JSONValue.null)
        #expect(block["last_success"] != JSONValue.null)
        var metrics = try await station.text("/metrics")
        #expect(metrics.contains(#"breeze_upload_attempts_total{service="sensor_community",result="success"} \#(pushes.count)"#))
        #expect(metrics.contains(#"breeze_upload_last_success_timestamp_seconds{service="sensor_community"}"#))

        // Away for 10 minutes: failures counted, values dropped, nothing piles up; the station measures on.
        fake.down = true
        let minutesBefore = try await historyMinutes(station)
        await station.advance(by: .seconds(10 * 60))
        current = try await station.json("/api/v1/current")
        let away = try #require(current["uploads"]?["sensor_community"])
        guard case .number(let failures)? = away["attempts"]?["failed"] else {
            Issue.record("no failed count: \(away)")
            return
        }
        #expect(failures >= 3)
        #expect(away["last_error"] != JSONValue.null)
        #expect(away["pending"] == .number(0))
        #expect(current["sensor"]?["health"] == "ok")
        #expect(try await historyMinutes(station) >= minutesBefore + 9)
        #expect(fake.accepted.count == pushes.count)

        // Back: the next interval's values go out and the error clears.
        fake.down = false
        await station.advance(by: .seconds(5 * 60))
        #expect(fake.accepted.count >= pushes.count + 2)
        current = try await station.json("/api/v1/current")
        let back = try #require(current["uploads"]?["sensor_community"])
        #expect(back["last_error"] == JSONValue.null)
        metrics = try await station.text("/metrics")
        #expect(metrics.contains(#"breeze_upload_attempts_total{service="sensor_community",result="failed"} \#(Int(failures))"#))
        try await station.stop()
    }

    @Test("a push the network swallows holds neither HTTP nor the sensor and the pipeline that drives the LEDs")
    func hungUploadStallsNothing() async throws {
        let directory = try temporaryDirectory("sensor-community-hang")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeSensorCommunity(registered: [Self.node])
        defer { fake.stop() }
        let station = try station(fake, directory: directory)
        try await station.start()
        await station.advance(by: .seconds(140))
        fake.holding = true
        // To the push time: the uploader posts, and its request hangs in the stand-in.
        station.clock.advance(by: .seconds(10))
        let deadline = Date().addingTimeInterval(30)
        while fake.heldRequests == 0, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(fake.heldRequests == 1)
        // Every other service keeps going: two more minutes of samples while the push still hangs.
        await station.advance(by: .seconds(120), sleepers: station.idleSleepers - 1)
        let current = try await station.json("/api/v1/current")
        #expect(current["sensor"]?["health"] == "ok")
        guard case .number(let age)? = current["sensor"]?["age_s"] else {
            Issue.record("no sensor age: \(current)")
            return
        }
        #expect(age < 60)
        #expect(fake.heldRequests == 1)
        #expect(current["uploads"]?["sensor_community"]?["pending"] == .number(1))
        fake.holding = false
        // The held push, then the next round (due at 290 s) with the minutes measured meanwhile.
        await station.advance(by: .seconds(60))
        #expect(fake.accepted.count == 2)
        try await station.stop()
    }

    func historyMinutes(_ station: InProcessStation) async throws -> Int {
        let history = try await station.json("/api/v1/history?resolution=minute")
        guard case .array(let points)? = history["points"] else { return 0 }
        return points.count
    }
}
