public import JSON

/// Reads one JSON object of a configuration file, key by key, and collects every problem instead of
/// stopping at the first: a user fixing a file wants the whole list.
///
/// Every accessor records the key as known. ``finish()`` then reports the keys nobody asked for as unknown,
/// each with a did-you-mean among the known keys. A section is used while loading a file only (not Sendable).
///
/// ```swift
/// let root = ConfigSection(document: json, source: "/etc/breeze-station/config.json")
/// let name = root.section("station")?.string("name") ?? "Breeze Station"
/// try root.finish()   // throws ConfigErrors with every problem
/// ```
public final class ConfigSection {
    /// The dotted path of this section ("" for the root).
    public let path: String
    private let pairs: [(key: String, value: JSONValue)]
    private var knownKeys: [String] = []
    private var children: [ConfigSection] = []
    private let sink: ConfigErrorSink

    /// The root of a parsed document. A document that is not an object is recorded as an error.
    public convenience init(document: JSONValue) {
        self.init(value: document, path: "", sink: ConfigErrorSink())
    }

    init(value: JSONValue, path: String, sink: ConfigErrorSink) {
        self.path = path
        self.sink = sink
        if case .object(let pairs) = value {
            self.pairs = pairs
        } else {
            self.pairs = []
            sink.record(.mismatch(path, expected: "an object", found: Self.describe(value)))
        }
    }

    /// The full path of `key` in this section.
    public func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Whether the file has `key` here (does not mark it known).
    public func contains(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    /// Records a problem found by the caller (a value that parsed but makes no sense).
    public func record(_ error: ConfigError) { sink.record(error) }

    /// Records a problem at `key` of this section.
    public func record(_ key: String, _ message: String) {
        sink.record(ConfigError(keyPath: keyPath(key), message: message))
    }

    /// The raw value of `key`, marking it known; nil when absent. JSON `null` counts as absent.
    public func value(_ key: String) -> JSONValue? {
        if !knownKeys.contains(key) { knownKeys.append(key) }
        guard let value = pairs.first(where: { $0.key == key })?.value, value != .null else { return nil }
        return value
    }

    /// A string; nil when absent or of another type (recorded). Empty strings are refused unless `allowEmpty`.
    public func string(_ key: String, allowEmpty: Bool = false) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else {
            record(.mismatch(keyPath(key), expected: "a string", found: Self.describe(value)))
            return nil
        }
        if !allowEmpty && text.isEmpty {
            record(.mismatch(keyPath(key), expected: "a non-empty string", found: "\"\""))
            return nil
        }
        return text
    }

    /// A whole number, optionally within `range`; nil when absent or invalid (recorded).
    public func int(_ key: String, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let value = value(key) else { return nil }
        let expected = range.map { "an integer from \($0.lowerBound) to \($0.upperBound)" } ?? "an integer"
        guard case .number(let number) = value, abs(number) < 1e15, let integer = Int(exactly: number) else {
            record(.mismatch(keyPath(key), expected: expected, found: Self.describe(value)))
            return nil
        }
        if let range, !range.contains(integer) {
            record(.mismatch(keyPath(key), expected: expected, found: Self.describe(value)))
            return nil
        }
        return integer
    }

    /// A number, optionally within `range`; nil when absent or invalid (recorded).
    public func double(_ key: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let value = value(key) else { return nil }
        let expected = range.map { "a number from \(JSONValue.format($0.lowerBound)) to \(JSONValue.format($0.upperBound))" }
            ?? "a number"
        guard case .number(let number) = value, number.isFinite else {
            record(.mismatch(keyPath(key), expected: expected, found: Self.describe(value)))
            return nil
        }
        if let range, !range.contains(number) {
            record(.mismatch(keyPath(key), expected: expected, found: Self.describe(value)))
            return nil
        }
        return number
    }

