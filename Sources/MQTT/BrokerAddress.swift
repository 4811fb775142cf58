import Diagnostics
/// Where the broker is: `mqtt://host:1883` (plain TCP) or `mqtts://host:8883` (TLS).
public struct BrokerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address, without brackets for IPv6 (`::1`).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// Whether the connection uses TLS (`mqtts://`).
    public var usesTLS: Bool

    /// The default port of plain MQTT.
    public static let plainPort = 1883
    /// The default port of MQTT over TLS.
    public static let tlsPort = 8883

    /// An address.
    public init(host: String, port: Int, usesTLS: Bool) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// Parses `mqtt://host[:port][/]` or `mqtts://host[:port][/]`; IPv6 hosts in brackets (`mqtt://[::1]:1883`).
    /// Credentials in the URL are refused: the password belongs in a file (`password_file`), not in the
    /// configuration that `check-config` prints.
    public init(parsing text: String) throws(BrokerAddressError) {
        let lower = text.lowercased()
        let usesTLS: Bool
        let rest: Substring
        if lower.hasPrefix("mqtts://") {
            usesTLS = true
            rest = text.dropFirst(8)
        } else if lower.hasPrefix("mqtt://") {
            usesTLS = false
            rest = text.dropFirst(7)
        } else {
            throw BrokerAddressError("expected mqtt://host:1883 or mqtts://host:8883, found \"\(URLRedaction.redact(text))\"")
        }
        var authority = rest
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        if authority.contains("@") {
            throw BrokerAddressError("put no credentials in the URL; use \"username\" and \"password_file\"")
        }
        if authority.contains("/") || authority.contains("?") || authority.contains("#") {
            throw BrokerAddressError("expected no path, query or fragment after the port, found \"\(URLRedaction.redact(text))\"")
        }
        if authority.contains(where: { $0 == " " || $0.isNewline }) {
            throw BrokerAddressError("expected no spaces in the URL, found \"\(URLRedaction.redact(text))\"")
        }
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw BrokerAddressError("expected ] after the IPv6 address in \"\(URLRedaction.redact(text))\"")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw BrokerAddressError("expected :port after ] in \"\(URLRedaction.redact(text))\"") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
            if host.contains(":") {
                throw BrokerAddressError("write IPv6 addresses in brackets, e.g. mqtt://[::1]:1883")
            }
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw BrokerAddressError("expected a host in \"\(URLRedaction.redact(text))\"") }
        var port = usesTLS ? Self.tlsPort : Self.plainPort
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number) else {
                throw BrokerAddressError("expected a port from 1 to 65535, found \"\(portText)\"")
            }
            port = number
        }
        self.init(host: String(host), port: port, usesTLS: usesTLS)
    }

    /// The URL form, e.g. `mqtts://broker.lan:8883`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(usesTLS ? "mqtts" : "mqtt")://\(shownHost):\(port)"
    }
}

/// What is wrong with a broker URL.
public struct BrokerAddressError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
