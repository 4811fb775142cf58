public import FoundationEssentials

/// Open-Meteo's air quality for the station's place (hourly model data, µg/m³).
public struct ReferenceReading: Sendable, Hashable {
    /// The hour the values are for.
    public var time: Date
    /// When they were fetched.
    public var fetchedAt: Date
    /// Open-Meteo's US AQI.
    public var usAQI: Int?
    /// PM2.5, µg/m³.
    public var pm2_5: Double?
    /// PM10, µg/m³.
    public var pm10: Double?
    /// Ozone, µg/m³.
    public var ozone: Double?
    /// Nitrogen dioxide, µg/m³.
    public var nitrogenDioxide: Double?
    /// Sulphur dioxide, µg/m³.
    public var sulphurDioxide: Double?
    /// Carbon monoxide, µg/m³.
    public var carbonMonoxide: Double?

    /// A reading.
    public init(
        time: Date, fetchedAt: Date, usAQI: Int? = nil, pm2_5: Double? = nil, pm10: Double? = nil, ozone: Double? = nil,
        nitrogenDioxide: Double? = nil, sulphurDioxide: Double? = nil, carbonMonoxide: Double? = nil
    ) {
        self.time = time
        self.fetchedAt = fetchedAt
        self.usAQI = usAQI
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.sulphurDioxide = sulphurDioxide
        self.carbonMonoxide = carbonMonoxide
    }
}

/// The state of the Open-Meteo reference.
public enum ReferenceStatus: Sendable, Hashable {
    /// Not configured (no Open-Meteo).
    case disabled
    /// Configured; the first fetch has not finished.
    case pending
    /// The latest fetch succeeded.
    case available(ReferenceReading)
    /// The latest fetch failed; `last` is the last good reading, if any.
    case unavailable(error: String, last: ReferenceReading?)

    /// The JSON `status` string.
    public var statusName: String {
        switch self {
        case .disabled: "disabled"
        case .pending: "pending"
        case .available: "ok"
        case .unavailable: "unavailable"
        }
    }

    /// The newest reading known (the last good one when the latest fetch failed).
    public var reading: ReferenceReading? {
        switch self {
        case .available(let reading): reading
        case .unavailable(_, let last): last
        case .disabled, .pending: nil
        }
    }

    /// The error of the latest fetch.
    public var error: String? {
        if case .unavailable(let error, _) = self { return error }
        return nil
    }
}
