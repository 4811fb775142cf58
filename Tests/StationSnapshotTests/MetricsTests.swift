import StationSnapshot
import Testing

@Suite("Prometheus text")
struct MetricsTests {
    @Test("one HELP and TYPE per family, breeze_ prefix, base units, ends with a newline")
    func format() throws {
        let text = PrometheusText.render(StationMetrics.families(try Samples.full()))
        #expect(text.hasSuffix("\n"))
        var helps: [String] = []
        var types: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# HELP ") { helps.append(String(line.split(separator: " ")[2])) }
            else if line.hasPrefix("# TYPE ") { types.append(String(line.split(separator: " ")[2])) }
            else { #expect(line.hasPrefix("breeze_"), "\(line)") }
        }
        #expect(helps == types)
        #expect(Set(helps).count == helps.count)
        #expect(!text.contains("microgram"))
        for name in [
            "breeze_build_info", "breeze_sensor_frames_total", "breeze_sensor_checksum_errors_total", "breeze_sensor_resyncs_total",
            "breeze_reference_fetches_total", "breeze_reference_fetch_failures_total",
        ] {
            #expect(helps.contains(name), "\(name)")
        }
        #expect(text.contains("# TYPE breeze_sensor_frames_total counter\nbreeze_sensor_frames_total 100\n"))
        #expect(text.contains("breeze_sensor_particulate_matter_grams_per_cubic_meter{size=\"pm2_5\"} 1.46e-05\n"))
        #expect(text.contains("µg/m³"))
        #expect(text.contains("breeze_sensor_health{state=\"ok\"} 1\n"))
        #expect(text.contains("breeze_sensor_health{state=\"stale\"} 0\n"))
    }

    @Test("families from other areas are written without renderer changes; bad names are skipped")
    func extraFamilies() throws {
        var snapshot = try Samples.full()
        snapshot.metricSources = [[
            MetricFamily(
                name: "breeze_mqtt_messages_total", help: "MQTT messages\npublished \\ sent.", kind: .counter,
                samples: [MetricSample(labels: [MetricLabel("topic", "a\"b\\c\nd")], value: 3)]),
            MetricFamily(name: "bad name", help: "x", kind: .gauge, value: 1),
            MetricFamily(name: "breeze_empty", help: "x", kind: .gauge, samples: []),
        ]]
        let text = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(text.contains("# HELP breeze_mqtt_messages_total MQTT messages\\npublished \\\\ sent.\n"))
        #expect(text.contains("breeze_mqtt_messages_total{topic=\"a\\\"b\\\\c\\nd\"} 3\n"))
        #expect(!text.contains("bad name"))
        #expect(!text.contains("breeze_empty"))
    }

    @Test("values", arguments: [(1.0, "1"), (0.5, "0.5"), (Double.nan, "NaN"), (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"), (1e20, "1e+20")])
    func values(value: Double, text: String) {
        #expect(PrometheusText.formatValue(value) == text)
    }
}
