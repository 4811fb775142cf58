import Configuration
import GPIO
import JSON

/// The parts of the `leds` section that need more than one accessor: lines by kind, and the night.
enum LEDConfigurationReader {
    static let lineKeys: [LEDKind: [String]] = [.rgb: ["red", "green", "blue"], .bar: ["lines"], .single: ["line"]]

    /// The lines of `kind`, in drawing order; keys of the other kinds are errors. Missing lines are errors
    /// when `required` (the gpiod backend).
    static func lines(of kind: LEDKind, in section: ConfigSection, required: Bool) -> [LineSelector] {
        for (other, keys) in lineKeys where other != kind {
            for key in keys where section.contains(key) {
                _ = section.value(key)
                section.record(key, "only used when \"kind\" is \"\(other.rawValue)\" (kind is \"\(kind.rawValue)\")")
            }
        }
        var found: [(key: String, line: LineSelector)] = []
        switch kind {
        case .rgb, .single:
            for key in lineKeys[kind] ?? [] {
                if let value = section.value(key) {
                    if let line = line(value, at: section.keyPath(key), in: section) { found.append((key, line)) }
                } else if required {
                    section.record(
                        key, "required for kind \"\(kind.rawValue)\": a line name such as \"GPIO17\" or an offset")
                }
            }
        case .bar:
            if let items = section.array("lines") {
                if !(1...7).contains(items.count) {
                    section.record("lines", "expected 1 to 7 lines (one per level, bottom first), found \(items.count)")
                }
                for (index, item) in items.prefix(7).enumerated() {
                    let path = "\(section.keyPath("lines"))[\(index)]"
                    if let line = line(item, at: path, in: section) { found.append(("lines[\(index)]", line)) }
                }
            } else if required {
                section.record("lines", "required for kind \"bar\": 1 to 7 lines, bottom (Excellent) first")
            }
        }
        for (index, entry) in found.enumerated() {
            if let earlier = found[..<index].first(where: { $0.line == entry.line }) {
                section.record(
                    ConfigError(
                        keyPath: section.keyPath(entry.key), message: "the same line as \(earlier.key) (\(entry.line))")
                )
            }
        }
        return found.map(\.line)
    }

    /// A line: a name (`"GPIO17"`), or an offset as a number (`17`) or a string of digits (`"17"`).
    static func line(_ value: JSONValue, at path: String, in section: ConfigSection) -> LineSelector? {
        switch value {
        case .number(let number) where number == number.rounded() && (0...65_535).contains(number):
            return .offset(UInt32(number))
        case .string(let text) where !text.isEmpty:
            if text.allSatisfy({ $0.isASCII && $0.isNumber }), let offset = UInt32(text), offset <= 65_535 {
                return .offset(offset)
            }
            return .name(text)
        default:
            section.record(
                .mismatch(
                    path, expected: "a line name such as \"GPIO17\" or an offset such as 17",
                    found: ConfigSection.describe(value)))
            return nil
        }
    }

    /// The `night` section: `start`, `end`, `mode`, `brightness`.
    static func night(_ section: ConfigSection, pwm: Bool) -> NightSchedule? {
        let start = time("start", in: section)
        let end = time("end", in: section)
        let mode = section.choice("mode", as: NightSchedule.Mode.self) ?? .off
        let brightness = section.double("brightness", in: 0...1)
        if mode == .off && brightness != nil {
            section.record("brightness", "only used with \"mode\": \"dim\"")
        }
        if mode == .dim && !pwm {
            section.record("mode", "\"dim\" needs \"pwm\": true (without PWM a line is only on or off); use \"off\"")
        }
        guard let start, let end else { return nil }
        if start == end {
            section.record("end", "must differ from start (\(start)): the night would be empty")
            return nil
        }
        return NightSchedule(start: start, end: end, mode: mode, brightness: brightness ?? 0.2)
    }

    static func time(_ key: String, in section: ConfigSection) -> TimeOfDay? {
        guard section.contains(key) else {
            _ = section.value(key)
            section.record(key, "required: a local time of day as \"HH:MM\" (24-hour)")
            return nil
        }
        guard let text = section.string(key) else { return nil }
        guard let time = TimeOfDay(parsing: text) else {
            section.record(
                .mismatch(
                    section.keyPath(key), expected: "a time of day as \"HH:MM\" (24-hour)",
                    found: "\"\(text)\""))
            return nil
        }
        return time
    }
}
