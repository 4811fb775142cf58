public import Configuration
public import GPIO
public import JSON

/// The `leds` section of the station's configuration. No section means no LEDs. Every key is documented in
/// docs/leds.md.
///
/// ```json
/// "leds": {
///   "chip": "pinctrl-bcm2711", "kind": "rgb", "red": "GPIO5", "green": "GPIO6", "blue": "GPIO13",
///   "brightness": 0.8, "night": { "start": "22:00", "end": "07:00", "mode": "dim", "brightness": 0.2 }
/// }
/// ```
public struct LEDConfiguration: Sendable, Hashable {
    /// Where the LEDs are.
    public enum Backend: String, Sendable, CaseIterable, Hashable {
        /// GPIO lines through libgpiod (the default when `chip` is set).
        case gpiod
        /// Drawn on the terminal in 24-bit colour (the default without `chip`).
        case terminal
    }

    /// `backend`.
    public var backend: Backend
    /// `chip`: label (stable), `gpiochipN` or device path; needed by `gpiod`.
    public var chip: ChipSelector?
    /// `kind`.
    public var kind: LEDKind
    /// The lines in drawing order: `red`, `green`, `blue` for rgb; `lines` (bottom first) for bar; `line`
    /// for single. Empty for a terminal backend without lines.
    public var lines: [LineSelector]
    /// `active_low`: every line is active-low (LEDs wired to 3.3 V, common-anode RGB LEDs).
    public var activeLow: Bool
    /// `pwm`: dim lines by software PWM (exact colours, brightness, breathing).
    public var pwm: Bool
    /// `pwm_frequency`, in Hz.
    public var pwmFrequency: Int
    /// `brightness`, perceived, 0...1.
    public var brightness: Double
    /// `palette`.
    public var palette: LEDPalette
    /// `self_test`: the start-up sweep.
    public var selfTest: Bool
    /// `night`.
    public var night: NightSchedule?

    /// A configuration; the defaults are those of an empty `leds` section with the terminal backend.
    public init(
        backend: Backend = .terminal, chip: ChipSelector? = nil, kind: LEDKind = .rgb, lines: [LineSelector] = [],
        activeLow: Bool = false, pwm: Bool = true, pwmFrequency: Int = 200, brightness: Double = 1,
        palette: LEDPalette = .default, selfTest: Bool = true, night: NightSchedule? = nil
    ) {
        self.backend = backend
        self.chip = chip
        self.kind = kind
        self.lines = lines
        self.activeLow = activeLow
        self.pwm = pwm
        self.pwmFrequency = pwmFrequency
        self.brightness = brightness
        self.palette = palette
        self.selfTest = selfTest
        self.night = night
    }

    /// The number of LEDs a bar has without lines (terminal backend).
    public static let defaultBarLength = 7

    /// The `leds` section of `root`, or nil when there is none (no LEDs). Problems are recorded in `root`.
    public static func read(from root: ConfigSection) -> LEDConfiguration? {
        root.section("leds").map(LEDConfiguration.init(section:))
    }

    /// Reads a `leds` section; problems are recorded in it (and thrown by the root's `finish()`).
    public init(section: ConfigSection) {
        let chipText = section.string("chip")
        chip = chipText.map(ChipSelector.init(parsing:))
        backend = section.choice("backend", as: Backend.self) ?? (chip == nil ? .terminal : .gpiod)
        kind = section.choice("kind", as: LEDKind.self) ?? .rgb
        activeLow = section.bool("active_low") ?? false
        pwm = section.bool("pwm") ?? true
        pwmFrequency = section.int("pwm_frequency", in: 200...2000) ?? 200
        brightness = section.double("brightness", in: 0...1) ?? 1
        palette = section.choice("palette", as: LEDPalette.self) ?? .default
        selfTest = section.bool("self_test") ?? true
        lines = LEDConfigurationReader.lines(of: kind, in: section, required: backend == .gpiod)
        night = section.section("night").flatMap { LEDConfigurationReader.night($0, pwm: pwm) }
        if backend == .gpiod && chip == nil {
            section.record(
                "chip",
                "required by the gpiod backend: a chip label such as \"pinctrl-bcm2711\" "
                    + "(run 'breeze-station leds chips'), or set \"backend\": \"terminal\"")
        }
        if !pwm && brightness < 1 && section.contains("brightness") {
            section.record("brightness", "below 1 needs \"pwm\": true (without PWM a line is only on or off)")
        }
    }

    /// The policy these settings give.
    public var policy: LEDPolicy {
        LEDPolicy(
            kind: kind, barLines: lines.isEmpty ? Self.defaultBarLength : lines.count, pwm: pwm,
            brightness: brightness, night: night, palette: palette)
    }

    /// The effective settings, every key present, in documentation order.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("backend", .string(backend.rawValue)), ("chip", JSONValue(chip?.text)), ("kind", .string(kind.rawValue)),
        ]
        switch kind {
        case .rgb:
            for (index, key) in ["red", "green", "blue"].enumerated() {
                pairs.append((key, index < lines.count ? Self.json(lines[index]) : .null))
            }
        case .bar: pairs.append(("lines", .array(lines.map(Self.json))))
        case .single: pairs.append(("line", lines.first.map(Self.json) ?? .null))
        }
        pairs += [
            ("active_low", .bool(activeLow)), ("pwm", .bool(pwm)), ("pwm_frequency", JSONValue(pwmFrequency)),
            ("brightness", .number(brightness)), ("palette", .string(palette.rawValue)),
            ("self_test", .bool(selfTest)),
        ]
        let nightValue: JSONValue =
            night.map { night in
                .object([
                    ("start", .string(night.start.description)), ("end", .string(night.end.description)),
                    ("mode", .string(night.mode.rawValue)), ("brightness", .number(night.brightness)),
                ])
            } ?? .null
        pairs.append(("night", nightValue))
        return .object(pairs)
    }

    static func json(_ line: LineSelector) -> JSONValue {
        switch line {
        case .offset(let offset): JSONValue(Int(offset))
        case .name(let name): .string(name)
        }
    }
}
