import Diagnostics
import AirQuality
public import JSON
import StationSnapshot

/// The Home Assistant discovery configs of one station: one retained message per entity on
/// `<prefix>/sensor/breeze_<station-id>/<object_id>/config`, all on one device.
public struct HomeAssistantDiscovery: Sendable {
    /// The settings the configs derive from.
    public let configuration: MQTTConfiguration

    /// The discovery of a station.
    public init(configuration: MQTTConfiguration) {
        self.configuration = configuration
    }

    /// The entities, in the order they are announced.
    public static let entities: [HomeAssistantEntity] = [
        particulate("pm1", "PM1", key: "pm1_0", deviceClass: "pm1"),
        particulate("pm25", "PM2.5", key: "pm2_5", deviceClass: "pm25"),
        particulate("pm10", "PM10", key: "pm10", deviceClass: "pm10"),
        particulate("pm25_corrected", "PM2.5 corrected", key: "pm2_5_corrected", deviceClass: "pm25"),
        climate("temperature", "Temperature", key: "temperature_c", deviceClass: "temperature", unit: "°C"),
        climate("humidity", "Humidity", key: "humidity_pct", deviceClass: "humidity", unit: "%"),
        climate("pressure", "Pressure", key: "pressure_hpa", deviceClass: "pressure", unit: "hPa"),
        HomeAssistantEntity(
            // The main entity follows the chosen index (`aqi.index`; `index` in the state document).
            objectID: "aqi", name: "AQI", valueTemplate: "{{ value_json.index.value }}", deviceClass: "aqi",
            stateClass: "measurement", displayPrecision: 0, attributesTemplate: "{{ value_json.index | to_json }}"),
        HomeAssistantEntity(
            objectID: "aqi_level", name: "AQI level", valueTemplate: textTemplate("value_json.index.text"),
            icon: "mdi:air-filter"),
        HomeAssistantEntity(
            objectID: "health", name: "Sensor health", valueTemplate: "{{ value_json.sensor.health }}",
            deviceClass: "enum", entityCategory: "diagnostic", options: LocalSensorHealth.allCases.map(\.rawValue),
            icon: "mdi:heart-pulse",
            attributesTemplate: "{{ {'model': value_json.sensor.model, 'reason': value_json.sensor.reason, "
                + "'age_s': value_json.sensor.age_s} | to_json }}"),
        HomeAssistantEntity(
            objectID: "reference_aqi", name: "Open-Meteo AQI", valueTemplate: "{{ value_json.reference.us_aqi }}",
            deviceClass: "aqi", stateClass: "measurement", displayPrecision: 0,
            attributesTemplate: "{{ value_json.reference | to_json }}"),
        HomeAssistantEntity(
            objectID: "reconciliation", name: "Reference check",
            valueTemplate: textTemplate("value_json.reconciliation.state"), entityCategory: "diagnostic",
            icon: "mdi:scale-balance", attributesTemplate: "{{ value_json.reconciliation | to_json }}"),
    ]

    /// The `device` block every config carries, so Home Assistant groups the entities on one device.
    public var device: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("identifiers", [.string(configuration.topics.nodeID)]),
            ("name", .string(configuration.stationName)),
            ("manufacturer", "Breeze"),
            ("model", "Breeze Station"),
            ("sw_version", .string(BuildInfo.version)),
        ]
        if let url = configuration.configurationURL { pairs.append(("configuration_url", .string(url))) }
        return .object(pairs)
    }

    /// The unique id of an entity: `breeze_<station-id>_<object_id>`.
    public func uniqueID(of entity: HomeAssistantEntity) -> String {
        "\(configuration.topics.nodeID)_\(entity.objectID)"
    }

    /// The config payload of one entity.
    public func config(of entity: HomeAssistantEntity) -> JSONValue {
        let topics = configuration.topics
        var pairs: [(key: String, value: JSONValue)] = [
            ("name", .string(entity.name)),
            ("unique_id", .string(uniqueID(of: entity))),
            ("state_topic", .string(topics.state)),
            ("value_template", .string(entity.valueTemplate)),
        ]
        if let deviceClass = entity.deviceClass { pairs.append(("device_class", .string(deviceClass))) }
        if let unit = entity.unit { pairs.append(("unit_of_measurement", .string(unit))) }
        if let stateClass = entity.stateClass { pairs.append(("state_class", .string(stateClass))) }
        if let options = entity.options { pairs.append(("options", .array(options.map(JSONValue.string)))) }
        if let precision = entity.displayPrecision {
            pairs.append(("suggested_display_precision", JSONValue(precision)))
        }
        if let category = entity.entityCategory { pairs.append(("entity_category", .string(category))) }
        if let icon = entity.icon { pairs.append(("icon", .string(icon))) }
        if let attributes = entity.attributesTemplate {
            pairs.append(("json_attributes_topic", .string(topics.state)))
            pairs.append(("json_attributes_template", .string(attributes)))
        }
        if configuration.expireAfter > 0 { pairs.append(("expire_after", JSONValue(configuration.expireAfter))) }
        pairs += [
            ("availability_topic", .string(topics.availability)),
            ("payload_available", .string(MQTTPayloads.online)),
            ("payload_not_available", .string(MQTTPayloads.offline)),
            ("device", device),
            ("origin", ["name": .string(BuildInfo.name), "sw_version": .string(BuildInfo.version)]),
        ]
        return .object(pairs)
    }

    /// Every config as a retained QoS 1 message, in entity order.
    public var messages: [MQTTMessage] {
        Self.entities.map { entity in
            MQTTMessage(
                topic: configuration.topics.discoveryConfig(objectID: entity.objectID),
                text: config(of: entity).serialized(), qos: 1, retain: true, kind: .discovery)
        }
    }

    private static func particulate(
        _ objectID: String, _ name: String, key: String, deviceClass: String
    )
        -> HomeAssistantEntity
    {
        HomeAssistantEntity(
            objectID: objectID, name: name, valueTemplate: "{{ value_json.sensor.\(key) }}", deviceClass: deviceClass,
            unit: HomeAssistantEntity.microgramsPerCubicMeter, stateClass: "measurement", displayPrecision: 1)
    }

    /// A climate reading (`climate` in the state document): the climate sensor's, or the PM sensor's own.
    private static func climate(
        _ objectID: String, _ name: String, key: String, deviceClass: String, unit: String
    ) -> HomeAssistantEntity {
        HomeAssistantEntity(
            objectID: objectID, name: name, valueTemplate: "{{ value_json.climate.\(key) }}", deviceClass: deviceClass,
            unit: unit, stateClass: "measurement", displayPrecision: 1,
            attributesTemplate: "{{ {'source': value_json.climate.source, 'age_s': value_json.climate.age_s} | to_json }}")
    }

    /// A text sensor's template: `unknown` for JSON null. (Numeric sensors need none: Home Assistant reads the
    /// `None` a null renders to as unknown, but a text sensor would show the word.)
    private static func textTemplate(_ path: String) -> String {
        "{{ \(path) if \(path) is not none else 'unknown' }}"
    }
}

/// The availability payloads.
public enum MQTTPayloads {
    /// Published retained after each connect.
    public static let online = "online"
    /// The last will, and published retained on a graceful shutdown.
    public static let offline = "offline"
}
