import Clocks
public import Configuration
import Diagnostics
public import JSON

/// The `opensensemap` section of the station's configuration file. No section (or `"enabled": false`): no
/// uploads to openSenseMap.
///
/// ```json
/// "opensensemap": {
///   "box_id": "5f2b56f4263635001c1dd1c4",
///   "token_file": "/etc/breeze-station/opensensemap-token",
///   "sensors": { "pm2_5": "5f2b56f4263635001c1dd1c5", "pm10": "5f2b56f4263635001c1dd1c6" }
/// }
/// ```
///
/// Every key is described in docs/configuration.md and docs/community.md.
public struct OpenSenseMapConfiguration: Sendable, Hashable {
    /// The API's base URL (`url`, default `https://api.opensensemap.org`), without a trailing slash.
    public var url: String
    /// The box (`box_id`, 24 hex digits, as the box's page on openSenseMap shows it).
    public var boxID: String
    /// The file holding the box's access token (`token_file`); nil for a box that does not require one. Its
    /// content is never logged or printed.
    public var tokenFile: String?
    /// The box's sensor id for each phenomenon sent (`sensors`); the others are not sent.
    public var sensors: [OpenSenseMapPhenomenon: String]
    /// Time between uploads (`interval_s`, 10...3600, default 60).
    public var interval: Duration

    /// The public API.
    public static let defaultURL = "https://api.opensensemap.org"
    /// Default time between uploads, seconds.
    public static let defaultIntervalSeconds = 60
    /// Every key of the section.
    public static let keys = ["enabled", "url", "box_id", "token_file", "sensors", "interval_s"]

    /// Settings from their parts.
    public init(
        url: String = OpenSenseMapConfiguration.defaultURL, boxID: String, tokenFile: String? = nil,
        sensors: [OpenSenseMapPhenomenon: String], interval: Duration = .seconds(OpenSenseMapConfiguration.defaultIntervalSeconds)
    ) {
        self.url = url
        self.boxID = boxID
        self.tokenFile = tokenFile
        self.sensors = sensors
        self.interval = interval
    }

    /// Reads the section, recording every problem in it (the caller's `finish()` throws them with their key
    /// paths). Nil when there is no section or it says `"enabled": false`.
    public init?(section: ConfigSection?) {
        guard let section else { return nil }
        guard section.bool("enabled") ?? true else {
            // A disabled section may keep its settings.
            for key in Self.keys { _ = section.value(key) }
            return nil
        }
        var url = Self.defaultURL
        if let text = section.string("url") {
            let lower = text.lowercased()
            if (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && !text.contains("?") && !text.contains("#")
                && URLRedaction.redact(text) == text
            {
                url = text.hasSuffix("/") ? String(text.dropLast()) : text
            } else {
                section.record(
                    .mismatch(
                        section.keyPath("url"), expected: "an http:// or https:// URL without credentials or query",
                        found: ConfigSection.describe(.string(URLRedaction.redact(text)))))
            }
        }
        let boxID = Self.identifier(section, "box_id")
        if boxID == nil && !section.contains("box_id") {
            section.record("box_id", "missing; the box's id, 24 hex digits, as its page on openSenseMap shows it")
        }
        var sensors: [OpenSenseMapPhenomenon: String] = [:]
        if let table = section.section("sensors") {
            for phenomenon in OpenSenseMapPhenomenon.allCases {
                if let id = Self.identifier(table, phenomenon.rawValue) { sensors[phenomenon] = id }
            }
            if sensors.isEmpty && OpenSenseMapPhenomenon.allCases.allSatisfy({ !table.contains($0.rawValue) }) {
                section.record("sensors", "maps no phenomenon; expected sensor ids for some of \(Self.phenomenaList)")
            }
        } else if !section.contains("sensors") {
            section.record("sensors", "missing; expected sensor ids of the box for some of \(Self.phenomenaList)")
        }
        self.init(
            url: url, boxID: boxID ?? "", tokenFile: section.string("token_file"), sensors: sensors,
            interval: .seconds(section.int("interval_s", in: 10...3600) ?? Self.defaultIntervalSeconds))
    }

    /// The effective values, keys as in the file. The token never appears, only its file.
    public var json: JSONValue {
        [
            "enabled": true,
            "url": .string(url),
            "box_id": .string(boxID),
            "token_file": JSONValue(tokenFile),
            "sensors": .object(
                OpenSenseMapPhenomenon.allCases.compactMap { phenomenon in
                    sensors[phenomenon].map { (key: phenomenon.rawValue, value: JSONValue.string($0)) }
                }),
            "interval_s": .number(interval.timeInterval),
        ]
    }

    /// Whether `text` is an openSenseMap id: 24 hex digits (a MongoDB ObjectId, as the API checks).
    public static func isIdentifier(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }

    private static let phenomenaList = OpenSenseMapPhenomenon.allCases.map(\.rawValue).joined(separator: ", ")

    private static func identifier(_ section: ConfigSection, _ key: String) -> String? {
        guard let text = section.string(key) else { return nil }
        guard isIdentifier(text) else {
            section.record(.mismatch(section.keyPath(key), expected: "24 hex digits", found: ConfigSection.describe(.string(text))))
            return nil
        }
        return text.lowercased()
    }
}
