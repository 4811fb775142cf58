import AirQuality
import CheckedConversions

/// The status page's climate line (temperature, humidity, pressure, where they come from) and the words on
/// the PM2.5 correction.
extension StatusPage {
    /// `<p id="climate">…</p>`, or nothing without a fresh reading.
    static func climate(_ snapshot: StationSnapshot) -> String {
        guard let reading = snapshot.climate else { return "" }
        var parts: [String] = []
        if let temperature = reading.temperature { parts.append("\(DecimalFormatting.fixed(temperature, decimals: 1)) °C") }
        if let humidity = reading.relativeHumidity { parts.append("\(Int(clampingRounded: humidity)) % RH") }
        if let pressure = reading.pressureHectopascals { parts.append("\(Int(clampingRounded: pressure)) hPa") }
        let source = reading.source == .climate ? "climate sensor" : "particulate sensor"
        let age = snapshot.age(of: reading.time).map { ", \(HTMLText.age($0)) ago" } ?? ""
        return "<p id=\"climate\">\(parts.joined(separator: " · ")) <small>(\(HTMLText.escape(reading.model.uppercased())) \(source)\(age))</small></p>"
    }

    /// The pollutant table's note on the PM2.5 correction: which one, with whose humidity, or why none.
    static func correctionNote(_ sensor: SensorStatus) -> String {
        guard sensor.correction != .none else {
            return sensor.correctionNote.map { " PM2.5 uncorrected: " + HTMLText.escape($0) + "." } ?? ""
        }
        let humidity = sensor.correctionHumiditySource.map { " with \($0.rawValue) humidity" } ?? ""
        let fog = sensor.humidityFlag == true ? " Above 90 % RH: optical sensors read fog as particles." : ""
        return " PM2.5 corrected with \(sensor.correction.rawValue)\(humidity).\(fog)"
    }
}
