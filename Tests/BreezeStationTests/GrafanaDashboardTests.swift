import Foundation
import HTTPTestSupport
import OpenMeteoTestSupport
import Testing
import UploadsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// docs/grafana/breeze-station.json against a real scrape: every metric the dashboard names exists on the
/// /metrics of `breeze-station run` (an emulated PMS5003, a fake Open-Meteo, so the reference and
/// reconciliation families are there too, and the Sensor.Community stand-in, so the upload families are).
@Suite("The Grafana dashboard", .serialized)
struct GrafanaDashboardTests {
    static let dashboardURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/grafana/breeze-station.json")

    /// Every `expr` (panel targets) and templating query of the dashboard.
    static func queries(_ value: Any) -> [String] {
        switch value {
        case let object as [String: Any]:
            var found: [String] = []
            for (key, element) in object {
                if key == "expr" || key == "definition", let text = element as? String { found.append(text) }
                found += queries(element)
            }
            return found
        case let array as [Any]: return array.flatMap(queries)
        default: return []
        }
    }

    /// The metric names in a PromQL expression: identifiers starting with `breeze_`.
    static func metricNames(_ expression: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: "breeze_[a-zA-Z0-9_:]+")
        let range = NSRange(expression.startIndex..., in: expression)
        return Set(pattern.matches(in: expression, range: range).compactMap {
            Range($0.range, in: expression).map { String(expression[$0]) }
        })
    }

    @Test("the dashboard is JSON Grafana imports: a Prometheus datasource input, panels with queries, AQI level colours")
    func shape() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dashboardURL)) as? [String: Any])
        let inputs = try #require(object["__inputs"] as? [[String: Any]])
        #expect(inputs.first?["pluginId"] as? String == "prometheus")
        let panels = try #require(object["panels"] as? [[String: Any]])
        #expect(panels.count >= 10)
        #expect(Self.queries(object).count >= 20)
        let aqi = try #require(panels.first { $0["title"] as? String == "AQI" })
        let defaults = (aqi["fieldConfig"] as? [String: Any])?["defaults"] as? [String: Any]
        let steps = ((defaults?["thresholds"] as? [String: Any])?["steps"] as? [[String: Any]]) ?? []
        #expect(steps.compactMap { $0["color"] as? String } == ["#00e400", "#ffff00", "#ff7e00", "#ff0000", "#8f3f97", "#7e0023"])
        #expect(steps.dropFirst().compactMap { $0["value"] as? Int } == [51, 101, 151, 201, 301])
    }

    @Test("every metric a query names is in a scrape of a running station")
    func metricsExist() async throws {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.dashboardURL))
        let named = try Self.queries(object).reduce(into: Set<String>()) { $0.formUnion(try Self.metricNames($1)) }
        #expect(named.count >= 20)

        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let community = try FakeSensorCommunity(registered: ["raspi-grafana"])
        defer { community.stop() }
        let rig = try StationRunTests.Rig(
            "grafana", pm25: 12, fake: fake,
            sections: #", "sensor_community": {"url": "\#(community.url)", "node_id": "raspi-grafana", "interval_s": 30}"#)
        let station = try StationProcess(["run", "--config", rig.config.path])
        let port = try await station.servingPort()
        var families: Set<String> = []
        // Every family appears once the sensor has a reading, Open-Meteo has answered and the first push
        // (30 s in) was accepted; wait for that.
        _ = try await station.wait(90) {
            let scrape = try await offPool { try RawHTTPClient.request("GET", "/metrics", port: port) }
            families = Set(String(decoding: scrape.body, as: UTF8.self).split(separator: "\n").compactMap { line in
                guard line.hasPrefix("# TYPE ") else { return nil }
                return line.split(separator: " ").dropFirst(2).first.map(String.init)
            })
            return named.isSubset(of: families)
        }
        #expect(named.subtracting(families).isEmpty, "not in the scrape: \(named.subtracting(families).sorted())")
        station.send(SIGTERM)
        _ = await station.waitForExit(within: 30)
        await rig.cleanUp()
    }
}
