import Foundation
import JSON
import StationSnapshot

/// The part of JSON Schema (2020-12, as OpenAPI 3.1 uses it) the station's document uses: `$ref`, `type`
/// (one or a list), `properties`, `required`, `additionalProperties: false`, `items`, `enum`, `const`,
/// `minimum`, `maximum`, `pattern`, `format: date-time`. Anything else in a schema is a test failure, so the
/// validator cannot silently ignore a keyword.
struct SchemaValidator {
    let document: JSONValue

    func resolve(_ schema: JSONValue) -> JSONValue {
        guard case .string(let reference)? = schema["$ref"] else { return schema }
        var node = document
        for part in reference.dropFirst(2).split(separator: "/") { node = node[String(part)] ?? .null }
        return resolve(node)
    }

    /// Problems found, each with its JSON path.
    func validate(_ value: JSONValue, against schema: JSONValue, path: String = "$") -> [String] {
        let schema = resolve(schema)
        guard case .object(let keywords) = schema else { return ["\(path): schema is not an object"] }
        var problems: [String] = []
        let known: Set<String> = [
            "type", "properties", "required", "additionalProperties", "items", "enum", "const", "minimum", "maximum",
            "pattern", "format", "description",
        ]
        for keyword in keywords.map(\.key) where !known.contains(keyword) {
            problems.append("\(path): the validator does not know the keyword \(keyword)")
        }
        if let type = schema["type"] {
            let allowed: [String]
            switch type {
            case .string(let one): allowed = [one]
            case .array(let many): allowed = many.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
            default: allowed = []
            }
            if !allowed.contains(where: { matches(value, type: $0) }) {
                return problems + ["\(path): expected \(allowed.joined(separator: " or ")), found \(value.kindDescription)"]
            }
        }
        if case .array(let choices)? = schema["enum"], !choices.contains(value) {
            problems.append("\(path): \(value.serialized()) is not one of \(JSONValue.array(choices).serialized())")
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(path): expected \(constant.serialized()), found \(value.serialized())")
        }
        if case .number(let number) = value {
            if case .number(let minimum)? = schema["minimum"], number < minimum { problems.append("\(path): \(number) < \(minimum)") }
            if case .number(let maximum)? = schema["maximum"], number > maximum { problems.append("\(path): \(number) > \(maximum)") }
        }
        if case .string(let text) = value {
            if case .string(let pattern)? = schema["pattern"],
                text.range(of: pattern, options: .regularExpression) == nil
            {
                problems.append("\(path): \"\(text)\" does not match \(pattern)")
            }
            if schema["format"] == "date-time", ISO8601Time.parse(text) == nil {
                problems.append("\(path): \"\(text)\" is not a date-time")
            }
        }
        if case .object(let pairs) = value {
            let properties: [(key: String, value: JSONValue)]
            if case .object(let declared)? = schema["properties"] { properties = declared } else { properties = [] }
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where !pairs.contains(where: { $0.key == key }) {
                    problems.append("\(path): missing required key \(key)")
                }
            }
            for pair in pairs {
                if let property = properties.first(where: { $0.key == pair.key }) {
                    problems += validate(pair.value, against: property.value, path: "\(path).\(pair.key)")
                } else if schema["additionalProperties"] == false {
                    problems.append("\(path): key \(pair.key) is not in the schema")
                }
            }
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                problems += validate(item, against: itemSchema, path: "\(path)[\(index)]")
            }
        }
        return problems
    }

    private func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .number): true
        case ("integer", .number(let number)): number == number.rounded()
        default: false
        }
    }
}
