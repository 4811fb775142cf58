import AirQuality
import Clocks
import Diagnostics
import Foundation
import HTTPClient
import OpenMeteoTestSupport
import StationSnapshot
import Synchronization
import Measurements
import Testing
import UploadsTestSupport
import ClocksTestSupport

@testable import Uploads

/// The latest status an uploader reported.
final class StatusBox: Sendable {
    let value = Mutex(UploadStatus(service: "none"))
}

/// The uploader against the loopback stand-in over the real libcurl client, on a manual clock.
@Suite("Sensor.Community uploader")
struct SensorCommunityUploaderTests {
    static let start = Date(timeIntervalSince1970: 1_796_029_200)

    /// An uploader, its snapshot feed and its latest status.
    final class Rig: Sendable {
        let clock = ManualClock(start: SensorCommunityUploaderTests.start)
        let feed: AsyncStream<StationSnapshot>.Continuation
        let uploader: SensorCommunityUploader
        let latest = StatusBox()
        let logs = InMemoryLogSink()
        let task = Mutex<Task<Void, any Error>?>(nil)

        init(
            url: String, node: String = "raspi-test", client: CurlHTTPClient,
            climate: @escaping @Sendable (StationSnapshot) -> (time: Date, climate: SensorCommunityReadings.Climate)? =
                SnapshotReadings.climate
        ) {
            let (stream, feed) = AsyncStream.makeStream(of: StationSnapshot.self)
            self.feed = feed
            let latest = self.latest
            uploader = SensorCommunityUploader(
                configuration: SensorCommunityConfiguration(url: url, nodeID: node, interval: .seconds(145)),
                transport: client, clock: clock,
                logger: Logger(label: "sc", minimumLevel: .debug, sink: logs, format: .terminal, clock: clock),
                softwareVersion: "breeze-station-test", subscribe: { stream },
                onStatus: { status in latest.value.withLock { $0 = status } }, climate: climate, random: { 0.5 })
        }

        func start() {
            let uploader = self.uploader
            task.withLock { $0 = Task { try await uploader.run() } }
        }

        /// Feeds a reading taken now and waits until the uploader has it.
        func reading(pm1: Double? = nil, pm25: Double, pm10: Double, health: LocalSensorHealth = .ok) async {
            let before = uploader.snapshotsReceived.load(ordering: .acquiring)
            var snapshot = StationSnapshot(station: StationIdentity(name: "t", latitude: nil, longitude: nil), time: clock.now)
            snapshot.sensor = SensorStatus(
                model: "PMS5003", health: health, reason: nil, readingTime: clock.now, measurement: ParticulateMeasurement(pm1: pm1, pm25: pm25, pm10: pm10),
                correction: .none)
            feed.yield(snapshot)
            let deadline = Date().addingTimeInterval(20)
            while uploader.snapshotsReceived.load(ordering: .acquiring) == before, Date() < deadline {
                try? await Task.sleep(for: .milliseconds(2))
            }
        }

        /// Moves virtual time on, deadline by deadline, until `done` holds (the uploader waiting between steps).
        func advance(until done: () -> Bool) async {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                guard await clock.waitForSleepers(1, timeout: .seconds(30)) else { break }
                if done() { return }
                if let next = clock.nextDeadline { clock.advance(to: next) }
            }
            Issue.record("condition not reached by \(clock.now)")
        }

        var status: UploadStatus { latest.value.withLock { $0 } }

