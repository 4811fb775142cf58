import AirQuality
import JSON
import StationSnapshot
import Testing

@Suite("/api/v1/current document")
struct CurrentDocumentTests {
    @Test("keys in the contract's order, filled from AirQuality's types")
    func keys() throws {
        let document = CurrentDocument.render(try Samples.full())
        guard case .object(let top) = document else {
            Issue.record("not an object")
            return
        }
        #expect(top.map(\.key) == [
            "station", "time", "sensor", "sensor_b", "agreement", "climate", "aqi", "indices", "reference",
            "reconciliation", "leds", "uploads",
        ])
        func keys(_ name: String) -> [String] {
            guard case .object(let pairs)? = document[name] else { return [] }
            return pairs.map(\.key)
        }
        #expect(keys("station") == ["name", "latitude", "longitude"])
        #expect(keys("sensor") == ["model", "health", "reason", "age_s", "pm1_0", "pm2_5", "pm10", "correction", "pm2_5_corrected", "correction_note", "correction_configured", "correction_rh_source", "correction_rh_pct", "humidity_flag", "recovery"])
        #expect(keys("aqi") == [
            "value", "source", "source_reason", "basis", "pollutant", "beyond_index", "level", "text", "emoji", "description", "color",
            "epa_category", "epa_color", "tips", "instant", "nowcast", "avg_24h",
        ])
        #expect(keys("reference") == [
            "status", "error", "time", "fetched_at", "age_s", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide",
            "sulphur_dioxide", "carbon_monoxide",
        ])
        #expect(keys("reconciliation") == [
            "state", "suspect_reason", "reason", "explanation", "pm2_5", "pm10", "local_aqi_24h", "reference_aqi_24h",
            "aqi_difference", "long_run_ratio", "long_run_hours", "reference_age_s", "reference_error", "evaluated_at",
        ])
        #expect(keys("leds") == ["color", "pattern"])
    }

    @Test("values")
    func values() throws {
        let snapshot = try Samples.full()
        let document = CurrentDocument.render(snapshot)
        let aqi = try #require(snapshot.aqi)
        #expect(document["time"] == "2026-03-01T12:00:00Z")
        #expect(document["sensor"]?["age_s"] == 2)
        #expect(document["sensor"]?["health"] == "ok")
        #expect(document["sensor"]?["correction"] == "epa-2021")
        #expect(document["sensor"]?["correction_rh_source"] == "climate")
        #expect(document["climate"]?["temperature_c"] == 21.37)
        #expect(document["climate"]?["humidity_pct"] == 50)
        #expect(document["climate"]?["pressure_hpa"] == 1012.25)
        #expect(document["climate"]?["source"] == "climate")
        #expect(document["climate"]?["age_s"] == 12)
        #expect(document["aqi"]?["value"] == .number(Double(aqi.value)))
        #expect(document["aqi"]?["level"] == .string(aqi.level.rawValue))
        #expect(document["aqi"]?["color"] == .string(aqi.level.color.hex))
        #expect(document["aqi"]?["epa_category"] == .string(aqi.epaCategory.name))
        #expect(document["aqi"]?["tips"] == .array(aqi.level.tips.map(JSONValue.string)))
        #expect(document["aqi"]?["source"] == "local")
        #expect(document["aqi"]?["basis"] == "nowcast")
        #expect(document["reference"]?["age_s"] == 600)
        #expect(document["reference"]?["status"] == "ok")
        #expect(document["aqi"]?["source_reason"] == "local sensor ok")
        #expect(document["reconciliation"]?["state"] == "agrees")
        #expect(document["reconciliation"]?["aqi_difference"] == 20)
        #expect(document["reconciliation"]?["pm2_5"]?["ratio"] == 1.17)
        #expect(document["leds"]?["color"] == .string(aqi.level.color.hex))
    }

    @Test("with nothing known, every key is still there, as null")
    func empty() throws {
        let document = CurrentDocument.render(Samples.empty)
        #expect(document["aqi"]?["value"] == .null)
        #expect(document["aqi"]?["tips"] == [])
        #expect(document["sensor"]?["health"] == "absent")
        #expect(document["reference"]?["status"] == "pending")
        #expect(document["leds"]?["color"] == .null)
        #expect(Samples.empty.isReady == false)
        #expect(Samples.empty.shareText == nil)
    }

    @Test("a failed fetch keeps the last reading with its age and the error")
    func referenceUnavailable() throws {
        var snapshot = try Samples.full()
        let last = try #require(snapshot.reference.reading)
        snapshot.reference = .unavailable(error: "timeout after 10 s", last: last)
        let document = CurrentDocument.render(snapshot)
        #expect(document["reference"]?["status"] == "unavailable")
        #expect(document["reference"]?["error"] == "timeout after 10 s")
        #expect(document["reference"]?["us_aqi"] == 52)
        #expect(snapshot.isReady)
    }

    @Test("share text is AirQuality's")
    func share() throws {
        let snapshot = try Samples.full()
        #expect(snapshot.shareText == ShareText.make(place: snapshot.station.name, index: try #require(snapshot.aqi).value))
    }

    @Test("a snapshot file round-trips through the current document")
    func snapshotFileRoundTrip() throws {
        let snapshot = try Samples.full()
        let document = CurrentDocument.render(snapshot)
        let decoded = try SnapshotFile(document).snapshot
        #expect(CurrentDocument.render(decoded) == document)
    }

    @Test("snapshot file errors name the key path")
    func snapshotFileErrors() throws {
        let cases: [(String, String)] = [
            (#"{"time": "2026-03-01T12:00:00Z"}"#, "station: required"),
            (#"{"station": {"name": "x"}}"#, "time: required"),
            (#"{"station": {"name": 3}, "time": "2026-03-01T12:00:00Z"}"#, "station.name: expected a string, found a number"),
            (#"{"station": {}, "time": "2026-03-01T12:00:00Z", "sensor": {"health": "sick"}}"#, "sensor.health: expected one of ok, warming_up"),
            (#"{"station": {}, "time": "yesterday"}"#, "time: expected an ISO 8601 time"),
            (#"{"station": {}, "time": "2026-03-01T12:00:00Z", "sensor": {"pm2_5": 12}}"#, "sensor.pm10: required with the other PM values"),
            (#"{"station": {}, "time": "2026-03-01T12:00:00Z", "sensor": {"pm1_0": 3, "pm10": 12}}"#, "sensor.pm2_5: required"),
            (#"{"station": {}, "time": "2026-03-01T12:00:00Z", "chart": [{"aqi": 1}]}"#, "chart[0].time: required"),
        ]
        for (text, fragment) in cases {
            do {
                _ = try SnapshotFile(try JSONValue.parse(text))
                Issue.record("accepted \(text)")
            } catch {
                #expect("\(error)".contains(fragment), "\(error)")
            }
        }
    }
}
