import AirQuality
import LEDs
import Testing

@Suite("On/off colours and blink codes without PWM")
struct OnOffColorTests {
    @Test("all seven levels get distinct colour and blink-code pairs", arguments: LEDPalette.allCases)
    func distinct(_ palette: LEDPalette) {
        let codes = OnOffColor.codes(palette: palette)
        let pairs = AQILevel.allCases.compactMap { level in codes[level].map { "\($0.color)/\($0.gaps)" } }
        #expect(pairs.count == 7)
        #expect(Set(pairs).count == 7)
    }

    @Test("the nearest on/off colours of the EPA palette")
    func epa() {
        let codes = OnOffColor.codes(palette: .epa)
        let described = AQILevel.allCases.map { level in codes[level].map { "\($0.color) \($0.gaps)" } ?? "" }
        #expect(described == ["green 0", "green 1", "yellow 0", "red 0", "red 1", "magenta 0", "red 2"])
    }

    @Test("a colour too dark for any channel lights its strongest one")
    func dark() {
        #expect(OnOffColor(nearest: RGBColor(hex: 0x7E0023)).description == "red")
        #expect(OnOffColor(nearest: RGBColor(hex: 0x000040)).description == "blue")
        #expect(OnOffColor(nearest: RGBColor(hex: 0x808080)).description == "white")
    }
}
