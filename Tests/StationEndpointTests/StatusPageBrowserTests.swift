import Foundation
import HTTPTestSupport
import JSON
import StationSnapshot
import Testing

/// The status page in a real browser: what Chromium renders (text, computed colours) is what
/// `/api/v1/current` reports, before and after the page refreshes itself.
@Suite("status page in headless Chromium", .serialized)
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
