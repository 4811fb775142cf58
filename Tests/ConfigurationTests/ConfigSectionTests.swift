import Foundation
import JSON
import Testing

@testable import Configuration

enum Mode: String, CaseIterable { case rgb, bar, single }

@Suite("Configuration sections")
struct ConfigSectionTests {
    func root(_ text: String) throws -> ConfigSection {
        try ConfigFile.parse(Array(text.utf8), source: "test.json")
    }

    @Test("values are read with their types")
    func reads() throws {
        let root = try root(#"{"station": {"name": "Balcony", "latitude": 52.5}, "leds": {"kind": "bar", "pwm": false, "lines": ["GPIO17", 27]}}"#)
        let station = try #require(root.section("station"))
        #expect(station.string("name") == "Balcony")
        #expect(station.double("latitude", in: -90...90) == 52.5)
        let leds = try #require(root.section("leds"))
        #expect(leds.choice("kind", as: Mode.self) == .bar)
        #expect(leds.bool("pwm") == false)
        #expect(leds.array("lines") == ["GPIO17", 27])
        try root.finish()
    }

    @Test("every problem names its key path, what was expected and what was found")
    func collectsAll() throws {
        let root = try root(#"{"sensor": {"serial": {"baud": "fast"}, "interval_s": 0.5}, "leds": {"kind": "rbg"}}"#)
        let sensor = root.section("sensor")
        #expect(sensor?.section("serial")?.int("baud", in: 1200...921_600) == nil)
        #expect(sensor?.int("interval_s", in: 1...3600) == nil)
        #expect(root.section("leds")?.choice("kind", as: Mode.self) == nil)
        do {
            try root.finish()
            Issue.record("expected errors")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines == [
                #"sensor.serial.baud: expected an integer from 1200 to 921600, found "fast""#,
                "sensor.interval_s: expected an integer from 1 to 3600, found 0.5",
                #"leds.kind: expected one of "rgb", "bar", "single", found "rbg"; did you mean "rgb"?"#,
            ])
        }
    }

    @Test("unknown keys are errors with a did-you-mean")
    func unknownKeys() throws {
        let root = try root(#"{"staton": {}, "sensor": {"modle": "pms5003", "zzzzzz": 1}}"#)
        _ = root.section("station")
        let sensor = root.section("sensor")
        _ = sensor?.string("model")
        do {
            try root.finish()
            Issue.record("expected errors")
        } catch {
            let lines = error.errors.map(\.description)
            #expect(lines.contains(#"staton: unknown key; did you mean "station"?"#))
            #expect(lines.contains(#"sensor.modle: unknown key; did you mean "model"?"#))
            #expect(lines.contains("sensor.zzzzzz: unknown key (known keys: model)"))
        }
    }

    @Test("arrays of objects get indexed paths")
    func indexedPaths() throws {
        let root = try root(#"{"cities": [{"name": "Paris"}, {"name": 3}]}"#)
        let cities = try #require(root.sections("cities"))
        #expect(cities[0].string("name") == "Paris")
        #expect(cities[1].string("name") == nil)
        #expect(throws: ConfigErrors.self) { try root.finish() }
        do { try root.finish() } catch { #expect(error.errors.first?.keyPath == "cities[1].name") }
    }

    @Test("a file that cannot be read or parsed names the file")
    func files() throws {
        do {
            _ = try ConfigFile.load(path: "/nonexistent/config.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent/config.json"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data("{\"a\": ".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try ConfigFile.load(path: url.path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("is not valid JSON"))
        }
    }

    @Test("edit distance")
    func distance() {
        #expect(DidYouMean.editDistance("serial", "seriall") == 1)
        #expect(DidYouMean.editDistance("modle", "model") == 1)
        #expect(DidYouMean.suggestion(for: "xyz", among: ["station", "sensor"]) == nil)
    }

    @Test("two readers of one section share it: what either reads is known, each problem is listed once")
    func aSectionAskedTwiceIsOneSection() throws {
        let root = try root(#"{"sensor": {"model": "pms5003", "correction": "epa-2021", "modle": 1}}"#)
        // One reader takes the model, another the correction, as the sensor and the station do.
        #expect(root.section("sensor")?.string("model") == "pms5003")
        #expect(root.section("sensor")?.string("correction") == "epa-2021")
        #expect(root.section("sensor")?.string("model") == "pms5003")
        do {
            try root.finish()
            Issue.record("expected the unknown key")
        } catch {
            #expect(error.errors.map(\.description) == [#"sensor.modle: unknown key; did you mean "model"?"#])
        }
    }
}
