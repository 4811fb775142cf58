import AirQuality
import Foundation
import JSON
import Storage
import Testing
import Uploads
import UploadsTestSupport

@testable import Station

/// The whole station in-process on an emulated PMS5003 sending to the loopback openSenseMap stand-in through
/// the outbox in its SQLite history, hours in milliseconds.
@Suite("The station sends to openSenseMap", .serialized)
struct StationOpenSenseMapTests {
    static let box = "5f2b56f4263635001c1dd1c0"
    static let token = "b0x-t0ken-for-the-stand-in"
    static let sensors: [OpenSenseMapPhenomenon: String] = [
        .pm25: "5f2b56f4263635001c1dd1c1", .pm10: "5f2b56f4263635001c1dd1c2", .pm1: "5f2b56f4263635001c1dd1c3",
    ]

    func station(_ fake: FakeOpenSenseMap, directory: URL) throws -> InProcessStation {
        let tokenFile = directory.appendingPathComponent("opensensemap-token").path
        try "\(Self.token)\n".write(toFile: tokenFile, atomically: true, encoding: .utf8)
        return try InProcessStation(
            directory: directory, fake: nil, pm25: 14,
            openSenseMap: OpenSenseMapConfiguration(url: fake.url, boxID: Self.box, tokenFile: tokenFile, sensors: Self.sensors))
    }

    @Test("every minute reaches openSenseMap once, the stand-in away for 10 minutes and back; HTTP and the sensor go on meanwhile")
    func everyMinuteThroughAnOutage() async throws {
        let directory = try temporaryDirectory("opensensemap")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenSenseMap(boxes: [
            FakeOpenSenseMap.Box(id: Self.box, sensors: Set(Self.sensors.values), token: Self.token)
        ])
        defer { fake.stop() }
        let station = try station(fake, directory: directory)
        try await station.start()

        var current = try await station.json("/api/v1/current")
        #expect(current["uploads"]?["opensensemap"]?["enabled"] == .bool(true))
        #expect(current["uploads"]?["sensor_community"]?["enabled"] == .bool(false))

        await station.advance(by: .seconds(10 * 60))
        // The store commits on its own thread, in real time: once the minutes are in, one more upload round.
        await Self.waitForStoredMinutes(station, atLeast: 9)
        await station.advance(by: .seconds(60))
        #expect(fake.rejections == [])
        let before = Self.pm25Minutes(fake)
        #expect(before.count >= 9)
        current = try await station.json("/api/v1/current")
        let up = try #require(current["uploads"]?["opensensemap"])
        #expect(up["last_error"] == JSONValue.null)
        #expect(up["last_success"] != JSONValue.null)

        // Away for 10 minutes: the minutes wait in the outbox; the station measures and answers meanwhile.
        fake.set(.unreachable)
        for _ in 0..<10 {
            await station.advance(by: .seconds(60))
            current = try await station.json("/api/v1/current")
            #expect(current["sensor"]?["health"] == "ok")
        }
        let away = try #require(current["uploads"]?["opensensemap"])
        #expect(away["last_error"] != JSONValue.null)
        guard case .number(let pending)? = away["pending"] else {
            Issue.record("no pending count: \(away)")
            return
        }
        #expect(pending >= 8)
        #expect(Self.pm25Minutes(fake).count == before.count)
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains(#"breeze_upload_pending{service="opensensemap"}"#))
        #expect(metrics.contains(#"breeze_upload_attempts_total{service="opensensemap",result="failed"}"#))

        // Back: the backoff runs out and the outbox drains, oldest first, every minute once.
        fake.set(.up)
        await station.advance(by: .seconds(15 * 60))
        await Self.waitForStoredMinutes(station, atLeast: 34)
        await station.advance(by: .seconds(60))
        current = try await station.json("/api/v1/current")
        let back = try #require(current["uploads"]?["opensensemap"])
        #expect(back["last_error"] == JSONValue.null)
        #expect(fake.rejections == [])
        let sent = Self.pm25Minutes(fake)
        #expect(sent.count == Set(sent).count, "a minute was sent twice")
        #expect(sent == sent.sorted(), "minutes went out of order")
        try await station.stop()
        let database = try HistoryStore(path: station.databasePath)
        defer { database.close() }
        let stored = try database.minutes(from: 0, to: Int64.max / 2).map(\.minute)
        let waiting = try database.outboxMinutes(service: OpenSenseMapUploader.outboxName, limit: 10_000).map(\.minute)
        // Every stored minute went out, except those written since the last upload (the last two at most, and
        // the one the shutdown stored).
        #expect(Set(sent).union(waiting) == Set(stored))
        #expect(Set(sent).isDisjoint(with: waiting))
        #expect(waiting.count <= 3)
        #expect(stored.count >= 30)
        // Each request carried the box's three sensors for its minutes.
        for measurement in fake.accepted { #expect(Self.sensors.values.contains(measurement.sensor)) }
        #expect(fake.accepted.count == 3 * sent.count)
    }

    /// Waits (real time, generously) until the history holds `count` minutes.
    static func waitForStoredMinutes(_ station: InProcessStation, atLeast count: Int) async {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let history = try? await station.json("/api/v1/history?resolution=minute")
            if case .array(let points)? = history?["points"], points.count >= count { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("the history did not reach \(count) minutes")
    }

    /// The minutes (since 1970) of the PM2.5 values the stand-in accepted, in the order received.
    static func pm25Minutes(_ fake: FakeOpenSenseMap) -> [Int64] {
        fake.accepted.filter { $0.sensor == sensors[.pm25] }.map { Int64($0.createdAt.timeIntervalSince1970 / 60) }
    }
}
