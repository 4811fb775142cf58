#if canImport(Glibc)
    import Glibc
#endif

/// Where the server listens: an IPv4 or IPv6 address and a TCP port, as `http.listen` writes it.
///
/// Accepted forms: `0.0.0.0:8080`, `127.0.0.1:8080`, `[::]:8080` (every IPv6 and IPv4 address: dual
/// stack), `[::1]:8080`, `localhost:8080` (127.0.0.1), and `:8080` or `8080` (every IPv4 address). Port 0
/// asks the kernel for a free port (tests); the bound port is ``HTTPServer/port``.
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host part.
    public enum Host: Sendable, Hashable {
        /// An IPv4 address, network byte order bytes.
        case ipv4([UInt8])
        /// An IPv6 address, 16 bytes.
        case ipv6([UInt8])
    }

    /// The address.
    public let host: Host
    /// The TCP port.
    public let port: UInt16

    /// The default, `0.0.0.0:8080`.
    public static let `default` = ListenAddress(host: .ipv4([0, 0, 0, 0]), port: 8080)

    /// An address from its parts.
    public init(host: Host, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `text`; the error says what was wrong.
    public init(parsing text: String) throws(ListenAddressError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw ListenAddressError(text: text, reason: "it is empty") }
        let hostPart: Substring
        let portPart: Substring
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else {
                throw ListenAddressError(text: text, reason: "the IPv6 address has no closing ']'")
            }
            hostPart = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            let rest = trimmed[trimmed.index(after: close)...]
            guard rest.hasPrefix(":") else {
                throw ListenAddressError(text: text, reason: "expected ':PORT' after the IPv6 address")
            }
            portPart = rest.dropFirst()
            guard let bytes = Self.parse(hostPart, family: AF_INET6, count: 16) else {
                throw ListenAddressError(text: text, reason: "'\(hostPart)' is not an IPv6 address")
            }
            self.host = .ipv6(bytes)
        } else if let colon = trimmed.lastIndex(of: ":") {
            hostPart = trimmed[..<colon]
            portPart = trimmed[trimmed.index(after: colon)...]
            if hostPart.contains(":") {
                throw ListenAddressError(text: text, reason: "write an IPv6 address in brackets, e.g. [::]:8080")
            }
            if hostPart.isEmpty {
                self.host = .ipv4([0, 0, 0, 0])
            } else if hostPart == "localhost" {
                self.host = .ipv4([127, 0, 0, 1])
            } else if let bytes = Self.parse(hostPart, family: AF_INET, count: 4) {
                self.host = .ipv4(bytes)
            } else {
                throw ListenAddressError(
                    text: text, reason: "'\(hostPart)' is not an IPv4 address (host names other than localhost are not resolved)")
            }
        } else {
            portPart = Substring(trimmed)
            self.host = .ipv4([0, 0, 0, 0])
        }
        guard let port = UInt16(portPart) else {
            throw ListenAddressError(text: text, reason: "'\(portPart)' is not a port from 0 to 65535")
        }
        self.port = port
    }

    private static func parse(_ text: Substring, family: Int32, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let status = bytes.withUnsafeMutableBytes { buffer in
            inet_pton(family, String(text), buffer.baseAddress)
        }
        return status == 1 ? Array(bytes.prefix(count)) : nil
    }

    /// Whether this is IPv6 (the server then listens dual-stack on `::`, IPv6-only elsewhere).
    public var isIPv6: Bool {
        if case .ipv6 = host { return true }
        return false
    }

    /// Whether the host is the unspecified address (`0.0.0.0` or `::`).
    public var isUnspecified: Bool {
        switch host {
        case .ipv4(let bytes), .ipv6(let bytes): bytes.allSatisfy { $0 == 0 }
        }
    }

    /// `0.0.0.0:8080` or `[::1]:8080`.
    public var description: String {
        "\(hostDescription(for: host)):\(port)"
    }

    private func hostDescription(for host: Host) -> String {
        switch host {
        case .ipv4(let bytes): return bytes.map(String.init).joined(separator: ".")
        case .ipv6(let bytes):
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let ok = bytes.withUnsafeBytes { raw in inet_ntop(AF_INET6, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
            let text = ok == nil ? "?" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return "[\(text)]"
        }
    }

    /// `sockaddr_in` or `sockaddr_in6` bytes for bind(2).
    func socketAddress() -> [UInt8] {
        switch host {
        case .ipv4(let bytes):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin_addr) { $0.copyBytes(from: bytes) }
            return withUnsafeBytes(of: address) { Array($0) }
        case .ipv6(let bytes):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafeBytes(of: address) { Array($0) }
        }
    }
}

/// A `http.listen` value that is not an address.
public struct ListenAddressError: Error, Sendable, CustomStringConvertible {
    /// The text given.
    public let text: String
    /// What is wrong with it.
    public let reason: String

    public var description: String { "'\(text)' is not a listen address (HOST:PORT or [IPv6]:PORT): \(reason)" }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
