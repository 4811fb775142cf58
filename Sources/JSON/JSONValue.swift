import FoundationEssentials

/// A JSON document as a value, with object keys kept in order.
///
/// Used where key order or exact layout matters (API bodies, MQTT payloads, printed configuration) and
/// where a document is read without a fixed schema (configuration files, whose every key is checked).
/// Parsing is ``parse(_:rejectDuplicateKeys:)`` (a strict one-pass reader); writing is ``serialized()``.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number. Integers up to 2^53 are written without a fraction.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys in the order given (parsed objects come out with keys sorted).
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let pairs):
            for pair in pairs {
                hasher.combine(pair.key)
                hasher.combine(pair.value)
            }
        }
    }

    /// The value for `key` when this is an object (the first one, should a key repeat).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// A short name of the value's kind, for error messages: "a string", "an object", ...
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue {
    /// An optional value: `.null` for nil.
    public init(_ value: String?) { self = value.map(JSONValue.string) ?? .null }
    /// An optional value: `.null` for nil or a non-finite number.
    public init(_ value: Double?) {
        guard let value, value.isFinite else {
            self = .null
            return
        }
        self = .number(value)
    }
    /// An optional value: `.null` for nil.
    public init(_ value: Int?) { self = value.map { .number(Double($0)) } ?? .null }
    /// An optional value: `.null` for nil.
    public init(_ value: Bool?) { self = value.map(JSONValue.bool) ?? .null }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
