import AirQuality
import Foundation
import LEDs
import Testing

/// docs/leds.md's pattern table is what the policy does: the table is generated from the policy's own
/// descriptions and must appear in the document verbatim.
@Suite("Documentation")
struct DocumentationTests {
    static var table: String {
        let policies = [
            LEDPolicy(kind: .rgb, pwm: true), LEDPolicy(kind: .rgb, pwm: false), LEDPolicy(kind: .bar, barLines: 7),
            LEDPolicy(kind: .single, pwm: true), LEDPolicy(kind: .single, pwm: false),
        ]
        var rows: [(String, IndicatorState)] = [("Start-up self-test", .selfTest), ("Warming up", .warmingUp)]
        rows += AQILevel.allCases.map { ("\($0.text), local value", .local($0)) }
        rows += AQILevel.allCases.map { ("\($0.text), regional fallback", .regional($0)) }
        rows += [("No data", .noData), ("Fault", .fault)]
        var lines = [
            "| State | rgb, PWM on | rgb, PWM off | bar of 7 | single, PWM on | single, PWM off |",
            "|---|---|---|---|---|---|",
        ]
        for (name, state) in rows {
            lines.append("| \(name) | " + policies.map { $0.summary(for: state) }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    @Test("docs/leds.md carries the pattern table the policy produces")
    func patternTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/leds.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        #expect(document.contains(Self.table), "docs/leds.md should contain:\n\(Self.table)")
    }
}
