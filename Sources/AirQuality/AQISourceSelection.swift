public import FoundationEssentials

/// The local sensor's health as the AQI source selection needs it; the station maps its sensor driver's
/// health onto these. Raw values are the API's health strings.
public enum LocalSensorHealth: String, Sendable, CaseIterable, Codable {
    /// Reading normally.
    case ok
    /// Started, not yet trusted (fan spin-up, first samples).
    case warmingUp = "warming_up"
    /// No fresh sample for longer than the stale limit.
    case stale
    /// Reporting errors (checksum storms, impossible values, no answer).
    case fault
    /// Not configured or not found.
    case absent

    /// Whether the station must not show the sensor's index. `warming_up` shows an index only when there is one,
    /// and the station's windows give none from readings older than the sensor's last disconnect or fault:
    /// a replugged sensor warming up shows the fallback.
    public var needsFallback: Bool {
        switch self {
        case .ok, .warmingUp: false
        case .stale, .fault, .absent: true
        }
    }
}

/// Where the station's displayed AQI comes from. Raw values are the API's `source` strings.
public enum AQISource: String, Sendable, CaseIterable, Codable {
    /// The local sensor.
    case local
    /// Open-Meteo's regional model (the fallback).
    case openMeteo = "open-meteo"
    /// Neither is available.
    case none
}

/// The AQI the station shows, and why it comes from where it does.
public struct AQISelection: Sendable, Hashable {
    /// The source.
    public let source: AQISource
    /// The index shown; nil when ``source`` is ``AQISource/none``.
    public let aqi: Int?
    /// Why this source, for the API and the log.
    public let reason: String
    /// Seconds since the reference was fetched, when the reference is shown.
    public let referenceAge: Double?

    /// A selection from its parts (``AQISourceSelector/select(health:localAQI:reference:now:maximumReferenceAge:)``
    /// makes them; this is for values read back from a file).
    public init(source: AQISource, aqi: Int?, reason: String, referenceAge: Double?) {
        self.source = source
        self.aqi = aqi
        self.reason = reason
        self.referenceAge = referenceAge
    }

    /// The level of ``aqi``.
    public var level: AQILevel? { aqi.map { AQILevel(index: $0) } }
}

/// Chooses the station's AQI: the local sensor while it is healthy and has an index, otherwise Open-Meteo's
/// PM index; the sensor takes over again as soon as it is healthy and has an index. Pure: health, values
/// and clock in, decision out; the station calls it on every update.
public enum AQISourceSelector {
    /// The oldest reference shown as a fallback, seconds (6 h: the model moves slowly, but a value from the
    /// morning is no longer "now" by the afternoon).
    public static let defaultMaximumReferenceAge: Double = 6 * 3600

    /// Selects the AQI.
    ///
    /// - Parameters:
    ///   - health: the sensor's health.
    ///   - localAQI: the index the station computes from the sensor (its NowCast PM AQI), nil when it has none.
    ///   - reference: the latest reference.
    ///   - now: the current time.
    ///   - maximumReferenceAge: the oldest reference shown, seconds.
    public static func select(
        health: LocalSensorHealth, localAQI: Int?, reference: ReferenceSnapshot, now: Date,
        maximumReferenceAge: Double = defaultMaximumReferenceAge
    ) -> AQISelection {
        if !health.needsFallback, let localAQI {
            return AQISelection(source: .local, aqi: localAQI, reason: "local sensor \(health.rawValue)", referenceAge: nil)
        }
        let why =
            health.needsFallback
            ? "local sensor \(health.rawValue)"
            : health == .warmingUp
                ? "local sensor warming_up: no index yet from samples since it started or came back" : "local sensor has no index yet"
        let age = reference.age(at: now)
        if let reading = reference.reading(notOlderThan: maximumReferenceAge, at: now), let aqi = reading.pmAQI {
            return AQISelection(
                source: .openMeteo, aqi: aqi, reason: "\(why); showing Open-Meteo's regional PM index",
                referenceAge: age)
        }
        var reason = "\(why); no recent Open-Meteo reading"
        if let age, reference.reading != nil {
            reason += " (last one \(DecimalFormatting.fixed(age / 3600, decimals: 1)) h old)"
        }
        if let error = reference.error { reason += "; last error: \(error)" }
        return AQISelection(source: .none, aqi: nil, reason: reason, referenceAge: age)
    }
}
