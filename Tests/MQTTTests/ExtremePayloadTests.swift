import AirQuality
import Foundation
import JSON
import MQTT
import StationSnapshot
import Measurements
import Testing

/// The state payload survives absurd numbers: ages of centuries, concentrations of 1e19 and beyond
/// (issue 20 §1: `age_s` and the concentrations were converted to Int with traps).
@Suite("MQTT state payload with extreme values")
struct ExtremePayloadTests {
    @Test("ages and concentrations of any size are written, never trapped on", arguments: [1e19, 1e308, -1e19, Double.nan])
    func extreme(_ value: Double) throws {
        var snapshot = Samples.snapshot()
        let past = snapshot.time.addingTimeInterval(-(value.isFinite ? value : 1e300))
        snapshot.sensor = SensorStatus(model: "PMS5003", health: .ok, readingTime: past, measurement: ParticulateMeasurement(pm1: value, pm25: value, pm10: value))
        snapshot.reference = .available(ReferenceReading(
            time: past, fetchedAt: past, usAQI: value.isFinite ? Int(max(min(value, 1e18), -1e18)) : nil, pm2_5: value, pm10: value))
        let document = MQTTStatePayload.render(snapshot)
        _ = try JSONValue.parse(Array(document.serialized().utf8))
        if value == 1e19 {
            #expect(document["sensor"]?["age_s"] == .number(Double(Int.max)))
            #expect(document["reference"]?["pm2_5"] == .number(1e19))
        }
    }
}
