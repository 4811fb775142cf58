/// What the station announces with DNS-SD: one service instance (RFC 6763), e.g. `Breeze Station._http._tcp`
/// on port 8080 with `path=/`, `api=/api/v1/current` and `version=1.2.0` in its TXT record. Pure.
public struct ServiceAnnouncement: Sendable, Hashable {
    /// The instance name people see in a browser list (`station.name`), at most 63 bytes of UTF-8.
    public var name: String
    /// The service type, e.g. `_http._tcp`.
    public var type: String
    /// The TCP port the service listens on (the HTTP endpoint's bound port).
    public var port: UInt16
    /// TXT record strings, `key=value`, in the order they are published.
    public var txt: [String]

    /// The longest instance name DNS-SD allows, in bytes (one DNS label).
    public static let maximumNameBytes = 63

    /// An announcement; `name` is cut to ``maximumNameBytes`` on a character boundary.
    public init(name: String, type: String, port: UInt16, txt: [String]) {
        self.name = Self.label(name)
        self.type = type
        self.port = port
        self.txt = txt
    }

    /// The station's HTTP endpoint: `_http._tcp` named after the station, with the status page's path, the
    /// API's path and the software version in TXT.
    public static func station(name: String, port: UInt16, version: String) -> ServiceAnnouncement {
        ServiceAnnouncement(
            name: name, type: "_http._tcp", port: port,
            txt: ["path=/", "api=/api/v1/current", "version=\(version)"])
    }

    /// `text` cut to one DNS label (63 bytes) without splitting a character; an empty name becomes the default.
    static func label(_ text: String) -> String {
        var result = ""
        var bytes = 0
        for character in text {
            let size = character.utf8.count
            guard bytes + size <= maximumNameBytes else { break }
            result.append(character)
            bytes += size
        }
        return result.isEmpty ? "Breeze Station" : result
    }
}