        func stop() async {
            let running = task.withLock { $0 }
            running?.cancel()
            _ = try? await running?.value
        }
    }

    func client() throws -> CurlHTTPClient {
        try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(10)))
    }

    @Test("every 145 s one POST per pin with the interval's mean of raw readings; status and counters say so")
    func pushesMeans() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-test"])
        defer { fake.stop() }
        let rig = Rig(url: fake.url, client: try client())
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm1: 3, pm25: 10, pm10: 20)
        rig.clock.advance(by: .seconds(60))
        await rig.reading(pm1: 5, pm25: 14.5, pm10: 30)
        await rig.advance { fake.accepted.count == 1 }
        let push = try #require(fake.accepted.first)
        #expect(push.node == "raspi-test")
        #expect(push.pin == 1)
        #expect(push.softwareVersion == "breeze-station-test")
        #expect(push.values == ["P1": "25.00", "P2": "12.25", "P0": "4.00"])
        #expect(rig.clock.now == Self.start.addingTimeInterval(145))
        let status = rig.status
        #expect(status.count(.success) == 1)
        #expect(status.lastSuccess == rig.clock.now)
        #expect(status.pending == 0)
        // Nothing new measured: nothing sent in the next interval.
        rig.clock.advance(by: .seconds(145))
        _ = await rig.clock.waitForSleepers(1)
        #expect(fake.accepted.count == 1)
        // A reading from an unhealthy sensor is not sent.
        await rig.reading(pm25: 99, pm10: 99, health: .fault)
        rig.clock.advance(by: .seconds(145))
        _ = await rig.clock.waitForSleepers(1)
        #expect(fake.accepted.count == 1)
        await rig.stop()
    }

    @Test("a climate reading in the snapshot goes out on its own pin: a BME280 on 11 with pressure in Pa")
    func climatePin() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-test"])
        defer { fake.stop() }
        // Each snapshot carries a BME280 reading taken with the particulate one.
        let rig = Rig(url: fake.url, client: try client()) { snapshot in
            snapshot.sensor.readingTime.map { ($0, .init(temperature: 21.5, humidity: 48, pressure: 101_325)) }
        }
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm25: 10, pm10: 20)
        await rig.advance { fake.accepted.count == 2 }
        #expect(fake.refused.isEmpty, "\(fake.refused)")
        #expect(fake.accepted.map(\.pin) == [1, 11])
        #expect(fake.accepted.last?.values == ["temperature": "21.50", "humidity": "48.00", "pressure": "101325.00"])
        #expect(rig.status.count(.success) == 2)
        await rig.stop()
    }

    @Test("the service away: bounded retries with backoff, the values dropped (not queued), the error shown; then it resumes")
    func downAndBack() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-test"])
        defer { fake.stop() }
        fake.down = true
        let rig = Rig(url: fake.url, client: try client())
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm25: 10, pm10: 20)
        await rig.advance { rig.status.count(.failed) == 1 }
        let failed = rig.status
        #expect(failed.lastError?.contains("pin 1") == true)
        #expect(failed.lastSuccess == nil)
        #expect(failed.dropped == 2)
        #expect(failed.pending == 0)
        // Three attempts in all, with waits of 2.5-5 s and 5-10 s (jitter 0.5: 3.75 s, 7.5 s).
        #expect(fake.server.requests.count == 3)
        #expect(rig.clock.now == Self.start.addingTimeInterval(145 + 3.75 + 7.5))
        // A second interval while still down: still one round at most, nothing piles up.
        await rig.reading(pm25: 11, pm10: 21)
        await rig.advance { rig.status.count(.failed) == 2 }
        #expect(fake.server.requests.count == 6)
        fake.down = false
        await rig.reading(pm25: 30, pm10: 40)
        await rig.advance { fake.accepted.count == 1 }
        // Only the current interval's values: the dropped ones are gone.
        #expect(fake.accepted.first?.values == ["P1": "40.00", "P2": "30.00"])
        let resumed = rig.status
        #expect(resumed.count(.success) == 1)
        #expect(resumed.lastError == nil)
        #expect(resumed.lastSuccess != nil)
        #expect(resumed.dropped == 4)
        // The log: one warning for the failure streak (not one per push or per retry), a notice when it ends.
        let lines = rig.logs.lines
        #expect(lines.filter { $0.contains("warning") }.count == 1, "\(lines)")
        #expect(lines.filter { $0.contains("retrying") }.isEmpty)
        #expect(lines.contains { $0.contains("notice") && $0.contains("accepted again") })
        await rig.stop()
    }

    @Test("a refused node (403) is not retried; the error names the status and the service's reason")
    func rejected() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-other"])
        defer { fake.stop() }
        let rig = Rig(url: fake.url, client: try client())
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm25: 10, pm10: 20)
        await rig.advance { rig.status.count(.rejected) == 1 }
        #expect(fake.server.requests.count == 1)
        let error = try #require(rig.status.lastError)
        #expect(error.contains("HTTP 403"))
        #expect(error.contains("not registered"))
        await rig.stop()
    }

    @Test("secrets in the configured URL reach neither the log nor the status")
    func redacted() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-other"])
        defer { fake.stop() }
        let url = "http://user:hunter2@127.0.0.1:\(fake.server.port)/v1/push-sensor-data/?key=hunter2"
        let rig = Rig(url: url, client: try client())
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm25: 10, pm10: 20)
        await rig.advance { rig.status.count(.rejected) == 1 }
        let error = try #require(rig.status.lastError)
        #expect(error.contains("HTTP 403"))
        #expect(!error.contains("hunter2"), "\(error)")
        #expect(!rig.logs.lines.contains { $0.contains("hunter2") }, "\(rig.logs.lines)")
        await rig.stop()
    }

    @Test("cancellation ends the service promptly, also in the middle of the retry waits")
    func cancellation() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-test"])
        defer { fake.stop() }
        fake.down = true
        let rig = Rig(url: fake.url, client: try client())
        rig.start()
        _ = await rig.clock.waitForSleepers(1)
        await rig.reading(pm25: 10, pm10: 20)
        rig.clock.advance(by: .seconds(145))
        // In the backoff after the first failed attempt.
        _ = await rig.clock.waitForSleepers(1)
        #expect(rig.clock.nextDeadline.map { $0 < Self.start.addingTimeInterval(200) } == true)
        await rig.stop()
        #expect(rig.clock.sleeperCount == 0)
    }
}
