/// One Home Assistant sensor the station announces through MQTT discovery; its value is read from the
/// state document by a template.
public struct HomeAssistantEntity: Sendable, Hashable {
    /// The discovery object id (`pm25`), also the end of the unique id.
    public var objectID: String
    /// The name Home Assistant shows after the device's ("Balcony PM2.5").
    public var name: String
    /// The Jinja template reading the value from the state JSON.
    public var valueTemplate: String
    /// Home Assistant's device class (`pm25`, `aqi`, `enum`); nil for a plain text sensor.
    public var deviceClass: String?
    /// The unit; nil for none (`aqi` must have none).
    public var unit: String?
    /// `measurement` for numeric sensors; nil otherwise.
    public var stateClass: String?
    /// `diagnostic` for entities about the station rather than the air.
    public var entityCategory: String?
    /// The allowed values of an `enum` sensor.
    public var options: [String]?
    /// Digits Home Assistant shows after the decimal point.
    public var displayPrecision: Int?
    /// An icon (`mdi:...`) where the device class gives none.
    public var icon: String?
    /// A template giving the entity's attributes from the state JSON (an object as JSON).
    public var attributesTemplate: String?

    /// An entity.
    public init(
        objectID: String, name: String, valueTemplate: String, deviceClass: String? = nil, unit: String? = nil,
        stateClass: String? = nil, entityCategory: String? = nil, options: [String]? = nil,
        displayPrecision: Int? = nil, icon: String? = nil, attributesTemplate: String? = nil
    ) {
        self.objectID = objectID
        self.name = name
        self.valueTemplate = valueTemplate
        self.deviceClass = deviceClass
        self.unit = unit
        self.stateClass = stateClass
        self.entityCategory = entityCategory
        self.options = options
        self.displayPrecision = displayPrecision
        self.icon = icon
        self.attributesTemplate = attributesTemplate
    }

    /// Micrograms per cubic metre written with the micro sign U+00B5 (bytes C2 B5), the spelling every Home
    /// Assistant version accepts for `pm1`/`pm25`/`pm10` (2025.7 rejected the Greek mu U+03BC; later versions
    /// take both).
    public static let microgramsPerCubicMeter = "\u{00B5}g/m\u{00B3}"
}
