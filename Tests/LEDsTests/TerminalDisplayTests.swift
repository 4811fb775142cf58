import LEDs
import Synchronization
import Testing

@Suite("Terminal backend")
struct TerminalDisplayTests {
    @Test("an RGB LED is one dot in 24-bit colour, with its hex")
    func rgb() {
        let text = TerminalLEDDisplay.render([0, Gamma.duty(perceived: 228.0 / 255), 0], kind: .rgb, palette: .epa)
        #expect(text == "LED \u{1B}[38;2;0;228;0m●\u{1B}[0m #00e400")
        #expect(TerminalLEDDisplay.render([0, 0, 0], kind: .rgb, palette: .epa).hasSuffix(" off"))
    }

    @Test("a bar draws each LED in the colour of its level, dark ones grey")
    func bar() {
        let text = TerminalLEDDisplay.render([1, 1, 0], kind: .bar, palette: .epa)
        #expect(
            text
                == "LEDs \u{1B}[38;2;0;228;0m●\u{1B}[0m \u{1B}[38;2;255;255;0m●\u{1B}[0m "
                + "\u{1B}[38;2;48;48;48m●\u{1B}[0m"
        )
    }

    @Test("lines printed while the LED is drawn go above it")
    func writer() {
        let collected = Mutex("")
        let writer = TerminalWriter { text in collected.withLock { $0 += text } }
        writer.draw("LED A")
        writer.line("step 1")
        writer.draw("LED B")
        writer.finish()
        #expect(collected.withLock { $0 } == "\r\u{1B}[2KLED A\r\u{1B}[2Kstep 1\nLED A\r\u{1B}[2KLED B\n")
    }
}
