import AirQuality
import CheckedConversions
import FoundationEssentials

/// Escaping and small formatting helpers for the status page.
enum HTMLText {
    /// `text` safe inside element content and double-quoted attributes.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }

    /// A concentration to one decimal, or an em dash. Any finite value is written (beyond 10^15 in Swift's
    /// exponent form), never converted to an integer type that could trap.
    static func concentration(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "—" }
        return DecimalFormatting.fixed(value, decimals: 1)
    }

    /// Black or white, whichever reads better on `color` (WCAG relative luminance).
    static func textColor(on color: RGBColor) -> String {
        // sRGB decoding approximated by squaring (gamma 2.0): close enough to choose black or white.
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c * c
        }
        let luminance = 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        // Contrast with black: (L + 0.05) / 0.05; with white: 1.05 / (L + 0.05). Pick the larger.
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff"
    }

    /// `HH:MM` UTC of a time.
    static func clock(_ date: Date) -> String {
        let text = ISO8601Time.format(date)
        let start = text.index(text.startIndex, offsetBy: 11)
        return String(text[start..<text.index(start, offsetBy: 5)])
    }

    /// "42 s", "5 min", "3 h"; an absurd age (a clock far off) reads as the largest number, not a crash.
    static func age(_ seconds: Double) -> String {
        switch seconds {
        case ..<90: "\(Int(clampingRounded: seconds)) s"
        case ..<5400: "\(Int(clampingRounded: seconds / 60)) min"
        default: "\(Int(clampingRounded: seconds / 3600)) h"
        }
    }
}

