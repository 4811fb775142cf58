import AirQuality
import FoundationEssentials

/// The status page's 24-hour chart: one bar per hour in the hour's level colour, as inline SVG with a text
/// title per bar and a summary for screen readers.
enum StatusChart {
    static func render(_ hours: [HourlyAQI], now: Date) -> String {
        let recent = Array(hours.suffix(24))
        guard !recent.isEmpty else { return "" }
        let values = recent.compactMap(\.aqi)
        let top = scaleTop(values.max() ?? 0)
        // The chart's width in SVG units, an integer so the labels need no Double → Int conversion.
        let widthUnits = 240
        let width = Double(widthUnits)
        let height = 100.0
        let slot = width / 24
        let offset = 24 - recent.count
        var bars = ""
        for (position, hour) in recent.enumerated() {
            let x = Double(offset + position) * slot + 1
            let label = "\(HTMLText.clock(hour.start)) UTC: "
            if let aqi = hour.aqi {
                let level = AQILevel(index: aqi)
                let barHeight = max(2, min(Double(aqi), top) / top * height)
                bars += "<rect x=\"\(StatusPage.format(x))\" y=\"\(StatusPage.format(height - barHeight))\" width=\"\(StatusPage.format(slot - 2))\" height=\"\(StatusPage.format(barHeight))\" fill=\"\(level.color.hex)\"><title>\(label)AQI \(aqi), \(HTMLText.escape(level.text))</title></rect>"
            } else {
                bars += "<rect x=\"\(StatusPage.format(x))\" y=\"\(StatusPage.format(height - 1))\" width=\"\(StatusPage.format(slot - 2))\" height=\"1\" class=\"grid\"><title>\(label)no data</title></rect>"
            }
        }
        var grid = ""
        for line in gridLines(top: top) {
            let y = height - Double(line) / top * height
            grid += "<line class=\"grid\" x1=\"0\" x2=\"\(widthUnits)\" y1=\"\(StatusPage.format(y))\" y2=\"\(StatusPage.format(y))\"/><text x=\"\(widthUnits + 3)\" y=\"\(StatusPage.format(y + 3))\">\(line)</text>"
        }
        let summary: String
        if let low = values.min(), let high = values.max(), let last = recent.last(where: { $0.aqi != nil })?.aqi {
            summary = "Hourly AQI over the last \(recent.count) hours: lowest \(low), highest \(high), latest \(last)."
        } else {
            summary = "No hourly AQI in the last \(recent.count) hours."
        }
        let first = HTMLText.clock(recent[0].start)
        return """
            <section aria-labelledby="chart-h" class="chart"><h2 id="chart-h">Last 24 hours</h2>
            <svg id="chart" viewBox="0 -8 262 122" role="img" aria-label="\(summary)">\(grid)\(bars)<text x="0" y="112">\(first) UTC</text><text x="\(widthUnits)" y="112" text-anchor="end">now</text></svg>
            <p class="sr-only">\(summary)</p>
            </section>
            """
    }

    /// The top of the scale: the next level boundary above the highest value (at least 100).
    static func scaleTop(_ highest: Int) -> Double {
        for bound in [100, 150, 200, 300, 500] where highest <= bound { return Double(bound) }
        return Double(highest)
    }

    static func gridLines(top: Double) -> [Int] {
        [50, 100, 150, 200, 300, 500].filter { Double($0) <= top }
    }
}
