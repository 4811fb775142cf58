import Testing

@testable import JSON

@Suite("JSON values")
struct JSONValueTests {
    @Test("objects keep their key order when written")
    func order() {
        let value: JSONValue = ["zeta": 1, "alpha": [true, nil, "x"], "mid": 2.5]
        #expect(value.serialized() == #"{"zeta":1,"alpha":[true,null,"x"],"mid":2.5}"#)
    }

    @Test("numbers: integers without a fraction, NaN as null")
    func numbers() {
        #expect(JSONValue.number(54).serialized() == "54")
        #expect(JSONValue.number(38.4).serialized() == "38.4")
        #expect(JSONValue.number(-0.5).serialized() == "-0.5")
        #expect(JSONValue.number(.nan).serialized() == "null")
        #expect(JSONValue(Double?.none).serialized() == "null")
        #expect(JSONValue.number(1e300).serialized() == "1e+300")
    }

    @Test("strings are escaped per RFC 8259 and keep non-ASCII text")
    func strings() {
        #expect(JSONValue.string("a\"b\\c\nd\u{01}").serialized() == #""a\"b\\c\nd\u0001""#)
        #expect(JSONValue.string("µg/m³ 😷").serialized() == "\"µg/m³ 😷\"")
    }

    @Test("parse and write round-trip")
    func roundTrip() throws {
        let text = #"{"a":[1,2.5,"x",null,false],"b":{"c":"µ"}}"#
        let value = try JSONValue.parse(text)
        #expect(value["a"] == [1, 2.5, "x", nil, false])
        #expect(value["b"]?["c"] == "µ")
        #expect(try JSONValue.parse(value.serialized()) == value)
    }

    @Test("malformed JSON is an error with a message")
    func malformed() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"a\": }") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"a\": 1") }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("") }
    }

    @Test("pretty output indents")
    func pretty() {
        let value: JSONValue = ["a": [1], "b": [:]]
        #expect(value.prettySerialized() == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }
}
