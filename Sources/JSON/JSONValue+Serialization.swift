extension JSONValue {
    /// The value as compact JSON text (RFC 8259), keys in their stored order.
    public func serialized() -> String {
        var output = ""
        write(to: &output, indent: nil, depth: 0)
        return output
    }

    /// The value as JSON text indented by `indent` spaces per level, for humans.
    public func prettySerialized(indent: Int = 2) -> String {
        var output = ""
        write(to: &output, indent: indent, depth: 0)
        return output
    }

    /// The value as UTF-8 bytes of compact JSON.
    public func serializedBytes() -> [UInt8] { Array(serialized().utf8) }

    private func write(to output: inout String, indent: Int?, depth: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.format(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (position, value) in values.enumerated() {
                if position > 0 { output += "," }
                Self.newline(&output, indent: indent, depth: depth + 1)
                value.write(to: &output, indent: indent, depth: depth + 1)
            }
            Self.newline(&output, indent: indent, depth: depth)
            output += "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (position, pair) in pairs.enumerated() {
                if position > 0 { output += "," }
                Self.newline(&output, indent: indent, depth: depth + 1)
                Self.writeString(pair.key, to: &output)
                output += indent == nil ? ":" : ": "
                pair.value.write(to: &output, indent: indent, depth: depth + 1)
            }
            Self.newline(&output, indent: indent, depth: depth)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, indent: Int?, depth: Int) {
        guard let indent else { return }
        output += "\n" + String(repeating: " ", count: indent * depth)
    }

    /// A number as JSON writes it: integers (up to 2^53) without a fraction; other finite numbers in Swift's shortest round-trip form;
    /// NaN and infinities as `null`, since JSON has no spelling for them.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if abs(value) < 9_007_199_254_740_992, let whole = Int64(exactly: value) { return String(whole) }
        return "\(value)"
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
