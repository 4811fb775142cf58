import HTTPClient
import JSON
import Measurements
import Testing
import Uploads

/// The push encoding: pins, value types, the body shape and the headers, as airRohr sends them.
@Suite("Sensor.Community push encoding")
struct SensorCommunityPushTests {
    @Test("PM goes on pin 1 as P1 (PM10), P2 (PM2.5), P0 (PM1), values as two-decimal strings")
    func particulate() throws {
        let pushes = SensorCommunityPush.pushes(for: SensorCommunityReadings(pm1_0: 4.25, pm2_5: 12.3, pm10: 20))
        let push = try #require(pushes.first)
        #expect(pushes.count == 1)
        #expect(push.pin == .particulateMatter)
        #expect(push.values == [.init("P1", 20), .init("P2", 12.3), .init("P0", 4.25)])
        #expect(push.values.map(\.value) == ["20.00", "12.30", "4.25"])
        let body = try JSONValue.parse(push.body(softwareVersion: "breeze-station-1.2.3"))
        #expect(body["software_version"] == .string("breeze-station-1.2.3"))
        #expect(body["sensordatavalues"] == .array([
            ["value": "20.00", "value_type": "P1"], ["value": "12.30", "value_type": "P2"],
            ["value": "4.25", "value_type": "P0"],
        ]))
    }

    @Test("a sensor without PM1 sends no P0")
    func noPM1() throws {
        let push = try #require(SensorCommunityPush.pushes(for: SensorCommunityReadings(pm2_5: 3, pm10: 5)).first)
        #expect(push.values.map(\.type) == ["P1", "P2"])
    }

    @Test("climate: BME280 (pressure and humidity) on pin 11 in Pa, humidity-only on 7, pressure-only on 3")
    func climatePins() throws {
        let bme = SensorCommunityPush.pushes(for: SensorCommunityReadings(
            pm2_5: 1, climate: .init(temperature: 21.456, humidity: 55, pressure: 101_325.4)))
        #expect(bme.map(\.pin) == [.particulateMatter, .bme280])
        #expect(bme.last?.values.map(\.type) == ["temperature", "humidity", "pressure"])
        #expect(bme.last?.values.map(\.value) == ["21.46", "55.00", "101325.40"])
        let dht = SensorCommunityPush.pushes(for: SensorCommunityReadings(climate: .init(temperature: -3.5, humidity: 80)))
        #expect(dht.map(\.pin) == [.temperatureHumidity])
        #expect(dht.first?.values.map(\.value) == ["-3.50", "80.00"])
        let bmp = SensorCommunityPush.pushes(for: SensorCommunityReadings(climate: .init(temperature: 10, pressure: 99_000)))
        #expect(bmp.map(\.pin) == [.temperaturePressure])
        for push in bme + dht + bmp {
            #expect(push.values.allSatisfy { push.pin.valueTypes.contains($0.type) })
        }
    }

    @Test("nothing measured: nothing sent")
    func empty() {
        #expect(SensorCommunityPush.pushes(for: SensorCommunityReadings()).isEmpty)
    }

    @Test("the request: POST, Content-Type application/json, X-Sensor, X-Pin")
    func request() {
        let push = SensorCommunityPush(pin: .bme280, values: [.init("temperature", 1)])
        let request = push.request(url: "https://api.sensor.community/v1/push-sensor-data/", nodeID: "raspi-1", softwareVersion: "v")
        #expect(request.method == .post)
        #expect(request.headers == [
            HTTPHeaderField(name: "Content-Type", value: "application/json"),
            HTTPHeaderField(name: "X-Sensor", value: "raspi-1"),
            HTTPHeaderField(name: "X-Pin", value: "11"),
        ])
        #expect(request.body == push.body(softwareVersion: "v"))
    }

    @Test("the interval's mean of raw readings; a repeated reading counts once; non-finite values are no readings")
    func accumulator() {
        var interval = ReadingAccumulator()
        let t0 = Date(timeIntervalSince1970: 1_000)
        interval.addParticulate(time: t0, ParticulateMeasurement(pm25: 10, pm10: 20))
        interval.addParticulate(time: t0, ParticulateMeasurement(pm25: 10, pm10: 20))
        interval.addParticulate(time: t0.addingTimeInterval(60), ParticulateMeasurement(pm25: 20, pm10: .nan))
        let first = interval.take()
        #expect(first.pm2_5 == 15)
        #expect(first.pm10 == 20)
        #expect(first.pm1_0 == nil)
        #expect(first.climate == nil)
        // The reading already counted is not counted again in the next interval.
        interval.addParticulate(time: t0.addingTimeInterval(60), ParticulateMeasurement(pm25: 20, pm10: 30))
        #expect(interval.take().isEmpty)
        interval.addClimate(time: t0, .init(temperature: 20, humidity: 50))
        interval.addClimate(time: t0.addingTimeInterval(1), .init(temperature: 22, humidity: 60))
        #expect(interval.take().climate == .init(temperature: 21, humidity: 55))
    }
}

import FoundationEssentials
