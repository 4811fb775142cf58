public import JSON

/// One element of the JSON array `POST /boxes/{box_id}/data` takes: a sensor id of the box, the value as a
/// decimal string, and when it was measured (RFC 3339, UTC).
public struct OpenSenseMapMeasurement: Sendable, Hashable {
    /// The box's sensor id (24 hex digits).
    public let sensor: String
    /// The value as openSenseMap stores it: a decimal number in a string, e.g. `"12.3"`.
    public let value: String
    /// The time, RFC 3339 UTC, e.g. `"2026-11-30T09:00:00Z"`.
    public let createdAt: String

    /// A measurement from its parts.
    public init(sensor: String, value: String, createdAt: String) {
        self.sensor = sensor
        self.value = value
        self.createdAt = createdAt
    }

    /// `{"sensor": …, "value": …, "createdAt": …}`.
    public var json: JSONValue {
        ["sensor": .string(sensor), "value": .string(value), "createdAt": .string(createdAt)]
    }
}
