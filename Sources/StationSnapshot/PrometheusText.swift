/// The Prometheus text exposition format 0.0.4: one HELP and one TYPE line per family, `\n` line ends, the
/// last line ending in `\n`.
public enum PrometheusText {
    /// The Content-Type of a scrape.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Writes `families` in order; families without samples and families whose name is not a valid metric
    /// name are skipped (a bad name would make the whole scrape unparseable).
    public static func render(_ families: [MetricFamily]) -> String {
        var output = ""
        var written: Set<String> = []
        for family in families where !family.samples.isEmpty && isValidName(family.name) {
            guard written.insert(family.name).inserted else { continue }
            output += "# HELP \(family.name) \(escapeHelp(family.help))\n"
            output += "# TYPE \(family.name) \(family.kind.rawValue)\n"
            for sample in family.samples {
                output += family.name
                let labels = sample.labels.filter { isValidLabelName($0.name) }
                if !labels.isEmpty {
                    output += "{"
                    output += labels.map { "\($0.name)=\"\(escapeLabelValue($0.value))\"" }.joined(separator: ",")
                    output += "}"
                }
                output += " " + formatValue(sample.value) + "\n"
            }
        }
        return output
    }

    /// `[a-zA-Z_:][a-zA-Z0-9_:]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == 0x5F || first == 0x3A else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x5F || $0 == 0x3A }
    }

    /// `[a-zA-Z_][a-zA-Z0-9_]*`, not starting with `__`.
    public static func isValidLabelName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == 0x5F, !name.hasPrefix("__") else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == 0x5F }
    }

    /// A sample value: integers without a fraction, `NaN`, `+Inf`, `-Inf`.
    public static func formatValue(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if abs(value) < 1e15, let whole = Int64(exactly: value) { return String(whole) }
        return "\(value)"
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func escapeHelp(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("\n", with: "\\n")
    }

    private static func escapeLabelValue(_ text: String) -> String {
        text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"").replacingAll("\n", with: "\\n")
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
