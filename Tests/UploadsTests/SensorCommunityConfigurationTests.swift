import Configuration
import Foundation
import JSON
import Testing
import Uploads

/// The `sensor_community` section and the board serial behind the default node id.
@Suite("Sensor.Community configuration")
struct SensorCommunityConfigurationTests {
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("proc"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("sys/firmware/devicetree/base"), withIntermediateDirectories: true)
        return url
    }

    func parse(_ text: String, serial: BoardSerial) throws -> (SensorCommunityConfiguration?, [String]) {
        let root = ConfigSection(document: try JSONValue.parse(text))
        let configuration = SensorCommunityConfiguration(section: root.section("sensor_community"), boardSerial: serial)
        do {
            try root.finish()
            return (configuration, [])
        } catch {
            return (configuration, error.errors.map(\.description))
        }
    }

    @Test("defaults: the public endpoint, raspi-<cpuinfo Serial>, 145 s")
    func defaults() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        try "processor\t: 0\nHardware\t: BCM2835\nRevision\t: c03111\nSerial\t\t: 10000000ABCDEF01\nModel\t\t: Raspberry Pi 4\n"
            .write(to: root.appendingPathComponent("proc/cpuinfo"), atomically: true, encoding: .utf8)
        let (configuration, errors) = try parse(#"{"sensor_community": {}}"#, serial: BoardSerial(root: root.path))
        #expect(errors.isEmpty)
        #expect(configuration?.url == "https://api.sensor.community/v1/push-sensor-data/")
        #expect(configuration?.nodeID == "raspi-10000000abcdef01")
        #expect(configuration?.interval == .seconds(145))
        #expect(configuration?.json["node_id"] == .string("raspi-10000000abcdef01"))
    }

    @Test("the device-tree serial (NUL-terminated) when cpuinfo has none; an all-zero serial is none")
    func deviceTree() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        try "processor\t: 0\nSerial\t\t: 0000000000000000\n"
            .write(to: root.appendingPathComponent("proc/cpuinfo"), atomically: true, encoding: .utf8)
        try Data("6a1b2c3d4e5f6071\0".utf8).write(to: root.appendingPathComponent("sys/firmware/devicetree/base/serial-number"))
        #expect(BoardSerial(root: root.path).read() == "6a1b2c3d4e5f6071")
    }

    @Test("no serial anywhere and no node_id: an error naming the key and the files")
    func noSerial() throws {
        let root = try directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let (_, errors) = try parse(#"{"sensor_community": {"enabled": true}}"#, serial: BoardSerial(root: root.path))
        #expect(errors.count == 1)
        #expect(errors.first?.contains("sensor_community.node_id") == true)
        #expect(errors.first?.contains("/proc/cpuinfo") == true)
    }

    @Test("given keys are used; bad ones are named; a disabled section keeps its keys quietly")
    func keys() throws {
        let none = BoardSerial(cpuinfoPath: "/nonexistent/cpuinfo", deviceTreePath: "/nonexistent/serial")
        let (given, ok) = try parse(
            #"{"sensor_community": {"url": "http://127.0.0.1:9/push", "node_id": "raspi-abc", "interval_s": 300}}"#,
            serial: none)
        #expect(ok.isEmpty)
        #expect(given?.url == "http://127.0.0.1:9/push")
        #expect(given?.nodeID == "raspi-abc")
        #expect(given?.interval == .seconds(300))
        let (_, bad) = try parse(
            #"{"sensor_community": {"url": "ftp://x", "node_id": "a b", "interval_s": 5, "pin": 1}}"#, serial: none)
        #expect(bad.contains { $0.contains("sensor_community.url") })
        #expect(bad.contains { $0.contains("sensor_community.node_id") })
        #expect(bad.contains { $0.contains("sensor_community.interval_s") })
        #expect(bad.contains { $0.contains("sensor_community.pin") })
        let (off, quiet) = try parse(#"{"sensor_community": {"enabled": false, "node_id": "x"}}"#, serial: none)
        #expect(off == nil)
        #expect(quiet.isEmpty)
        // null is no value: the board's serial, and without one the same error as a missing key.
        let (_, null) = try parse(#"{"sensor_community": {"node_id": null}}"#, serial: none)
        #expect(null.contains { $0.contains("sensor_community.node_id: missing") }, "\(null)")
        let (_, number) = try parse(#"{"sensor_community": {"node_id": 42}}"#, serial: none)
        #expect(number.contains { $0.contains("sensor_community.node_id") }, "\(number)")
        let (absent, _) = try parse("{}", serial: none)
        #expect(absent == nil)
    }
}
