import AirQuality
import CheckedConversions
public import HTTPClient
import JSON

/// One push to Sensor.Community: the pin (which sensor kind the values come from) and its values, encoded
/// exactly as airRohr sends them.
///
/// airRohr posts one JSON body per pin to `/v1/push-sensor-data/`:
///
/// ```
/// POST /v1/push-sensor-data/
/// Content-Type: application/json
/// X-Sensor: raspi-10000000abcdef01
/// X-Pin: 1
///
/// {"software_version": "breeze-station-1.4.0", "sensordatavalues": [{"value_type": "P1", "value": "12.30"}, ...]}
/// ```
///
/// Values are strings with two decimals; particulate matter in µg/m³ as the sensor read it (the map applies
/// its own corrections), temperature in °C, humidity in %, pressure in Pa.
public struct SensorCommunityPush: Sendable, Hashable {
    /// Sensor.Community's pins: each stands for a kind of sensor, and takes only its own value types.
    public enum Pin: Int, Sendable, Hashable, CaseIterable {
        /// Particulate matter sensors (SDS011, PMS, SPS30, HPM, NextPM): P1 (PM10), P2 (PM2.5), P0 (PM1).
        case particulateMatter = 1
        /// BMP180/BMP280: temperature and pressure.
        case temperaturePressure = 3
        /// DHT22, HTU21D, SHT3x: temperature and humidity.
        case temperatureHumidity = 7
        /// BME280: temperature, humidity and pressure.
        case bme280 = 11

        /// The value types the pin takes.
        public var valueTypes: Set<String> {
            switch self {
            case .particulateMatter: ["P0", "P1", "P2"]
            case .temperaturePressure: ["temperature", "pressure"]
            case .temperatureHumidity: ["temperature", "humidity"]
            case .bme280: ["temperature", "humidity", "pressure"]
            }
        }
    }

    /// One `{"value_type": ..., "value": ...}` entry.
    public struct Value: Sendable, Hashable {
        /// `P1`, `P2`, `P0`, `temperature`, `humidity`, `pressure`.
        public let type: String
        /// The number as sent: two decimals.
        public let value: String

        /// `type` with `number` written with two decimals.
        public init(_ type: String, _ number: Double) {
            self.type = type
            value = Self.format(number)
        }

        /// `12.3` → `"12.30"`; `-0.004` → `"0.00"`. Two decimals, as airRohr's `Float2String`.
        static func format(_ number: Double) -> String {
            let hundredths = Int(clampingRounded: number * 100)
            let sign = hundredths < 0 ? "-" : ""
            let magnitude = hundredths.magnitude
            let fraction = magnitude % 100
            return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
        }
    }

    /// The pin.
    public let pin: Pin
    /// The values, in the order sent.
    public let values: [Value]

    /// A push of `values` on `pin`.
    public init(pin: Pin, values: [Value]) {
        self.pin = pin
        self.values = values
    }

    /// `software_version`: `breeze-station-<version>`.
    public static func softwareVersion(_ version: String) -> String { "breeze-station-\(version)" }

    /// The JSON body.
    public func body(softwareVersion: String) -> [UInt8] {
        let document: JSONValue = [
            "software_version": .string(softwareVersion),
            "sensordatavalues": .array(values.map { ["value_type": .string($0.type), "value": .string($0.value)] }),
        ]
        return Array(document.serialized().utf8)
    }

    /// The POST to `url` from node `nodeID`.
    public func request(url: String, nodeID: String, softwareVersion: String) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url,
            headers: [
                HTTPHeaderField(name: "Content-Type", value: "application/json"),
                HTTPHeaderField(name: "X-Sensor", value: nodeID),
                HTTPHeaderField(name: "X-Pin", value: String(pin.rawValue)),
            ],
            body: body(softwareVersion: softwareVersion))
    }

    /// The pushes for one interval's means: pin 1 with whatever particulate values there are, and the
    /// climate pin of the climate sensor (11 with pressure and humidity, 3 with pressure only, 7 without
    /// pressure). Nothing for a kind without values.
    public static func pushes(for readings: SensorCommunityReadings) -> [SensorCommunityPush] {
        var pushes: [SensorCommunityPush] = []
        let particulate = [("P1", readings.pm10), ("P2", readings.pm2_5), ("P0", readings.pm1_0)]
            .compactMap { type, value in value.map { Value(type, $0) } }
        if !particulate.isEmpty { pushes.append(SensorCommunityPush(pin: .particulateMatter, values: particulate)) }
        if let climate = readings.climate {
            let values = [
                ("temperature", climate.temperature), ("humidity", climate.humidity), ("pressure", climate.pressure),
            ].compactMap { type, value in value.map { Value(type, $0) } }
            let pin: Pin =
                switch (climate.humidity != nil, climate.pressure != nil) {
                case (true, true): .bme280
                case (false, true): .temperaturePressure
                default: .temperatureHumidity
                }
            if !values.isEmpty { pushes.append(SensorCommunityPush(pin: pin, values: values)) }
        }
        return pushes
    }
}
