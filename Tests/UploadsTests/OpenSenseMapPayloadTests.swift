import AirQuality
import Foundation
import JSON
import Testing

@testable import Uploads

/// 2026-11-30T09:00:00Z in whole minutes.
let nineOClock: Int64 = 29_933_820

func osmMinute(_ minute: Int64, pm25: Double, temperature: Double? = 21.5, humidity: Double? = 48) -> MinuteAggregate {
    MinuteAggregate(
        minute: minute, count: 60, pm1: Statistic(pm25 * 0.5), pm25: Statistic(pm25), pm10: Statistic(pm25 * 2),
        pm25CF1: nil, temperature: temperature, humidity: humidity)
}

/// Sensor ids of a test box, one per phenomenon.
let osmSensors: [OpenSenseMapPhenomenon: String] = [
    .pm25: "5f2b56f4263635001c1dd1c1", .pm10: "5f2b56f4263635001c1dd1c2", .pm1: "5f2b56f4263635001c1dd1c3",
    .temperature: "5f2b56f4263635001c1dd1c4", .humidity: "5f2b56f4263635001c1dd1c5",
    .pressure: "5f2b56f4263635001c1dd1c6",
]

@Suite("openSenseMap payload")
struct OpenSenseMapPayloadTests {
    @Test("values are decimal strings to a hundredth without trailing zeros")
    func decimals() {
        #expect(OpenSenseMapPayload.decimal(12.3) == "12.3")
        #expect(OpenSenseMapPayload.decimal(7) == "7")
        #expect(OpenSenseMapPayload.decimal(0.5) == "0.5")
        #expect(OpenSenseMapPayload.decimal(1.05) == "1.05")
        #expect(OpenSenseMapPayload.decimal(12.344) == "12.34")
        #expect(OpenSenseMapPayload.decimal(-0.05) == "-0.05")
        #expect(OpenSenseMapPayload.decimal(-3.2) == "-3.2")
        #expect(OpenSenseMapPayload.decimal(.nan) == nil)
        #expect(OpenSenseMapPayload.decimal(.infinity) == nil)
    }

    @Test("createdAt is the minute's start in RFC 3339 UTC")
    func timestamps() {
        #expect(OpenSenseMapPayload.timestamp(minute: nineOClock) == "2026-11-30T09:00:00Z")
        #expect(OpenSenseMapPayload.timestamp(minute: nineOClock + 61) == "2026-11-30T10:01:00Z")
    }

    @Test("only mapped phenomena with a value are sent, minute by minute in phenomenon order")
    func mappedOnly() {
        let sensors: [OpenSenseMapPhenomenon: String] = [.pm25: "a1", .pm10: "a2", .humidity: "a5", .pressure: "a6"]
        let minutes = [osmMinute(nineOClock, pm25: 10.25), osmMinute(nineOClock + 1, pm25: 11, humidity: nil)]
        let measurements = OpenSenseMapPayload.measurements(for: minutes, sensors: sensors)
        #expect(measurements == [
            OpenSenseMapMeasurement(sensor: "a1", value: "10.25", createdAt: "2026-11-30T09:00:00Z"),
            OpenSenseMapMeasurement(sensor: "a2", value: "20.5", createdAt: "2026-11-30T09:00:00Z"),
            OpenSenseMapMeasurement(sensor: "a5", value: "48", createdAt: "2026-11-30T09:00:00Z"),
            OpenSenseMapMeasurement(sensor: "a1", value: "11", createdAt: "2026-11-30T09:01:00Z"),
            OpenSenseMapMeasurement(sensor: "a2", value: "22", createdAt: "2026-11-30T09:01:00Z"),
        ])
    }

    @Test("the body is a JSON array of sensor, value (a string) and createdAt")
    func body() throws {
        let measurements = OpenSenseMapPayload.measurements(for: [osmMinute(nineOClock, pm25: 3)], sensors: [.pm25: "a1"])
        let text = String(decoding: OpenSenseMapPayload.body(measurements), as: UTF8.self)
        #expect(text == #"[{"sensor":"a1","value":"3","createdAt":"2026-11-30T09:00:00Z"}]"#)
    }

    @Test("a request holds at most 2500 values: whole minutes of every mapped sensor")
    func batchSize() {
        #expect(OpenSenseMapPayload.minutesPerRequest(sensorCount: 6) == 416)
        #expect(OpenSenseMapPayload.minutesPerRequest(sensorCount: 1) == 2500)
        let minutes = (0..<416).map { osmMinute(nineOClock + Int64($0), pm25: 5) }
        #expect(OpenSenseMapPayload.measurements(for: minutes, sensors: osmSensors).count <= 2500)
    }
}
