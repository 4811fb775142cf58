/// The station's id in topics and Home Assistant ids: lowercase, `[a-z0-9_-]`, derived from the station's
/// name ("Balcony West" → `balcony_west`, "Küche" → `kuche`).
public enum StationID {
    /// Used when a name has no Latin letters or digits at all.
    public static let fallback = "station"
    /// Longest id derived (topics and ids stay readable).
    public static let maximumLength = 48

    /// The id of a station named `name`: Latin letters lose their accents (ß → ss, æ → ae), letters are
    /// lowercased, every run of other characters becomes one separator (`-` when it starts with a hyphen,
    /// else `_`); no separator at the ends. Never empty.
    public static func derive(from name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if let letters = asciiLetters(of: scalar) {
                result += letters
            } else if let last = result.last, last != "-", last != "_" {
                // One separator per run of anything else; a hyphen stays a hyphen.
                result += scalar == "-" ? "-" : "_"
            }
        }
        while let last = result.last, last == "-" || last == "_" { result.removeLast() }
        if result.count > maximumLength {
            result = String(result.prefix(maximumLength))
            while let last = result.last, last == "-" || last == "_" { result.removeLast() }
        }
        return result.isEmpty ? fallback : result
    }

    /// Whether `text` is a valid id: 1 to 64 characters of `[a-z0-9_-]`.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D
            }
    }

    /// `scalar` as lowercase ASCII: itself for `[A-Za-z0-9]`; the base letter(s) of an accented Latin
    /// letter, read from its Unicode name ("LATIN SMALL LETTER U WITH DIAERESIS" → u); nil otherwise.
    private static func asciiLetters(of scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x30...0x39, 0x61...0x7A: return String(scalar)
        case 0x41...0x5A: return String(scalar).lowercased()
        case 0..<0x80: return nil
        default: break
        }
        guard let name = scalar.properties.name else { return nil }
        if name.hasSuffix("LETTER SHARP S") { return "ss" }
        for prefix in [
            "LATIN SMALL LETTER ", "LATIN CAPITAL LETTER ", "LATIN SMALL LIGATURE ", "LATIN CAPITAL LIGATURE ",
        ]
        where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let base = rest.split(separator: " ", maxSplits: 1).first ?? ""
            guard (1...2).contains(base.count), base.allSatisfy({ $0 >= "A" && $0 <= "Z" }) else { return nil }
            return base.lowercased()
        }
        return nil
    }
}
