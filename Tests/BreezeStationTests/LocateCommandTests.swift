import AirQuality
import Foundation
import OpenMeteo
import OpenMeteoTestSupport
import Sensors
import Testing

@Suite("breeze-station locate")
struct LocateCommandTests {
    /// A configuration file pointing the geocoding URL at `url`.
    func config(geocodingURL url: String, extra: String = "") throws -> String {
        let path = NSTemporaryDirectory() + "locate-\(UUID().uuidString).json"
        try #"{"station": {"name": "test"}, "openmeteo": {"geocoding_url": "\#(url)", "timeout_s": 5\#(extra)}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func array(_ text: String) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("locate Berlin prints the candidates from the configured geocoding server")
    func berlin() async throws {
        let fake = try FakeOpenMeteo()
        let path = try config(geocodingURL: fake.endpoints().geocoding)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["locate", "Berlin", "--config", path])
        #expect(result.status == 0, "\(result.stderr)")
        let candidates = try array(result.stdout)
        #expect(candidates.count == 5)
        let first = try #require(candidates.first)
        #expect(first["name"] as? String == "Berlin")
        #expect(first["admin_area"] as? String == "Land Berlin")
        #expect(first["country"] as? String == "Germany")
        #expect(first["latitude"] as? Double == 52.52437)
        #expect(first["longitude"] as? Double == 13.41053)
        #expect(first["timezone"] as? String == "Europe/Berlin")
        #expect(candidates.map { $0["admin_area"] as? String } == [
            "Land Berlin", "New Hampshire", "Maryland", "Wisconsin", "Massachusetts",
        ])
        let request = try #require(fake.requests(to: "/v1/search").first)
        #expect(request.query["name"] == "Berlin")
        #expect(request.query["count"] == "5")
        #expect(request.query["language"] == "en")
        #expect(request.headers["user-agent"]?.hasPrefix("breeze-station/") == true)
    }

    @Test("an unreachable server: non-zero exit and a clear message")
    func unreachable() async throws {
        let refusing = try #require(RefusedLoopbackPort())
        defer { withExtendedLifetime(refusing) {} }
        let url = "http://127.0.0.1:\(refusing.port)/v1/search"
        let path = try config(geocodingURL: url)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["locate", "Berlin", "--config", path])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("cannot reach the geocoding server"))
        #expect(result.stderr.contains("connection refused"))
        #expect(result.stderr.contains("127.0.0.1"))
    }

    @Test("the server's error body is shown")
    func serverError() async throws {
        let fake = try FakeOpenMeteo()
        fake.inject(.errorBody(400, reason: "Parameter count must be between 1 and 100"), path: "/v1/search")
        let path = try config(geocodingURL: fake.endpoints().geocoding)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["locate", "Berlin", "--config", path])
        withExtendedLifetime(fake) {}
        #expect(result.status == 69)
        #expect(result.stderr.contains("HTTP 400: Parameter count must be between 1 and 100"))
    }

    @Test("no match: an empty array and exit 1")
    func noMatch() async throws {
        let fake = try FakeOpenMeteo()
        let path = try config(geocodingURL: fake.endpoints().geocoding)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["locate", "Atlantis", "--config", path])
        withExtendedLifetime(fake) {}
        #expect(result.status == 1)
        #expect(result.stdout == "[]\n")
        #expect(result.stderr.contains("no place matches 'Atlantis'"))
    }

    @Test("bad arguments exit 2", arguments: [["locate"], ["locate", "B"], ["locate", "Berlin", "--bogus"]])
    func usage(_ arguments: [String]) async throws {
        let result = try await StationBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("a bad openmeteo section exits 78 naming the key")
    func badConfig() async throws {
        let path = try config(geocodingURL: "ftp://example.com/search", extra: #", "intervall_s": 600"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["locate", "Berlin", "--config", path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("openmeteo.geocoding_url"))
        #expect(result.stderr.contains("openmeteo.intervall_s: unknown key; did you mean \"interval_s\"?"))
    }

    @Test("a missing config file exits 78")
    func missingConfig() async throws {
        let result = try await StationBinary.run(["locate", "Berlin", "--config", "/nonexistent/config.json"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("/nonexistent/config.json"))
    }

    @Test("--help")
    func help() async throws {
        let result = try await StationBinary.run(["locate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: breeze-station locate"))
    }
}
