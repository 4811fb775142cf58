/// The topics one station publishes and listens to.
public struct MQTTTopics: Sendable, Hashable {
    /// `<base>`, e.g. `breeze/balcony`.
    public let base: String
    /// Home Assistant's discovery prefix, e.g. `homeassistant`.
    public let discoveryPrefix: String
    /// The discovery `node_id`: `breeze_<station-id>`.
    public let nodeID: String

    /// The topics of a station.
    public init(base: String, discoveryPrefix: String, stationID: String) {
        self.base = base
        self.discoveryPrefix = discoveryPrefix
        self.nodeID = "breeze_\(stationID)"
    }

    /// `<base>/state`: one JSON document per interval.
    public var state: String { "\(base)/state" }
    /// `<base>/availability`: `online` after each connect, `offline` as the last will and on shutdown; retained.
    public var availability: String { "\(base)/availability" }
    /// `<prefix>/status`: Home Assistant's birth (`online`) and will (`offline`) messages.
    public var homeAssistantStatus: String { "\(discoveryPrefix)/status" }

    /// `<prefix>/sensor/<node_id>/<object_id>/config`.
    public func discoveryConfig(objectID: String) -> String {
        "\(discoveryPrefix)/sensor/\(nodeID)/\(objectID)/config"
    }

    /// Why `topic` cannot be a base topic or prefix, or nil when it can: it must be non-empty, without the
    /// wildcards `+` and `#`, without NUL, without a `/` at either end, at most 256 bytes.
    public static func problem(withPrefix topic: String) -> String? {
        if topic.isEmpty { return "expected a non-empty topic" }
        if topic.utf8.count > 256 { return "expected at most 256 bytes" }
        if topic.contains("+") || topic.contains("#") { return "expected no wildcards (+, #) in a topic to publish to" }
        if topic.unicodeScalars.contains(where: { $0.value == 0 || $0.properties.generalCategory == .control }) {
            return "expected no control characters"
        }
        if topic.hasPrefix("/") || topic.hasSuffix("/") { return "expected no / at the start or the end" }
        if topic.contains("//") { return "expected no empty level (//)" }
        return nil
    }
}
