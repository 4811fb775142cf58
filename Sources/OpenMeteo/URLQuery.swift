/// Builds request URLs: a configured endpoint plus percent-encoded query parameters.
enum URLQuery {
    /// `endpoint` with `parameters` appended (after `?`, or `&` when the endpoint already has a query, as a
    /// self-hosted endpoint with an API key may).
    static func url(_ endpoint: String, _ parameters: [(String, String)]) -> String {
        guard !parameters.isEmpty else { return endpoint }
        let query = parameters.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
        let separator = endpoint.contains("?") ? (endpoint.hasSuffix("?") || endpoint.hasSuffix("&") ? "" : "&") : "?"
        return endpoint + separator + query
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters and the comma (a sub-delimiter that
    /// is legal in a query and keeps Open-Meteo's lists readable).
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: ","):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
