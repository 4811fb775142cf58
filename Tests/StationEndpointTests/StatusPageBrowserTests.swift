import AirQuality
import Foundation
import HTTPTestSupport
import JSON
import StationEndpoint
import StationSnapshot
import Testing
import ThreadTestSupport

/// The status page in a real browser: what Chromium renders (text, computed colours) is what
/// `/api/v1/current` reports, before and after the page refreshes itself.
@Suite("status page in headless Chromium", .serialized, .dedicatedThread)
struct StatusPageBrowserTests {
    /// What the page shows, read from the rendered DOM and computed styles.
    static let probe = """
        (function(){
          if (document.readyState !== "complete") return null;
          var value = document.getElementById("aqi-value"), ring = document.getElementById("ring-value");
          var level = document.getElementById("aqi-level-text"), badge = document.getElementById("aqi-level");
          if (!value || !ring || !level || !badge) return null;
          var box = ring.getBoundingClientRect();
          return JSON.stringify({value: value.innerText.trim(), level: level.innerText.trim(),
            stroke: getComputedStyle(ring).stroke, badge: getComputedStyle(badge).backgroundColor,
            ringVisible: box.width > 50 && box.height > 50, tips: document.querySelectorAll("#tips li").length,
            chartBars: document.querySelectorAll("#chart rect").length, title: document.title});
        })()
        """

    static func rgb(_ hex: String) -> String {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        return "rgb(\(value >> 16), \((value >> 8) & 0xFF), \(value & 0xFF))"
    }

    func shown(_ browser: HeadlessChromium, session: String, value expected: String? = nil) throws -> [String: Any] {
        let wanted = expected.map { "document.getElementById('aqi-value') && document.getElementById('aqi-value').innerText.trim() === '\($0)' ? (\(Self.probe)) : null" }
        let text = try browser.waitFor(wanted ?? Self.probe, session: session) as? String ?? ""
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test("the rendered page shows the value, level and colour of /api/v1/current, and follows a new snapshot")
    func rendersCurrent() throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let current = try JSONValue.parse(try RawHTTPClient.request("GET", "/api/v1/current", port: port).body)
        guard case .number(let value)? = current["aqi"]?["value"], case .string(let level)? = current["aqi"]?["text"],
            case .string(let color)? = current["aqi"]?["color"]
        else {
            Issue.record("no AQI in /api/v1/current")
            return
        }

        let browser = try HeadlessChromium()
        let session = try browser.open("http://127.0.0.1:\(port)/")
        let page = try shown(browser, session: session)
        #expect(page["value"] as? String == String(Int(value)))
        #expect(page["level"] as? String == level)
        #expect(page["stroke"] as? String == Self.rgb(color))
        #expect(page["badge"] as? String == Self.rgb(color))
        #expect(page["ringVisible"] as? Bool == true)
        #expect(page["tips"] as? Int == 3)
        #expect(page["chartBars"] as? Int == 24)

        // A new snapshot; the page refreshes itself (on becoming visible, as on its timer).
        var next = file.snapshot
        next.aqi?.value = 163
        endpoint.publish(next)
        let newCurrent = try JSONValue.parse(try RawHTTPClient.request("GET", "/api/v1/current", port: port).body)
        _ = try browser.evaluate("document.dispatchEvent(new Event('visibilitychange')); true", session: session)
        let refreshed = try shown(browser, session: session, value: "163")
        #expect(refreshed["level"] as? String == newCurrent["aqi"]?["text"].flatMap { if case .string(let s) = $0 { s } else { nil } })
        if case .string(let newColor)? = newCurrent["aqi"]?["color"] {
            #expect(refreshed["stroke"] as? String == Self.rgb(newColor))
        }
        #expect((refreshed["title"] as? String)?.hasPrefix("AQI 163") == true)
    }
}

