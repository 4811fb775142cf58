import Testing

@testable import AirQuality

@Suite("Levels, colours, share text")
struct PresentationTests {
    @Test("Breeze colours as the app defines them")
    func breezeColours() {
        let colours = AQILevel.allCases.map(\.color.hex)
        #expect(colours == ["#34c759", "#34c759", "#ff9500", "#ff6b00", "#ff3b30", "#af52de", "#8e0000"])
    }

    @Test("EPA colours from the Technical Assistance Document")
    func epaColours() {
        let colours = EPACategory.allCases.map(\.color.hex)
        #expect(colours == ["#00e400", "#ffff00", "#ff7e00", "#ff0000", "#8f3f97", "#7e0023"])
    }

    @Test("every level has a text, an emoji, a description and at least two tips", arguments: AQILevel.allCases)
    func presentation(_ level: AQILevel) {
        #expect(!level.text.isEmpty)
        #expect(!level.emoji.isEmpty)
        #expect(level.summary.count > 20)
        #expect(level.tips.count >= 2)
        #expect(Set(level.tips).count == level.tips.count)
    }

    @Test("share text")
    func share() {
        #expect(ShareText.make(place: "Berlin", index: 42) == "Air Quality in Berlin: AQI 42 - Good")
        #expect(ShareText.make(place: "Classroom 4", index: 151) == "Air Quality in Classroom 4: AQI 151 - Unhealthy")
    }

    @Test("hex colours parse and print")
    func hex() {
        #expect(RGBColor(hex: "#FF9500") == RGBColor(red: 255, green: 149, blue: 0))
        #expect(RGBColor(hex: "34c759")?.hex == "#34c759")
        #expect(RGBColor(hex: "#12345") == nil)
        #expect(RGBColor(hex: "#zzzzzz") == nil)
    }

    @Test("fixed-point formatting")
    func formatting() {
        #expect(DecimalFormatting.fixed(38.437, decimals: 1) == "38.4")
        #expect(DecimalFormatting.fixed(0.2, decimals: 3) == "0.200")
        #expect(DecimalFormatting.fixed(-1.25, decimals: 1) == "-1.3")
        #expect(DecimalFormatting.fixed(54, decimals: 0) == "54")
        #expect(DecimalFormatting.fixed(.nan, decimals: 1) == "nan")
    }
}

@Suite("PM2.5 corrections")
struct CorrectionTests {
    @Test("names are the config names")
    func names() {
        #expect(PM25Correction.allCases.map(\.rawValue) == ["none", "epa-2021", "epa-2022-smoke"])
    }

    @Test("epa-2021 is the Barkjohn 2021 line, floored at zero")
    func epa2021() {
        let corrected = PM25Correction.epa2021.apply(pm25: 20, relativeHumidity: 50)
        #expect(abs(corrected.value - 11.92) < 1e-9)
        #expect(corrected.correction == .epa2021)
        #expect(PM25Correction.epa2021.apply(pm25: 0, relativeHumidity: 100).value == 0)
    }

    @Test("epa-2022-smoke blends to the quadratic above 570 µg/m³")
    func smoke() {
        let low = PM25Correction.epa2022Smoke.apply(pm25: 100, relativeHumidity: 40)
        #expect(abs(low.value - (52.4 - 3.448 + 5.75)) < 1e-9)
        let blend = PM25Correction.epa2022Smoke.apply(pm25: 600, relativeHumidity: 50)
        #expect(abs(blend.value - 370.866) < 0.01)
        let high = PM25Correction.epa2022Smoke.apply(pm25: 700, relativeHumidity: nil)
        #expect(abs(high.value - (4.21e-4 * 490_000 + 274.4 + 3.44)) < 1e-9)
        #expect(high.correction == .epa2022Smoke)
    }

    @Test("without humidity the value stays uncorrected and says so")
    func missingHumidity() {
        let corrected = PM25Correction.epa2021.apply(pm25: 20, relativeHumidity: nil)
        #expect(corrected.value == 20)
        #expect(corrected.correction == PM25Correction.none)
        #expect(corrected.note?.contains("relative humidity") == true)
    }

    @Test("none passes the value through")
    func none() {
        #expect(PM25Correction.none.apply(pm25: 17.3, relativeHumidity: 80).value == 17.3)
    }
}