    /// A boolean; nil when absent or invalid (recorded).
    public func bool(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let flag) = value else {
            record(.mismatch(keyPath(key), expected: "true or false", found: Self.describe(value)))
            return nil
        }
        return flag
    }

    /// One of the raw values of `E`; the error lists the choices.
    public func choice<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type) -> E?
    where E.RawValue == String {
        guard let text = string(key) else { return nil }
        if let match = E(rawValue: text) { return match }
        let choices = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let suggestion = DidYouMean.suggestion(for: text, among: E.allCases.map(\.rawValue))
            .map { "; did you mean \"\($0)\"?" } ?? ""
        record(.mismatch(keyPath(key), expected: "one of \(choices)", found: "\"\(text)\"\(suggestion)"))
        return nil
    }

    /// The longest list any key may hold unless it says otherwise: far beyond any real configuration, and
    /// small enough that a hostile file is refused with one clear error instead of thousands.
    public static let maximumListLength = 1000

    /// An array of strings of at most `maximumCount`; nil when absent or invalid (recorded).
    public func strings(_ key: String, maximumCount: Int = ConfigSection.maximumListLength) -> [String]? {
        guard let items = array(key, maximumCount: maximumCount) else { return nil }
        var result: [String] = []
        for (position, item) in items.enumerated() {
            guard case .string(let text) = item else {
                record(.mismatch("\(keyPath(key))[\(position)]", expected: "a string", found: Self.describe(item)))
                return nil
            }
            result.append(text)
        }
        return result
    }

    /// An array of at most `maximumCount` items; nil when absent, of another type or too long (recorded, with
    /// the limit).
    public func array(_ key: String, maximumCount: Int = ConfigSection.maximumListLength) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else {
            record(.mismatch(keyPath(key), expected: "an array", found: Self.describe(value)))
            return nil
        }
        guard items.count <= maximumCount else {
            record(
                ConfigError(
                    keyPath: keyPath(key),
                    message: "the list is too long: expected at most \(maximumCount) entries, found \(items.count)"))
            return nil
        }
        return items
    }

    /// The nested object `key` as a section; nil when absent or not an object (recorded). Asked twice, it is
    /// the same section.
    public func section(_ key: String) -> ConfigSection? {
        guard let value = value(key) else { return nil }
        guard case .object = value else {
            record(.mismatch(keyPath(key), expected: "an object", found: Self.describe(value)))
            return nil
        }
        // Two readers of one section (the sensor's driver keys, the station's PM2.5 correction) get the same
        // section, so a key either of them reads is known and neither reports the other's as unknown.
        let path = keyPath(key)
        if let child = children.first(where: { $0.path == path }) { return child }
        let child = ConfigSection(value: value, path: path, sink: sink)
        children.append(child)
        return child
    }

    /// An array of at most `maximumCount` objects as sections (paths `key[0]`, `key[1]`, ...); nil when absent
    /// or invalid (recorded; a list too long is one error naming the limit, its entries are not read).
    public func sections(_ key: String, maximumCount: Int = ConfigSection.maximumListLength) -> [ConfigSection]? {
        guard let items = array(key, maximumCount: maximumCount) else { return nil }
        return items.enumerated().map { position, item in
            let child = ConfigSection(value: item, path: "\(keyPath(key))[\(position)]", sink: sink)
            children.append(child)
            return child
        }
    }

    /// Records every key of this section and the sections read from it that nobody asked for, then throws
    /// every problem found in the whole document, if any. Call it once, on the root.
    public func finish() throws(ConfigErrors) {
        reportUnknownKeys()
        var errors = sink.errors
        if sink.unlisted > 0 {
            errors.append(ConfigError(keyPath: "", message: "and \(sink.unlisted) more problems not listed"))
        }
        if !errors.isEmpty { throw ConfigErrors(errors) }
    }

    private func reportUnknownKeys() {
        for pair in pairs where !knownKeys.contains(pair.key) {
            let suggestion = DidYouMean.suggestion(for: pair.key, among: knownKeys)
                .map { "; did you mean \"\($0)\"?" } ?? ""
            let known = knownKeys.isEmpty ? "" : " (known keys: \(knownKeys.sorted().joined(separator: ", ")))"
            sink.record(ConfigError(keyPath: keyPath(pair.key), message: "unknown key\(suggestion)\(suggestion.isEmpty ? known : "")"))
        }
        for child in children { child.reportUnknownKeys() }
    }

    /// A short rendering of a found value for messages: strings quoted (control characters escaped, never
    /// raw), objects and arrays by kind.
    public static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(JSONValue.printable(text.count > 60 ? String(text.prefix(57)) + "..." : text))\""
        case .number, .bool, .null: value.serialized()
        case .array, .object: value.kindDescription
        }
    }
}

/// Collects the problems of one document; shared by all its sections.
///
/// A set beside the list keeps recording linear (a list with thousands of bad entries was quadratic), and only
/// the first ``maximumListed`` problems are kept: nobody reads more, and memory stays bounded.
final class ConfigErrorSink {
    static let maximumListed = 200
    private(set) var errors: [ConfigError] = []
    private(set) var unlisted = 0
    private var seen: Set<ConfigError> = []
    func record(_ error: ConfigError) {
        guard seen.insert(error).inserted else { return }
        if errors.count < Self.maximumListed { errors.append(error) } else { unlisted += 1 }
    }
}
