public import FoundationEssentials

/// The reconciliation's verdict. Raw values are the JSON strings; the reconciliation work may add more.
public struct ReconciliationState: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not enough data yet.
    public static let pending = ReconciliationState(rawValue: "pending")
    /// Local and regional values agree within tolerance.
    public static let agree = ReconciliationState(rawValue: "agree")
    /// They disagree persistently: the sensor may be drifting or the site differs (a smoky street).
    public static let drifting = ReconciliationState(rawValue: "drifting")
    /// The sensor is absent, faulty or stale: the regional value is reported instead.
    public static let fallback = ReconciliationState(rawValue: "fallback")
    /// There is no reference to compare with.
    public static let noReference = ReconciliationState(rawValue: "no_reference")
}

/// How the local value compares with the reference, and the numbers behind the verdict.
public struct ReconciliationStatus: Sendable, Hashable {
    /// The verdict.
    public var state: ReconciliationState
    /// One line for people, e.g. "local PM2.5 is 2.1× the regional value for 6 h".
    public var message: String?
    /// The local AQI compared.
    public var localAQI: Int?
    /// The reference AQI compared.
    public var referenceAQI: Int?
    /// Local PM2.5 / reference PM2.5 (the drift ratio).
    public var ratio: Double?
    /// Since when the state holds.
    public var since: Date?

    /// A status; the default is `pending`.
    public init(
        state: ReconciliationState = .pending, message: String? = nil, localAQI: Int? = nil, referenceAQI: Int? = nil,
        ratio: Double? = nil, since: Date? = nil
    ) {
        self.state = state
        self.message = message
        self.localAQI = localAQI
        self.referenceAQI = referenceAQI
        self.ratio = ratio
        self.since = since
    }

    /// Local minus reference AQI, when both are known.
    public var difference: Int? {
        guard let localAQI, let referenceAQI else { return nil }
        return localAQI - referenceAQI
    }
}
