import FoundationEssentials

/// Why a text is not valid JSON; the message carries the decoder's position information.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
    /// What the parser said.
    public let description: String
}

extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            self = .object(try keys.map { (key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Parses `data` (UTF-8 JSON).
    public static func parse(_ data: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(data))
        } catch let error as DecodingError {
            throw JSONParseError(description: Self.describe(error))
        } catch {
            throw JSONParseError(description: "\(error)")
        }
    }

    /// Parses `text`.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            var text = context.debugDescription
            if let underlying = context.underlyingError {
                let detail = "\(underlying)"
                if !detail.isEmpty, !text.contains(detail) { text += ": " + detail }
            }
            return text.isEmpty ? "not valid JSON" : text
        default:
            return "not valid JSON: \(error)"
        }
    }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}
