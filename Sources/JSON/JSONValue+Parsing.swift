/// Why a text is not valid JSON: what, where (line, column, key path).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `unexpected character '}'; expected a value`. Never holds raw control bytes.
    public let message: String
    /// The line (1-based) where it was found.
    public let line: Int
    /// The column (1-based, in bytes) where it was found.
    public let column: Int
    /// The key path of the value being read, e.g. `openmeteo.cities[3].name`; empty at the top.
    public let keyPath: String

    /// An error at `line`/`column` in the value at `keyPath`.
    public init(message: String, line: Int, column: Int, keyPath: String = "") {
        self.message = message
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// `line 3, column 7 (at storage.path): unexpected character '}'; expected a value`.
    public var description: String {
        let place = keyPath.isEmpty ? "" : " (at \(JSONValue.printable(keyPath)))"
        return "line \(line), column \(column)\(place): \(message)"
    }
}

extension JSONValue {
    /// Parses `data` (UTF-8 JSON, RFC 8259) in one pass. With `rejectDuplicateKeys`, an object naming a key twice is
    /// an error; otherwise the first value is kept. Objects come out with their keys sorted.
    public static func parse(
        _ data: some Collection<UInt8>, rejectDuplicateKeys: Bool = false
    ) throws(JSONParseError) -> JSONValue {
        let bytes = Array(data)
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONParseError> in
            var parser = JSONParser(bytes: buffer, rejectDuplicateKeys: rejectDuplicateKeys)
            return Result { () throws(JSONParseError) -> JSONValue in try parser.parseDocument() }
        }
        return try result.get()
    }

    /// Parses `text`.
    public static func parse(_ text: String, rejectDuplicateKeys: Bool = false) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), rejectDuplicateKeys: rejectDuplicateKeys)
    }

    /// `text` safe to print in a message or a log line: control characters (NUL included) and the line
    /// separators as `\u{0}`-style escapes, everything else as is.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            if isUnprintable(scalar) {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
