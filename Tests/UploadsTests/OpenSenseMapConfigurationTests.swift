import Configuration
import Foundation
import JSON
import Testing

@testable import Uploads

@Suite("openSenseMap configuration")
struct OpenSenseMapConfigurationTests {
    static func read(_ text: String) -> (OpenSenseMapConfiguration?, [String]) {
        let root = ConfigSection(document: (try? JSONValue.parse(text)) ?? .null)
        let configuration = OpenSenseMapConfiguration(section: root.section("opensensemap"))
        do {
            try root.finish()
            return (configuration, [])
        } catch {
            return (configuration, error.errors.map(\.description))
        }
    }

    @Test("a box id and a sensor map are enough; the rest has its defaults")
    func defaults() throws {
        let (configuration, errors) = Self.read(
            #"{"opensensemap": {"box_id": "5F2B56F4263635001C1DD1C0", "sensors": {"pm2_5": "5f2b56f4263635001c1dd1c1"}}}"#)
        #expect(errors == [])
        let settings = try #require(configuration)
        #expect(settings.url == "https://api.opensensemap.org")
        #expect(settings.boxID == "5f2b56f4263635001c1dd1c0")
        #expect(settings.sensors == [.pm25: "5f2b56f4263635001c1dd1c1"])
        #expect(settings.interval == .seconds(60))
        #expect(settings.tokenFile == nil)
    }

    @Test("no section or enabled false: no uploads, and a disabled section may keep its keys")
    func disabled() {
        #expect(Self.read("{}").0 == nil)
        let (configuration, errors) = Self.read(#"{"opensensemap": {"enabled": false, "box_id": "x", "sensors": {}}}"#)
        #expect(configuration == nil)
        #expect(errors == [])
    }

    @Test("every problem is named by its key path")
    func problems() {
        let (_, errors) = Self.read(
            #"{"opensensemap": {"url": "ftp://x", "box_id": "abc", "interval_s": 5, "sensors": {"pm25": "5f2b56f4263635001c1dd1c1", "pm10": "zz"}}}"#)
        #expect(errors.contains { $0.hasPrefix("opensensemap.url") })
        #expect(errors.contains { $0.hasPrefix("opensensemap.box_id") && $0.contains("24 hex digits") })
        #expect(errors.contains { $0.hasPrefix("opensensemap.interval_s") })
        #expect(errors.contains { $0.hasPrefix("opensensemap.sensors.pm10") })
        #expect(errors.contains { $0.hasPrefix("opensensemap.sensors.pm25") && $0.contains("pm2_5") })
        let (_, missing) = Self.read(#"{"opensensemap": {}}"#)
        #expect(missing.contains { $0.hasPrefix("opensensemap.box_id") && $0.contains("missing") })
        #expect(missing.contains { $0.hasPrefix("opensensemap.sensors") && $0.contains("missing") })
    }

    @Test("the token comes from its file without its newline, and is never shown")
    func token() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("token").path
        try "s3cr3t-token\n".write(toFile: path, atomically: true, encoding: .utf8)
        let token = try OpenSenseMapToken.load(path: path)
        #expect(token.value == "s3cr3t-token")
        #expect(!"\(token)".contains("s3cr3t"))
        try "two\nlines\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: OpenSenseMapSetupError.self) { try OpenSenseMapToken.load(path: path) }
        try "\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: OpenSenseMapSetupError.self) { try OpenSenseMapToken.load(path: path) }
        do {
            _ = try OpenSenseMapToken.load(path: path + ".missing")
            Issue.record("a missing token file was read")
        } catch {
            #expect(error.description.contains("opensensemap.token_file"))
            #expect(error.description.contains("no such file"))
        }
        let settings = OpenSenseMapConfiguration(boxID: osmBoxID, tokenFile: path, sensors: osmSensors)
        #expect(!settings.json.serialized().contains("s3cr3t"))
    }
}
