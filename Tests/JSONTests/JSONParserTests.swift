import Testing

@testable import JSON

/// The one-pass reader: strict RFC 8259, errors with line, column and key path.
@Suite("JSON parser")
struct JSONParserTests {
    func error(_ text: String, rejectDuplicateKeys: Bool = false) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(text, rejectDuplicateKeys: rejectDuplicateKeys)
            return nil
        } catch {
            return error
        }
    }

    @Test("escapes, surrogate pairs and non-ASCII text")
    func strings() throws {
        let value = try JSONValue.parse(#"{"a": "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00µ"}"#)
        #expect(value["a"] == .string("\"\\/\u{8}\u{C}\n\r\té😀µ"))
        #expect(error(#""\ud83d""#)?.message.contains("lone surrogate") == true)
        #expect(error(#""\x""#)?.message.contains("invalid escape") == true)
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xC3, 0x28, 0x22]) }  // bad UTF-8
    }

    @Test("numbers follow the grammar; out-of-range ones are errors naming them")
    func numbers() throws {
        #expect(try JSONValue.parse("[-0.5e2, 0, 12, 1E+3]") == [-50, 0, 12, 1000])
        #expect(error("01")?.message.contains("leading zeros") == true)
        #expect(error("1.")?.message.contains("after '.'") == true)
        #expect(error("-")?.message.contains("after '-'") == true)
        #expect(error("[1e999]")?.message == "the number 1e999 is out of range (beyond ±1.8e308)")
        #expect(error("[1e999]")?.keyPath == "[0]")
    }

    @Test("positions: line and column of the problem, and the key path it was in")
    func positions() {
        let found = error("{\n  \"a\": {\n    \"b\": [1, 2,, 3]\n  }\n}")
        #expect(found?.line == 3)
        #expect(found?.column == 16)
        #expect(found?.keyPath == "a.b[2]")
        #expect(found?.description == "line 3, column 16 (at a.b[2]): unexpected character ','; expected a value")
        #expect(error("{} x")?.message == "unexpected character 'x' after the document")
        #expect(error("")?.message == "the document is empty")
    }

    @Test("duplicate keys: the first is kept unless they are refused")
    func duplicates() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "a": 2}"#)["a"] == 1)
        let refused = error(#"{"a": 1, "a": 2}"#, rejectDuplicateKeys: true)
        #expect(refused?.keyPath == "a")
        #expect(refused?.message == "duplicate key (first at line 1, column 2); each key may appear once")
    }

    @Test("nesting is bounded, so a hostile document cannot exhaust the stack")
    func depth() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(deep)?.message.contains("deeper than 128") == true)
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(error(fine) == nil)
    }

    @Test("control characters in messages are escaped")
    func printable() {
        #expect(JSONValue.printable("a\u{0}b\u{1B}") == "a\\u{0}b\\u{1B}")
        #expect(error("[\"a\u{1}\"]")?.message == "control character U+0001 in a string (write it escaped, e.g. \\n)")
    }
}
