/// Unit strings as the station writes them.
enum Units {
    /// Open-Meteo writes µg/m³ with U+03BC GREEK SMALL LETTER MU; the station's API, Prometheus and Home
    /// Assistant use U+00B5 MICRO SIGN (HA's `pm25` device class requires exactly `µg/m³`). Every unit
    /// from Open-Meteo goes through this before it is shown.
    static func normalised(_ unit: String) -> String {
        String(unit.unicodeScalars.map { $0 == "\u{03BC}" ? "\u{00B5}" : $0 }.map(Character.init))
    }

    /// `µg/m³` with the micro sign.
    static let microgramsPerCubicMetre = "\u{00B5}g/m\u{00B3}"
}
