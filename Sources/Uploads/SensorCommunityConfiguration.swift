public import Configuration
public import JSON

/// The `sensor_community` section: pushing the sensor's readings to the Sensor.Community map as airRohr
/// does. No section, or `"enabled": false`: nothing is sent.
///
/// ```json
/// "sensor_community": {
///   "enabled": true,
///   "node_id": "raspi-10000000abcdef01",
///   "interval_s": 145
/// }
/// ```
///
/// Keys are described in docs/configuration.md; the protocol and the map in docs/community.md.
public struct SensorCommunityConfiguration: Sendable, Hashable {
    /// The push endpoint (`url`).
    public var url: String
    /// The node's id, sent as `X-Sensor` (`node_id`, default `raspi-` + the board's serial); the user
    /// registers it on devices.sensor.community.
    public var nodeID: String
    /// Time between pushes (`interval_s`, 30...3600, default 145 as airRohr sends).
    public var interval: Duration

    /// The public push endpoint.
    public static let defaultURL = "https://api.sensor.community/v1/push-sensor-data/"
    /// airRohr's send interval, seconds.
    public static let defaultIntervalSeconds = 145
    /// What precedes the board's serial in the default node id (Sensor.Community's prefix for Raspberry Pis).
    public static let nodePrefix = "raspi-"
    /// Every key of the section.
    public static let keys = ["enabled", "url", "node_id", "interval_s"]

    /// A configuration of its parts.
    public init(
        url: String = SensorCommunityConfiguration.defaultURL, nodeID: String,
        interval: Duration = .seconds(SensorCommunityConfiguration.defaultIntervalSeconds)
    ) {
        self.url = url
        self.nodeID = nodeID
        self.interval = interval
    }

    /// The default node id on a board with `serial`; nil without one.
    public static func defaultNodeID(serial: String?) -> String? {
        serial.map { nodePrefix + $0 }
    }

    /// Reads the section, recording every problem in it. Nil when there is no section or it says
    /// `"enabled": false`. `boardSerial` is asked only when `node_id` is not given.
    public init?(section: ConfigSection?, boardSerial: BoardSerial = .system) {
        guard let section else { return nil }
        guard section.bool("enabled") ?? true else {
            // A disabled section may keep its settings: mark them known.
            for key in Self.keys { _ = section.value(key) }
            return nil
        }
        var url = Self.defaultURL
        if let given = section.string("url") {
            let lower = given.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                url = given
            } else {
                section.record("url", "expected an http:// or https:// URL, found \"\(given)\"")
            }
        }
        var nodeID = ""
        if section.value("node_id") != nil {
            // A value of another type is recorded by `string`.
            if let given = section.string("node_id") {
                if Self.isValidNodeID(given) {
                    nodeID = given
                } else {
                    section.record("node_id", "expected 1 to 64 characters of A-Z, a-z, 0-9, _ and -, found \"\(given)\"")
                }
            }
        } else {
            // Absent or null: the board's serial.
            if let derived = Self.defaultNodeID(serial: boardSerial.read()) {
                nodeID = derived
            } else {
                section.record(
                    "node_id",
                    "missing, and this board shows no serial number (no Serial in \(boardSerial.cpuinfoPath), no "
                        + "\(boardSerial.deviceTreePath)): set the id registered on devices.sensor.community, e.g. \"raspi-1234abcd\"")
            }
        }
        let seconds = section.int("interval_s", in: 30...3600) ?? Self.defaultIntervalSeconds
        self.init(url: url, nodeID: nodeID, interval: .seconds(seconds))
    }

    /// Letters, digits, `_` and `-`: what goes into an HTTP header unquoted and what the device page takes.
    public static func isValidNodeID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }

    /// The effective values, keys as in the file.
    public var json: JSONValue {
        [
            "enabled": true,
            "url": .string(url),
            "node_id": .string(nodeID),
            "interval_s": .number(interval.seconds),
        ]
    }
}

extension Duration {
    /// Whole and fractional seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
