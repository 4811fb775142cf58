public import JSON

/// What the station needs to know about one Raspberry Pi model: the GPIO chip behind the 40-pin header, the
/// header UART and how to switch it on, the I²C bus, and the default pins for the LEDs and a Plantower
/// sensor's SET and RESET inputs. `board/profiles.json` is ``json`` of ``all``; `board/<id>.json` is the
/// example configuration for each.
public struct BoardProfile: Sendable, Hashable {
    /// The header UART as the kernel shows it.
    public struct UART: Sendable, Hashable {
        /// Which controller drives GPIO14/15 by default.
        public enum Kind: String, Sendable, Hashable {
            /// The 8250-style mini UART (`ttyS0`): no framing or parity error detection, baud tied to the core
            /// clock (fixed by `enable_uart=1`). The PL011 drives Bluetooth.
            case miniUART = "mini-uart"
            /// An ARM PL011 (`ttyAMA*`).
            case pl011
        }

        /// The path to give `sensor.serial.path`, e.g. `/dev/serial0`.
        public let path: String
        /// The kernel device behind it by default, e.g. `ttyS0`.
        public let device: String
        public let kind: Kind
        /// The `config.txt` line that switches it on, e.g. `enable_uart=1`.
        public let enableSetting: String
    }

    /// Default pins, as BCM GPIO numbers (the offsets on the header chip).
    public struct Pins: Sendable, Hashable {
        /// RGB LED: red, green, blue.
        public let rgb: [Int]
        /// Bar of 7 LEDs, bottom (Excellent end) first.
        public let bar: [Int]
        /// A single LED.
        public let single: Int
        /// Plantower SET (sleep when low).
        public let sensorSet: Int
        /// Plantower RESET (reset when low).
        public let sensorReset: Int

        /// Every pin, with what it is for.
        public var all: [(gpio: Int, use: String)] {
            zip(rgb, ["LED red", "LED green", "LED blue"]).map { ($0, $1) }
                + bar.enumerated().map { ($1, "bar LED \($0 + 1)") }
                + [(single, "single LED"), (sensorSet, "sensor SET"), (sensorReset, "sensor RESET")]
        }
    }

    /// Short name, also the example configuration's file name: `pi-4b` → `board/pi-4b.json`.
    public let id: String
    /// `Raspberry Pi 4 Model B`.
    public let name: String
    /// Device-tree model strings (`/proc/device-tree/model`) that start with one of these are this board.
    public let modelPrefixes: [String]
    /// The label of the header's GPIO chip (`leds.chip`).
    public let gpioChipLabel: String
    public let uart: UART
    /// N of `/dev/i2c-N` on GPIO2/3.
    public let i2cBus: Int
    /// The `config.txt` line that switches that I²C bus on.
    public let i2cEnableSetting: String
    public let pins: Pins

    /// The LED and sensor pins every profile uses: docs/leds.md's suggestions (RGB on GPIO5/6/13, bar,
    /// single on GPIO26) and Pimoroni's SET GPIO22 / RESET GPIO27, clear of the buses and of each other.
    public static let standardPins = Pins(
        rgb: [5, 6, 13], bar: [5, 6, 13, 16, 17, 23, 26], single: 26, sensorSet: 22, sensorReset: 27)

