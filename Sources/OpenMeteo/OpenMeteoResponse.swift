import AirQuality
import CheckedConversions
import HTTPClient
import JSON

/// Turns an HTTP response from an Open-Meteo API into JSON documents, or into an ``OpenMeteoError`` that
/// says why not.
///
/// Open-Meteo answers errors with `{"error": true, "reason": "..."}`, usually with HTTP 400; the reason is
/// put into the message. A multi-location request answers with an array, a single one with an object; both
/// come out as a list of objects in request order.
enum OpenMeteoResponse {
    /// The objects of a successful response.
    static func documents(_ response: HTTPResponse, service: String) throws(OpenMeteoError) -> [JSONValue] {
        let document = try parse(response, service: service)
        switch document {
        case .array(let items):
            for (position, item) in items.enumerated() {
                guard case .object = item else {
                    throw invalid(service, "element \(position) of the answer is \(item.kindDescription), not an object")
                }
                if let reason = errorReason(item) { throw invalid(service, "error in element \(position): \(reason)") }
            }
            return items
        case .object:
            return [document]
        default:
            throw invalid(service, "the answer is \(document.kindDescription), not a JSON object or array")
        }
    }

    /// The one object of a single-location or search response.
    static func object(_ response: HTTPResponse, service: String) throws(OpenMeteoError) -> JSONValue {
        let document = try parse(response, service: service)
        guard case .object = document else {
            throw invalid(service, "the answer is \(document.kindDescription), not a JSON object")
        }
        return document
    }

    /// Checks the status and parses the body. A message quoting the body (a proxy's reason that echoes the
    /// request) has the URL's secrets scrubbed out.
    static func parse(_ response: HTTPResponse, service: String) throws(OpenMeteoError) -> JSONValue {
        do {
            return try parseBody(response, service: service)
        } catch {
            throw error.scrubbing(secretsOf: response.url)
        }
    }

    private static func parseBody(_ response: HTTPResponse, service: String) throws(OpenMeteoError) -> JSONValue {
        guard response.isSuccess else { throw statusError(response, service: service) }
        let document: JSONValue
        do {
            document = try JSONValue.parse(response.body)
        } catch {
            let size = response.body.count
            throw invalid(service, "the answer is not valid JSON (\(size) bytes; truncated?): \(error.description)")
        }
        if let reason = errorReason(document) {
            throw OpenMeteoError(kind: .rejected, service: service, message: reason, status: response.status)
        }
        return document
    }

    /// The error for a non-2xx response, with Open-Meteo's `reason` (or a short excerpt of the body).
    static func statusError(_ response: HTTPResponse, service: String) -> OpenMeteoError {
        let kind: OpenMeteoError.Kind = response.status >= 500 ? .serverError : .rejected
        var message = "HTTP \(response.status)"
        if let document = try? JSONValue.parse(response.body), let reason = errorReason(document) ?? plainReason(document) {
            message += ": " + reason
        } else if let excerpt = excerpt(response.body) {
            message += ": " + excerpt
        }
        return OpenMeteoError(kind: kind, service: service, message: message, status: response.status)
    }

    /// The error of a transport failure.
    static func transportError(_ error: HTTPClientError, service: String) -> OpenMeteoError {
        OpenMeteoError(kind: .unreachable, service: service, message: error.description, transportError: error)
    }

    static func invalid(_ service: String, _ message: String) -> OpenMeteoError {
        OpenMeteoError(kind: .invalidResponse, service: service, message: message)
    }

    /// `reason` of `{"error": true, "reason": "..."}`.
    static func errorReason(_ document: JSONValue) -> String? {
        guard document["error"] == .bool(true) else { return nil }
        if case .string(let reason)? = document["reason"], !reason.isEmpty { return reason }
        return "Open-Meteo reported an error without a reason"
    }

    /// A `reason` or `message` string of another JSON error body (a proxy's).
    private static func plainReason(_ document: JSONValue) -> String? {
        for key in ["reason", "message"] {
            if case .string(let text)? = document[key], !text.isEmpty { return text }
        }
        if case .string(let text)? = document["error"]?["message"], !text.isEmpty { return text }
        return nil
    }

    /// The first line of a text body, printable characters only, at most 160 characters.
    private static func excerpt(_ body: [UInt8]) -> String? {
        let text = String(decoding: body.prefix(400), as: UTF8.self)
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
        let printable = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        guard !printable.isEmpty else { return nil }
        return printable.count > 160 ? String(printable.prefix(157)) + "..." : printable
    }
}

extension JSONValue {
    /// The number at `key`, nil for absent, `null` or non-numbers.
    func number(_ key: String) -> Double? {
        guard case .number(let value)? = self[key], value.isFinite else { return nil }
        return value
    }

    /// The number at `key` rounded to an integer (ids, populations, dates), nil otherwise (also beyond
    /// ±10^12, which no such field reaches).
    func integer(_ key: String) -> Int? {
        number(key).flatMap { abs($0) < 1e12 ? Int(rounding: $0) : nil }
    }

    /// The string at `key`.
    func text(_ key: String) -> String? {
        guard case .string(let value)? = self[key] else { return nil }
        return value
    }

    /// The array at `key`.
    func list(_ key: String) -> [JSONValue]? {
        guard case .array(let values)? = self[key] else { return nil }
        return values
    }

    /// The elements as optional numbers (`null` and non-numbers are nil).
    var numbers: [Double?]? {
        guard case .array(let values) = self else { return nil }
        return values.map { value in
            if case .number(let number) = value, number.isFinite { return number }
            return nil
        }
    }
}
