/// Takes the secrets out of a URL before it is shown anywhere: an error, a page, an API body, an MQTT
/// payload, a log line or `check-config`'s output.
///
/// Commercial Open-Meteo keys and proxy keys travel in the query (`?apikey=...`), credentials in the
/// userinfo (`http://user:password@host`). Both are replaced by `***`; the scheme, host, port, path and the
/// query's parameter names stay, so a message still says which endpoint failed:
/// `https://***@host:8080/v1/air-quality?latitude=***&apikey=***`. A fragment is dropped.
///
/// The HTTP client's error type applies this to its URL and scrubs its detail text when it is made, so no
/// call site that prints an error can forget it.
public enum URLRedaction {
    /// What replaces each secret.
    public static let mask = "***"

    /// `text` with its userinfo and every query value replaced by ``mask`` and any fragment removed. Text
    /// without `://` is returned unchanged except for the query and fragment rules.
    public static func redact(_ text: String) -> String {
        var rest = Substring(text)
        var result = ""
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if let schemeEnd = rest.firstRange(of: "://") {
            result += rest[..<schemeEnd.upperBound]
            let afterScheme = rest[schemeEnd.upperBound...]
            let authorityEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
            let authority = afterScheme[..<authorityEnd]
            // The last @ ends the userinfo (a password may contain an unencoded @).
            if let at = authority.lastIndex(of: "@") {
                result += mask + "@" + authority[authority.index(after: at)...]
            } else {
                result += authority
            }
            result += afterScheme[authorityEnd...]
        } else {
            result += rest
        }
        if let query {
            let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                guard let equals = pair.firstIndex(of: "=") else { return pair.isEmpty ? "" : String(pair) }
                return pair[..<equals] + "=" + mask
            }
            result += "?" + pairs.joined(separator: "&")
        }
        return result
    }

    /// The secrets of `url`: its userinfo (whole, and the password alone) and its query values of at least
    /// 4 characters (shorter ones, such as `true` or `1`, are no secret and would mask ordinary words),
    /// raw and percent-decoded.
    public static func secrets(of url: String) -> [String] {
        var found: [String] = []
        var rest = Substring(url)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                found.append(String(pair[pair.index(after: equals)...]))
            }
            rest = rest[..<question]
        }
        if let schemeEnd = rest.firstRange(of: "://") {
            let afterScheme = rest[schemeEnd.upperBound...]
            let authority = afterScheme[..<(afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex)]
            if let at = authority.lastIndex(of: "@") {
                let userinfo = authority[..<at]
                found.append(String(userinfo))
                if let colon = userinfo.firstIndex(of: ":") { found.append(String(userinfo[userinfo.index(after: colon)...])) }
            }
        }
        let decoded = found.compactMap(percentDecoded)
        return (found + decoded).filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// `text` (a libcurl message, a proxy's reason) with `url` redacted wherever it appears and every
    /// secret of `url` replaced by ``mask``.
    public static func scrub(_ text: String, secretsOf url: String) -> String {
        var result = replacing(url, with: redact(url), in: text)
        for secret in secrets(of: url) { result = replacing(secret, with: mask, in: result) }
        return result
    }

    /// `text` with every occurrence of `target` replaced (the standard library alone has no such call
    /// without Foundation).
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        guard !target.isEmpty, text.contains(target) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// `%XX` sequences decoded (and `+` as a space), nil when nothing changes or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") || text.contains("+") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self), decoded != text else { return nil }
        return decoded
    }
}