    /// The supported boards.
    public static let all: [BoardProfile] = [
        BoardProfile(
            id: "pi-zero-2-w", name: "Raspberry Pi Zero 2 W", modelPrefixes: ["Raspberry Pi Zero 2"],
            gpioChipLabel: "pinctrl-bcm2835",
            uart: UART(path: "/dev/serial0", device: "ttyS0", kind: .miniUART, enableSetting: "enable_uart=1"),
            i2cBus: 1, i2cEnableSetting: "dtparam=i2c_arm=on", pins: standardPins),
        BoardProfile(
            id: "pi-3b-plus", name: "Raspberry Pi 3 Model B+",
            modelPrefixes: ["Raspberry Pi 3 Model B", "Raspberry Pi 3 Model A"], gpioChipLabel: "pinctrl-bcm2835",
            uart: UART(path: "/dev/serial0", device: "ttyS0", kind: .miniUART, enableSetting: "enable_uart=1"),
            i2cBus: 1, i2cEnableSetting: "dtparam=i2c_arm=on", pins: standardPins),
        BoardProfile(
            id: "pi-4b", name: "Raspberry Pi 4 Model B",
            modelPrefixes: ["Raspberry Pi 4", "Raspberry Pi 400", "Raspberry Pi Compute Module 4"],
            gpioChipLabel: "pinctrl-bcm2711",
            uart: UART(path: "/dev/serial0", device: "ttyS0", kind: .miniUART, enableSetting: "enable_uart=1"),
            i2cBus: 1, i2cEnableSetting: "dtparam=i2c_arm=on", pins: standardPins),
        BoardProfile(
            id: "pi-5", name: "Raspberry Pi 5",
            modelPrefixes: ["Raspberry Pi 5", "Raspberry Pi 500", "Raspberry Pi Compute Module 5"],
            gpioChipLabel: "pinctrl-rp1",
            uart: UART(path: "/dev/ttyAMA0", device: "ttyAMA0", kind: .pl011, enableSetting: "dtparam=uart0=on"),
            i2cBus: 1, i2cEnableSetting: "dtparam=i2c_arm=on", pins: standardPins),
    ]

    /// The profile with `id`.
    public static func named(_ id: String) -> BoardProfile? { all.first { $0.id == id } }

    /// The profile for a device-tree model string such as `Raspberry Pi 4 Model B Rev 1.4`.
    public static func matching(model: String) -> BoardProfile? {
        all.first { profile in profile.modelPrefixes.contains { model.hasPrefix($0) } }
    }

    /// The example configuration's file name, `pi-4b.json`.
    public var exampleConfiguration: String { "\(id).json" }

    /// The profile as data (`board/profiles.json`), pins as BCM numbers with their physical pins.
    public var json: JSONValue {
        func pin(_ gpio: Int) -> JSONValue {
            .object([
                ("gpio", .number(Double(gpio))), ("line", .string("GPIO\(gpio)")),
                ("physical_pin", RaspberryPiHeader.physicalPin[gpio].map { .number(Double($0)) } ?? .null),
            ])
        }
        return .object([
            ("id", .string(id)),
            ("name", .string(name)),
            ("model_prefixes", .array(modelPrefixes.map { .string($0) })),
            ("gpio_chip_label", .string(gpioChipLabel)),
            (
                "uart",
                .object([
                    ("path", .string(uart.path)), ("device", .string(uart.device)),
                    ("kind", .string(uart.kind.rawValue)), ("enable", .string(uart.enableSetting)),
                    ("tx", pin(14)), ("rx", pin(15)),
                ])
            ),
            (
                "i2c",
                .object([
                    ("bus", .number(Double(i2cBus))), ("device", .string("/dev/i2c-\(i2cBus)")),
                    ("enable", .string(i2cEnableSetting)), ("sda", pin(2)), ("scl", pin(3)),
                ])
            ),
            (
                "leds",
                .object([
                    ("rgb", .object(zip(["red", "green", "blue"], pins.rgb).map { ($0, pin($1)) })),
                    ("bar", .array(pins.bar.map(pin))),
                    ("single", pin(pins.single)),
                ])
            ),
            ("sensor", .object([("set_pin", pin(pins.sensorSet)), ("reset_pin", pin(pins.sensorReset))])),
            ("example_config", .string("board/\(exampleConfiguration)")),
        ])
    }

    /// `board/profiles.json`: every profile.
    public static var tableJSON: JSONValue { .object([("boards", .array(all.map(\.json)))]) }
}