/// Long texts wrap: with Open-Meteo unavailable and its error naming a long URL, the page is never wider than
/// a phone's or a desktop's viewport.
@Suite("status page layout in headless Chromium", .serialized, .dedicatedThread)
struct StatusPageOverflowTests {
    /// The document's and every element's width beyond the viewport, with the widest offender's tag and id.
    static let overflowProbe = """
        (function(){
          if (document.readyState !== "complete" || !document.getElementById("reconciliation")) return null;
          var width = window.innerWidth, worst = null, widest = 0;
          document.querySelectorAll("body *").forEach(function(e){
            // Inside an SVG the root clips its children (overflow: hidden), so only the <svg> box counts.
            if (e.ownerSVGElement) return;
            var box = e.getBoundingClientRect();
            // The box, and the content inside it (a long word overflows its paragraph, not the paragraph's box).
            // An element that clips its content (the screen-reader-only text) cannot push the page wider.
            var content = /hidden|clip/.test(getComputedStyle(e).overflowX) ? 0 : e.scrollWidth;
            var reach = Math.max(box.right, box.left + content);
            if (reach > width + 0.5 || box.width > width + 0.5 || content > width + 0.5) {
              if (reach > widest) { widest = reach; worst = e.tagName + (e.id ? "#" + e.id : "") + " " + (e.textContent || "").slice(0, 60) + " sw=" + e.scrollWidth + " cw=" + e.clientWidth + " r=" + box.right; }
            }
          });
          return JSON.stringify({innerWidth: width, scrollWidth: document.documentElement.scrollWidth,
            worst: worst, widest: widest, note: document.querySelector("#cmp-h").parentNode.innerText});
        })()
        """

    static let longError = "cannot fetch https://air-quality-api.open-meteo.com/v1/air-quality?latitude=52.5200&longitude=13.4050"
        + "&current=us_aqi,us_aqi_pm2_5,us_aqi_pm10,pm2_5,pm10,ozone,nitrogen_dioxide,sulphur_dioxide,carbon_monoxide"
        + "&hourly=pm2_5,pm10&past_days=1&forecast_days=1&timezone=GMT&domains=cams_europe: "
        + "Couldn't_resolve_host_name_(CURLE_COULDNT_RESOLVE_HOST)_after_3_attempts_over_45_seconds"

    @Test("no horizontal overflow at 390 px and 1280 px with the reference unavailable and a long error", arguments: [390, 1280])
    func noOverflow(_ width: Int) throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        var snapshot = file.snapshot
        snapshot.reference = .unavailable(error: Self.longError, last: nil)
        snapshot.reconciliation = Reconciliation(
            state: .referenceUnavailable, suspectReason: nil, explanation: "no Open-Meteo reading yet; last error: \(Self.longError)",
            pm25: nil, pm10: nil, localAQI24h: nil, referenceAQI24h: nil, longRunRatio: nil, longRunHours: 0,
            referenceAge: nil, referenceError: Self.longError, evaluatedAt: snapshot.time)
        endpoint.publish(snapshot)

        let browser = try HeadlessChromium()
        let session = try browser.open("about:blank")
        try browser.send(
            "Emulation.setDeviceMetricsOverride",
            ["width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600], session: session)
        try browser.send("Page.navigate", ["url": "http://127.0.0.1:\(port)/"], session: session)
        let text = try browser.waitFor(Self.overflowProbe, session: session) as? String ?? ""
        let page = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
        #expect(page["innerWidth"] as? Int == width)
        #expect((page["note"] as? String)?.contains("CURLE_COULDNT_RESOLVE_HOST") == true, "the error is on the page")
        let scrollWidth = page["scrollWidth"] as? Int ?? .max
        #expect(scrollWidth <= width, "the page scrolls sideways: \(scrollWidth) px wide at \(width) px")
        #expect(page["worst"] is NSNull, "wider than the viewport: \(page["worst"] ?? "") reaching \(page["widest"] ?? "") px")
    }
}
