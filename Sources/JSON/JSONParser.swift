/// A strict RFC 8259 reader of UTF-8 bytes into ``JSONValue``, in one pass (linear in the input).
///
/// Written for the station's own needs rather than going through `JSONDecoder`: errors carry the line, column and
/// key path where they were found; a number too large for a Double (`1e999`) is an error naming it, not a type
/// mismatch; duplicate keys can be refused (configuration files) instead of silently keeping the first; nesting
/// is bounded so a hostile document cannot exhaust the stack.
struct JSONParser {
    /// How deep arrays and objects may nest.
    static let maximumDepth = 128

    private let bytes: UnsafeBufferPointer<UInt8>
    private let rejectDuplicateKeys: Bool
    private var position = 0
    private var path: [PathComponent] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, rejectDuplicateKeys: Bool) {
        self.bytes = bytes
        self.rejectDuplicateKeys = rejectDuplicateKeys
    }

    /// The whole input as one document (a UTF-8 byte-order mark is skipped).
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw failure("the document is empty", at: position) }
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < bytes.count { throw failure("unexpected \(describeByte(at: position)) after the document", at: position) }
        return value
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw failure("unexpected end of the document", at: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected \(describeByte(at: position)); expected a value", at: position)
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var pairs: [(key: String, value: JSONValue)] = []
        var seen: [String: Int] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw failure("unexpected \(describeByte(at: position)); expected a key in double quotes", at: position)
            }
            let keyStart = position
            let key = try parseString()
            if let first = seen[key] {
                if rejectDuplicateKeys {
                    path.append(.key(key))
                    let (line, column) = lineAndColumn(of: first)
                    throw failure(
                        "duplicate key (first at line \(line), column \(column)); each key may appear once",
                        at: keyStart)
                }
            } else {
                seen[key] = keyStart
            }
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw failure("unexpected \(describeByte(at: position)); expected ':' after the key", at: position)
            }
            position += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue(depth: depth)
            path.removeLast()
            if seen[key] == keyStart { pairs.append((key, value)) }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                position += 1
                break
            }
            throw failure("unexpected \(describeByte(at: position)); expected ',' or '}' in an object", at: position)
        }
        // Parsed objects have always come out with sorted keys (callers and tests rely on it).
        pairs.sort { $0.key < $1.key }
        return .object(pairs)
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        try checkDepth(depth)
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            path.append(.index(values.count))
            values.append(try parseValue(depth: depth))
            path.removeLast()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                position += 1
                return .array(values)
            }
            throw failure("unexpected \(describeByte(at: position)); expected ',' or ']' in an array", at: position)
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = position
        position += 1
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else { throw failure("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw failure("the string is not valid UTF-8", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text)
            case 0..<0x20:
                throw failure(
                    "control character U+\(Self.hex(UInt32(byte), width: 4)) in a string (write it escaped, e.g. \\n)",
                    at: position)
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    private mutating func parseEscape(into text: inout [UInt8]) throws(JSONParseError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw failure("unterminated escape", at: start) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(escapeAt: start)
            if (0xD800..<0xDC00).contains(scalar) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw failure("a lone surrogate \\u\(Self.hex(scalar, width: 4))", at: start) }
                position += 2
                let low = try hexQuad(escapeAt: start)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw failure("a lone surrogate \\u\(Self.hex(scalar, width: 4))", at: start)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone surrogate \\u\(Self.hex(scalar, width: 4))", at: start)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape", at: start) }
            text.append(contentsOf: Array(String(unicode).utf8))
        default:
            throw failure("an invalid escape \\\(Self.printable(byte))", at: start)
        }
    }

    private mutating func hexQuad(escapeAt start: Int) throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("an incomplete \\u escape", at: start) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("an incomplete \\u escape", at: start)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
            throw failure("a number needs digits after '-'", at: start)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw failure("a number may not start with 0 (leading zeros)", at: start)
            }
        } else {
            skipDigits()
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("a number needs digits after '.'", at: start)
            }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw failure("a number needs digits in its exponent", at: start)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            throw failure("the number \(shown) is out of range (beyond ±1.8e308)", at: start)
        }
        return .number(value)
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        let matches = position + count <= bytes.count
            && (0..<count).allSatisfy { bytes[position + $0] == word.utf8Start[$0] }
        guard matches else { throw failure("unexpected \(describeByte(at: position)); expected a value", at: position) }
        position += count
        return value
    }

    private func checkDepth(_ depth: Int) throws(JSONParseError) {
        if depth > Self.maximumDepth {
            throw failure("arrays and objects nest deeper than \(Self.maximumDepth) levels", at: position)
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The byte at `offset` for a message, never raw: `'x'`, `U+0000`, `byte 0xC3`, or the end.
    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of the document" }
        return "character " + Self.printable(bytes[offset])
    }

    private static func printable(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x20, 0x7F, 0x20: "U+\(hex(UInt32(byte), width: 4))"
        default: "byte 0x\(hex(UInt32(byte), width: 2))"
        }
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Line and column (1-based, columns in bytes) of `offset`; counted only when an error is reported.
    private func lineAndColumn(of offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private func failure(_ message: String, at offset: Int) -> JSONParseError {
        let (line, column) = lineAndColumn(of: offset)
        var keyPath = ""
        for component in path {
            switch component {
            case .key(let key): keyPath += keyPath.isEmpty ? key : "." + key
            case .index(let index): keyPath += "[\(index)]"
            }
        }
        return JSONParseError(message: message, line: line, column: column, keyPath: keyPath)
    }
}
