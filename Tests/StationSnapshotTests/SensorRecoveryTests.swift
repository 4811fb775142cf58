import JSON
import StationSnapshot
import Testing

/// The sensor's recovery counts (`sensor.recovery`) in `/api/v1/current`, `/metrics` and snapshot files.
@Suite("Sensor recovery counts in the API and the metrics")
struct SensorRecoveryTests {
    static func snapshot() throws -> StationSnapshot {
        var snapshot = try Samples.full()
        snapshot.sensor.recovery = SensorRecovery(
            steps: ["resync": 4, "resend_mode": 2, "reopen": 1, "fault": 1], i2cRetries: ["nack": 7, "crc": 3])
        return snapshot
    }

    @Test("sensor.recovery: every step and both retry kinds, zeros included, in a fixed order")
    func document() throws {
        let document = CurrentDocument.render(try Self.snapshot())
        guard case .object(let pairs)? = document["sensor"]?["recovery"] else {
            Issue.record("no sensor.recovery object: \(String(describing: document["sensor"]))")
            return
        }
        #expect(pairs.map(\.key) == [
            "resync", "resend_mode", "reopen", "reset_pulse", "fault", "i2c_nack_retries", "i2c_crc_retries",
        ])
        #expect(pairs.map(\.value) == [4, 2, 1, 0, 1, 7, 3])
        // Read back from a snapshot file as written.
        let reread = try SnapshotFile(document).snapshot
        #expect(reread.sensor.recovery.fields.map(\.value) == [4, 2, 1, 0, 1, 7, 3])
    }

    @Test("/metrics: breeze_sensor_recovery_steps_total{step} and breeze_sensor_i2c_retries_total{kind}, counters")
    func metrics() throws {
        let text = PrometheusText.render(StationMetrics.families(try Self.snapshot()))
        #expect(text.contains("# TYPE breeze_sensor_recovery_steps_total counter\n"))
        #expect(text.contains("breeze_sensor_recovery_steps_total{step=\"resync\"} 4\n"))
        #expect(text.contains("breeze_sensor_recovery_steps_total{step=\"reset_pulse\"} 0\n"))
        #expect(text.contains("breeze_sensor_recovery_steps_total{step=\"fault\"} 1\n"))
        #expect(text.contains("# TYPE breeze_sensor_i2c_retries_total counter\n"))
        #expect(text.contains("breeze_sensor_i2c_retries_total{kind=\"nack\"} 7\n"))
        #expect(text.contains("breeze_sensor_i2c_retries_total{kind=\"crc\"} 3\n"))
    }
}
