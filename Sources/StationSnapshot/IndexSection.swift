import AirQuality

/// The status page's "Indices" card: every configured index (`aqi.index`, `aqi.also`) with its value, level
/// colour and averaging. Absent when only the US AQI is configured (the ring already shows it).
enum IndexSection {
    static func render(_ snapshot: StationSnapshot) -> String {
        guard snapshot.indices.contains(where: { $0.index != .usEPA }) else { return "" }
        let rows = snapshot.indices.map { reading -> String in
            let definition = reading.index.definition
            let name = HTMLText.escape(definition.name)
            guard let value = reading.value else {
                return "<dt>\(name)</dt><dd data-index=\"\(reading.index.rawValue)\">— <small>no local data yet</small></dd>"
            }
            let level = value.level
            return "<dt>\(name)</dt><dd data-index=\"\(reading.index.rawValue)\" data-color=\"\(level.color.hex)\">"
                + "<span class=\"dot\" style=\"background:\(level.color.hex)\" aria-hidden=\"true\"></span>"
                + "\(HTMLText.escape(value.display)) <small>\(HTMLText.escape(level.name)) · \(value.averaging.rawValue)</small></dd>"
        }
        return """
            <section class="card" aria-labelledby="indices"><h2 id="indices">Indices</h2><dl class="compare">\(rows.joined())</dl></section>
            """
    }
}
