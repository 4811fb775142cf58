import HTTPClient
import OpenMeteoTestSupport
import Testing
import Uploads
import UploadsTestSupport

/// The stand-in refuses what Sensor.Community refuses, through the real libcurl client, so a test that
/// passes against it says something about the real service.
@Suite("Sensor.Community stand-in")
struct FakeSensorCommunityTests {
    func post(_ fake: FakeSensorCommunity, headers: [(String, String)], body: String) async throws -> Int {
        let client = try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(10)))
        let response = try await client.send(HTTPRequest(
            method: .post, url: fake.url, headers: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) },
            body: Array(body.utf8)))
        return response.status
    }

    static let good = #"{"software_version":"breeze-station-test","sensordatavalues":[{"value_type":"P1","value":"12.30"},{"value_type":"P2","value":"8.00"}]}"#
    static let json = ("Content-Type", "application/json")

    @Test("an airRohr-shaped push is accepted with 200 and recorded")
    func accepts() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-1"])
        defer { fake.stop() }
        let status = try await post(fake, headers: [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "1")], body: Self.good)
        #expect(status == 200)
        #expect(fake.accepted.first?.values == ["P1": "12.30", "P2": "8.00"])
        #expect(fake.accepted.first?.pin == 1)
    }

    @Test("refused: missing or unknown X-Sensor (403), missing or unknown pin, wrong Content-Type, no sensordatavalues, number values, a type of another pin (400)")
    func refuses() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-1"])
        defer { fake.stop() }
        let cases: [(Int, [(String, String)], String)] = [
            (403, [Self.json, ("X-Pin", "1")], Self.good),
            (403, [Self.json, ("X-Sensor", "raspi-2"), ("X-Pin", "1")], Self.good),
            (400, [Self.json, ("X-Sensor", "raspi-1")], Self.good),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "2")], Self.good),
            (400, [("Content-Type", "application/x-www-form-urlencoded"), ("X-Sensor", "raspi-1"), ("X-Pin", "1")], Self.good),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "1")], #"{"software_version":"x"}"#),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "1")], #"{"sensordatavalues":[{"value_type":"P1","value":12.3}]}"#),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "1")], #"{"sensordatavalues":[{"value_type":"temperature","value":"20.00"}]}"#),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "7")], Self.good),
            (400, [Self.json, ("X-Sensor", "raspi-1"), ("X-Pin", "1")], "not json"),
        ]
        for (expected, headers, body) in cases {
            let status = try await post(fake, headers: headers, body: body)
            #expect(status == expected, "\(headers) \(body)")
        }
        #expect(fake.accepted.isEmpty)
        #expect(fake.refused.count == cases.count)
    }

    @Test("what the uploader encodes passes the stand-in on every pin")
    func encodedPushesPass() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-1"])
        defer { fake.stop() }
        let client = try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(10)))
        let pushes = SensorCommunityPush.pushes(for: SensorCommunityReadings(
            pm1_0: 1, pm2_5: 2, pm10: 3, climate: .init(temperature: 20, humidity: 40, pressure: 100_000)))
            + SensorCommunityPush.pushes(for: SensorCommunityReadings(climate: .init(temperature: 20, humidity: 40)))
            + SensorCommunityPush.pushes(for: SensorCommunityReadings(climate: .init(temperature: 20, pressure: 100_000)))
        for push in pushes {
            let response = try await client.send(push.request(url: fake.url, nodeID: "raspi-1", softwareVersion: "breeze-station-t"))
            #expect(response.status == 200)
        }
        #expect(fake.accepted.map(\.pin) == [1, 11, 7, 3])
        #expect(fake.accepted.allSatisfy { $0.softwareVersion == "breeze-station-t" })
    }
}
