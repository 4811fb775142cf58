import AirQuality
import Clocks
import Diagnostics
import Foundation
import HTTPClient
import UploadsTestSupport
import Synchronization
import StationSnapshot
import Testing
import ClocksTestSupport

@testable import Uploads

/// An outbox in memory, for the uploader's own tests (the SQLite one is tested in StorageTests and end to
/// end in StationTests).
final class MemoryOutbox: UploadOutbox {
    private let minutes: Mutex<[MinuteAggregate]>
    init(_ minutes: [MinuteAggregate]) { self.minutes = Mutex(minutes.sorted { $0.minute < $1.minute }) }
    func oldest(limit: Int) async throws -> [MinuteAggregate] { minutes.withLock { Array($0.prefix(limit)) } }
    func remove(_ accepted: [Int64]) async throws {
        let set = Set(accepted)
        minutes.withLock { $0.removeAll { set.contains($0.minute) } }
    }
    func count() async throws -> Int { minutes.withLock { $0.count } }
}

/// A libcurl client with room for a loaded 2-core CI machine (the stand-in parses thousands of values with
/// Foundation on threads that wait for a core).
func testClient() throws -> CurlHTTPClient {
    try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(60), timeout: .seconds(180)))
}

let osmBoxID = "5f2b56f4263635001c1dd1c0"
let osmToken = "d3c0ffee5ecre7token"

func standIn(token: String? = osmToken) throws -> FakeOpenSenseMap {
    try FakeOpenSenseMap(boxes: [FakeOpenSenseMap.Box(id: osmBoxID, sensors: Set(osmSensors.values), token: token)])
}

func uploader(
    to standIn: FakeOpenSenseMap, outbox: any UploadOutbox, token: String? = osmToken,
    sensors: [OpenSenseMapPhenomenon: String] = osmSensors, client: CurlHTTPClient
) -> OpenSenseMapUploader {
    OpenSenseMapUploader(
        configuration: OpenSenseMapConfiguration(url: standIn.url, boxID: osmBoxID, sensors: sensors),
        token: token.map { OpenSenseMapToken(value: $0) }, outbox: outbox, transport: client,
        clock: ManualClock(start: Date(timeIntervalSince1970: Double(nineOClock) * 60 + 86_400)),
        logger: Logger(label: "opensensemap", minimumLevel: .error, sink: InMemoryLogSink(), format: .terminal))
}

@Suite("openSenseMap uploader against the stand-in")
struct OpenSenseMapUploaderTests {
    @Test("1000 minutes go out oldest first in requests of at most 2500 values, each minute once, then leave the outbox")
    func drains() async throws {
        let server = try standIn()
        let client = try testClient()
        defer { client.shutdown() }
        let outbox = MemoryOutbox((0..<1000).map { osmMinute(nineOClock + Int64($0), pm25: Double($0 % 50)) })
        let upload = uploader(to: server, outbox: outbox, client: client)
        #expect(await upload.uploadPending())
        #expect(try await outbox.count() == 0)
        #expect(server.rejections == [])
        // 5 values a minute (pressure is mapped but not in the minutes): 416 minutes a request.
        #expect(server.requests.count == 3)
        let accepted = server.accepted
        #expect(accepted.count == 5000)
        let pm25 = accepted.filter { $0.sensor == osmSensors[.pm25] }.map(\.createdAt)
        #expect(pm25 == (0..<1000).map { Date(timeIntervalSince1970: Double(nineOClock + Int64($0)) * 60) })
        let status = upload.currentStatus
        #expect(status.pending == 0)
        #expect(status.lastSuccess != nil)
        #expect(status.lastError == nil)
    }

    @Test("while openSenseMap is away the minutes stay; when it is back each goes out exactly once")
    func outage() async throws {
        let server = try standIn()
        let client = try testClient()
        defer { client.shutdown() }
        let outbox = MemoryOutbox((0..<10).map { osmMinute(nineOClock + Int64($0), pm25: 7) })
        let upload = uploader(to: server, outbox: outbox, client: client)
        server.set(.unreachable)
        #expect(await upload.uploadPending() == false)
        #expect(try await outbox.count() == 10)
        #expect(upload.currentStatus.pending == 10)
        #expect(upload.currentStatus.lastError?.contains("cannot reach openSenseMap") == true)
        server.set(.failing(503))
        #expect(await upload.uploadPending() == false)
        #expect(upload.currentStatus.lastError?.contains("HTTP 503") == true)
        server.set(.up)
        #expect(await upload.uploadPending())
        #expect(try await outbox.count() == 0)
        #expect(server.accepted.count == 50)
        #expect(Set(server.accepted.map { "\($0.sensor) \($0.createdAt)" }).count == 50)
    }

    @Test("a wrong token is refused with 401 and nothing leaves the outbox")
    func wrongToken() async throws {
        let server = try standIn()
        let client = try testClient()
        defer { client.shutdown() }
        let outbox = MemoryOutbox([osmMinute(nineOClock, pm25: 7)])
        let upload = uploader(to: server, outbox: outbox, token: "not-the-token", client: client)
        #expect(await upload.uploadPending() == false)
        #expect(upload.currentStatus.lastError?.contains("HTTP 401") == true)
        #expect(try await outbox.count() == 1)
        #expect(server.accepted.isEmpty)
    }
}
