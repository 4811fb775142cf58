/// One message to publish.
public struct MQTTMessage: Sendable, Hashable {
    /// What the message is, for counters and logs.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The station's state document.
        case state
        /// `online` / `offline` on the availability topic.
        case availability
        /// A Home Assistant discovery config.
        case discovery
    }

    /// The topic.
    public var topic: String
    /// The payload bytes (UTF-8 JSON or plain text).
    public var payload: [UInt8]
    /// Quality of service: 0, 1 or 2.
    public var qos: Int
    /// Whether the broker keeps it for new subscribers.
    public var retain: Bool
    /// What it is.
    public var kind: Kind

    /// A message.
    public init(topic: String, payload: [UInt8], qos: Int, retain: Bool, kind: Kind) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
        self.kind = kind
    }

    /// A message with a UTF-8 text payload.
    public init(topic: String, text: String, qos: Int, retain: Bool, kind: Kind) {
        self.init(topic: topic, payload: Array(text.utf8), qos: qos, retain: retain, kind: kind)
    }

    /// The payload as text (lossy for invalid UTF-8).
    public var text: String { String(decoding: payload, as: UTF8.self) }
}
