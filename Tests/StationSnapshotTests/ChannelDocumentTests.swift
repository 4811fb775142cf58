import AirQuality
import JSON
import Measurements
import StationSnapshot
import Testing

/// `sensor_b` and `agreement` in `/api/v1/current` and `/metrics`.
@Suite("/api/v1/current and /metrics: the second sensor and the A/B agreement")
struct ChannelDocumentTests {
    private func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let pairs)? = value else { return [] }
        return pairs.map(\.key)
    }

    @Test("without sensor_b: sensor_b is null, the agreement single, no channel metrics")
    func oneSensor() throws {
        let snapshot = try Samples.full()
        let document = CurrentDocument.render(snapshot)
        #expect(document["sensor_b"] == .null)
        #expect(keys(document["agreement"]) == [
            "state", "difference_ug_m3", "difference_pct", "suspect", "suspect_reason", "flagged", "used", "pm2_5",
            "pm2_5_a", "pm2_5_b",
        ])
        #expect(document["agreement"]?["state"] == "single")
        #expect(document["agreement"]?["suspect"] == .null)
        #expect(document["agreement"]?["difference_ug_m3"] == .null)
        let metrics = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(!metrics.contains("breeze_channel_"))
        #expect(!metrics.contains("breeze_sensor_b_"))
    }

    @Test("with sensor_b: the same block as sensor, and the verdict with its differences and suspect")
    func twoSensors() throws {
        var snapshot = try Samples.full()
        var sensorB = snapshot.sensor
        sensorB.measurement?.pm25 = 41.26
        sensorB.health = .ok
        snapshot.sensorB = sensorB
        snapshot.agreement = ChannelAgreement.evaluate(
            a: ChannelAgreement.Evidence(mean: 10.04), b: ChannelAgreement.Evidence(mean: 40.0), reference: 12)
        let document = CurrentDocument.render(snapshot)
        #expect(keys(document["sensor_b"]) == keys(document["sensor"]))
        #expect(document["sensor_b"]?["pm2_5"] == 41.3)
        let agreement = try #require(document["agreement"])
        #expect(agreement["state"] == "disagree")
        #expect(agreement["difference_ug_m3"] == 30)
        #expect(agreement["difference_pct"] == 119.7)
        #expect(agreement["suspect"] == "b")
        #expect(agreement["suspect_reason"] == "far_from_reference")
        #expect(agreement["flagged"] == true)
        #expect(agreement["used"] == ["a"])
        #expect(agreement["pm2_5"] == 10)
        #expect(agreement["pm2_5_b"] == 40)
        let metrics = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(metrics.contains("breeze_channel_agreement_state{state=\"disagree\"} 1\n"))
        #expect(metrics.contains("breeze_channel_agreement_state{state=\"agree\"} 0\n"))
        #expect(metrics.contains("breeze_channel_suspect{channel=\"b\"} 1\n"))
        #expect(metrics.contains("breeze_channel_suspect{channel=\"a\"} 0\n"))
        #expect(metrics.contains("breeze_channel_relative_difference_ratio 1.197\n"))
        #expect(metrics.contains("breeze_sensor_b_health{state=\"ok\"} 1\n"))
        #expect(metrics.contains("breeze_sensor_b_particulate_matter_grams_per_cubic_meter{size=\"pm2_5\"} 4.126e-05\n"))
    }
}
