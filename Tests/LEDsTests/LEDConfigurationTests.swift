import Configuration
import GPIO
import JSON
import LEDs
import Testing

@Suite("The leds section of the configuration")
struct LEDConfigurationTests {
    /// Reads `text` as a whole configuration file; returns the settings and every problem reported.
    static func read(_ text: String) throws -> (LEDConfiguration?, [String]) {
        let root = ConfigSection(document: try JSONValue.parse(text))
        let configuration = LEDConfiguration.read(from: root)
        do {
            try root.finish()
            return (configuration, [])
        } catch {
            return (configuration, error.errors.map(\.description))
        }
    }

    @Test("no leds section means no LEDs")
    func absent() throws {
        let (configuration, problems) = try Self.read(#"{}"#)
        #expect(configuration == nil)
        #expect(problems.isEmpty)
    }

    @Test("a full rgb section")
    func fullRGB() throws {
        let (configuration, problems) = try Self.read(
            #"""
            {"leds": {"chip": "pinctrl-bcm2711", "kind": "rgb", "red": "GPIO5", "green": 6, "blue": "13",
              "active_low": true, "pwm": true, "pwm_frequency": 400, "brightness": 0.6, "palette": "breeze",
              "self_test": false, "night": {"start": "22:30", "end": "6:45", "mode": "dim", "brightness": 0.1}}}
            """#)
        #expect(problems.isEmpty)
        let leds = try #require(configuration)
        #expect(leds.backend == .gpiod)
        #expect(leds.chip == .label("pinctrl-bcm2711"))
        #expect(leds.lines == [.name("GPIO5"), .offset(6), .offset(13)])
        #expect(leds.activeLow && leds.pwm && !leds.selfTest)
        #expect(leds.pwmFrequency == 400 && leds.brightness == 0.6 && leds.palette == .breeze)
        #expect(
            leds.night
                == NightSchedule(
                    start: TimeOfDay(minutes: 1350)!, end: TimeOfDay(minutes: 405)!, mode: .dim, brightness: 0.1))
        #expect(
            leds.json.serialized()
                == #"{"backend":"gpiod","chip":"pinctrl-bcm2711","kind":"rgb","red":"GPIO5","green":6,"blue":13,"#
                + #""active_low":true,"pwm":true,"pwm_frequency":400,"brightness":0.6,"palette":"breeze","#
                + #""self_test":false,"night":{"start":"22:30","end":"06:45","mode":"dim","brightness":0.1}}"#)
        #expect(leds.policy.lineCount == 3)
    }

    @Test("an empty section is the terminal backend with every default")
    func defaults() throws {
        let (configuration, problems) = try Self.read(#"{"leds": {}}"#)
        #expect(problems.isEmpty)
        #expect(configuration == LEDConfiguration())
        #expect(configuration?.backend == .terminal)
        #expect(
            configuration?.json.serialized()
                == #"{"backend":"terminal","chip":null,"kind":"rgb","red":null,"green":null,"blue":null,"#
                + #""active_low":false,"pwm":true,"pwm_frequency":200,"brightness":1,"palette":"breeze","#
                + #""self_test":true,"night":null}"#)
    }

    @Test("a terminal bar without lines has seven LEDs")
    func terminalBar() throws {
        let (configuration, problems) = try Self.read(#"{"leds": {"backend": "terminal", "kind": "bar"}}"#)
        #expect(problems.isEmpty)
        #expect(configuration?.policy.lineCount == 7)
    }

    @Test("bar and single lines")
    func barAndSingle() throws {
        let (bar, barProblems) = try Self.read(
            #"{"leds": {"chip": "gpiochip0", "kind": "bar", "lines": [5, 6, "GPIO13"]}}"#)
        #expect(barProblems.isEmpty)
        #expect(bar?.lines == [.offset(5), .offset(6), .name("GPIO13")])
        #expect(bar?.chip == .name("gpiochip0"))
        #expect(bar?.policy.lineCount == 3)
        let (single, singleProblems) = try Self.read(
            #"{"leds": {"chip": "/dev/gpiochip4", "kind": "single", "line": "GPIO26"}}"#)
        #expect(singleProblems.isEmpty)
        #expect(single?.lines == [.name("GPIO26")])
        #expect(single?.chip == .path("/dev/gpiochip4"))
    }

    @Test(
        "every problem is reported with its key path",
        arguments: [
            (
                #"{"kind": "rgb", "backend": "gpiod", "red": 5, "green": 6, "blue": 13}"#,
                "leds.chip: required by the gpiod backend"
            ),
            (#"{"chip": "pinctrl-rp1", "red": 5, "green": 6}"#, "leds.blue: required for kind \"rgb\""),
            (
                #"{"chip": "pinctrl-rp1", "kind": "bar", "lines": [1, 2, 3, 4, 5, 6, 7, 8]}"#,
                "leds.lines: expected 1 to 7 lines"
            ),
            (#"{"chip": "pinctrl-rp1", "kind": "bar", "lines": []}"#, "leds.lines: expected 1 to 7 lines"),
            (
                #"{"chip": "pinctrl-rp1", "red": 5, "green": true, "blue": 13}"#,
                "leds.green: expected a line name such as \"GPIO17\" or an offset such as 17, found true"
            ),
            (#"{"chip": "pinctrl-rp1", "red": 5, "green": -1, "blue": 13}"#, "leds.green: expected a line name"),
            (
                #"{"chip": "pinctrl-rp1", "red": 5, "green": "GPIO5", "blue": "5"}"#,
                "leds.blue: the same line as red (offset 5)"
            ),
            (
                #"{"chip": "pinctrl-rp1", "kind": "single", "line": 5, "lines": [5]}"#,
                "leds.lines: only used when \"kind\" is \"bar\" (kind is \"single\")"
            ),
            (#"{"pwm": false, "brightness": 0.5}"#, "leds.brightness: below 1 needs \"pwm\": true"),
            (
                #"{"pwm": false, "night": {"start": "22:00", "end": "07:00", "mode": "dim"}}"#,
                "leds.night.mode: \"dim\" needs \"pwm\": true"
            ),
            (#"{"night": {"start": "22:00", "end": "22:00"}}"#, "leds.night.end: must differ from start (22:00)"),
            (
                #"{"night": {"start": "10pm", "end": "07:00"}}"#,
                "leds.night.start: expected a time of day as \"HH:MM\" (24-hour), found \"10pm\""
            ),
            (#"{"night": {"end": "07:00"}}"#, "leds.night.start: required"),
            (
                #"{"night": {"start": "22:00", "end": "07:00", "brightness": 0.3}}"#,
                "leds.night.brightness: only used with \"mode\": \"dim\""
            ),
            (#"{"brightness": 1.5}"#, "leds.brightness: expected a number from 0 to 1, found 1.5"),
            (#"{"pwm_frequency": 100}"#, "leds.pwm_frequency: expected an integer from 200 to 2000, found 100"),
            (#"{"kind": "strip"}"#, "leds.kind: expected one of \"rgb\", \"bar\", \"single\""),
            (#"{"backend": "gpio", "chip": "x", "red": 1, "green": 2, "blue": 3}"#, "did you mean \"gpiod\"?"),
            (#"{"brigthness": 0.5}"#, "leds.brigthness: unknown key; did you mean \"brightness\"?"),
        ])
    func problems(_ section: String, _ expected: String) throws {
        let (_, problems) = try Self.read(#"{"leds": "# + section + "}")
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }
}
