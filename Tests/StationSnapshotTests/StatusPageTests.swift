import AirQuality
import Foundation
import JSON
import StationSnapshot
import Testing

@Suite("status page")
struct StatusPageTests {
    @Test("shows the value, level, colour, tips and share text; escapes the station's name")
    func content() throws {
        let snapshot = try Samples.full()
        let aqi = try #require(snapshot.aqi)
        let html = StatusPage.render(snapshot)
        #expect(html.contains("<span id=\"aqi-value\" class=\"number\">\(aqi.value)</span>"))
        #expect(html.contains("<span id=\"aqi-level-text\">\(aqi.level.text)</span>"))
        #expect(html.contains("stroke=\"\(aqi.level.color.hex)\""))
        #expect(html.contains("US AQI"))
        #expect(html.contains("What You Can Do"))
        for tip in aqi.level.tips { #expect(html.contains(tip)) }
        #expect(html.contains("Balcony &lt;Süd&gt; &amp; &quot;Co&quot;"))
        #expect(!html.contains("<Süd>"))
        #expect(html.contains("data-share=\"Air Quality in Balcony &lt;Süd&gt; &amp; &quot;Co&quot;: AQI \(aqi.value)"))
        #expect(html.contains("<svg id=\"chart\""))
        #expect(html.contains("Delhi <strong>168</strong>"))
        #expect(html.contains("prefers-color-scheme:dark"))
    }

    @Test("each value names its averaging: 10-minute mean, NowCast, 24 h, last sample; none is called the latest reading")
    func averagingLabels() throws {
        var snapshot = try Samples.full()
        snapshot.aqi = AQIReading(value: 61, source: .local, basis: .instant, pollutant: .pm2_5)
        snapshot.localIndices = LocalIndices(instant: 61, nowcast: nil, average24h: nil)
        var html = StatusPage.render(snapshot)
        #expect(!html.contains("Latest reading"))
        #expect(html.contains("10-minute mean (no hourly data yet) of PM2.5"))
        #expect(html.contains("<dt>Station sensor <small>10-min mean</small></dt>"))
        #expect(html.contains("<dt>Regional (Open-Meteo) <small>24 h model</small></dt>"))
        #expect(html.contains("<th scope=\"col\">Station <small>last sample</small></th>"))
        #expect(html.contains("<th scope=\"col\">Regional <small>model, now</small></th>"))
        snapshot.aqi = AQIReading(value: 57, source: .local, basis: .nowcast, pollutant: .pm2_5)
        snapshot.localIndices = LocalIndices(instant: 61, nowcast: 57, average24h: 72)
        html = StatusPage.render(snapshot)
        #expect(html.contains("NowCast (last 12 hours) of PM2.5"))
        #expect(html.contains("<dt>Station sensor <small>NowCast</small></dt>"))
    }

    @Test("no external assets: nothing is loaded from another origin")
    func selfContained() throws {
        let html = StatusPage.render(try Samples.full())
        #expect(!html.contains("http://"))
        #expect(!html.contains("https://"))
        #expect(!html.contains("src="))
        #expect(!html.contains("<link"))
        #expect(html.utf8.count < 24_000, "page is \(html.utf8.count) bytes")
    }

    @Test("without data the page says so and the share button is disabled")
    func empty() {
        let html = StatusPage.render(Samples.empty)
        #expect(html.contains("No data"))
        #expect(html.contains("disabled>Share</button>"))
    }

    @Test("level badge text contrasts with the level colour", arguments: AQILevel.allCases)
    func contrast(level: AQILevel) {
        var snapshot = Samples.empty
        snapshot.aqi = AQIReading(value: level.indexRange.lowerBound, source: .local, basis: .nowcast, pollutant: .pm2_5)
        let html = StatusPage.render(snapshot)
        let chosen = html.contains("--on-level:#ffffff") ? RGBColor(hex: 0xFFFFFF) : RGBColor(hex: 0x000000)
        #expect(html.contains("--on-level:#ffffff") || html.contains("--on-level:#000000"))
        // WCAG 2 contrast ratio, exact sRGB decoding: at least 4.5:1 (AA for normal text).
        func luminance(_ color: RGBColor) -> Double {
            func channel(_ value: UInt8) -> Double {
                let c = Double(value) / 255
                return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (a, b) = (luminance(level.color), luminance(chosen))
        let ratio = (max(a, b) + 0.05) / (min(a, b) + 0.05)
        #expect(ratio >= 4.5, "\(level): \(ratio)")
    }

    @Test("the OpenAPI document lists every route")
    func openAPI() {
        let document = OpenAPIDocument.render()
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        #expect(paths.map(\.key) == OpenAPIDocument.paths)
        #expect(document["openapi"] == "3.1.0")
    }
}
