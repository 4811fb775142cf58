import JSON
import StationDoctor

/// `breeze-station boards`: the board profiles (chip label, UART, I²C, default pins).
enum BoardsCommand: Subcommand {
    static let name = "boards"
    static let summary = "List the Raspberry Pi board profiles and their default pins"
    static let help = """
        Usage: breeze-station boards [--json]

        Lists the supported boards: the label of the 40-pin header's GPIO chip (leds.chip), the header UART
        (sensor.serial.path) and how to switch it on, the I²C bus, and the default pins for an RGB LED and a
        Plantower sensor's SET and RESET, as BCM GPIO numbers with their physical pins. The example
        configuration of each is board/<id>.json (installed in /usr/share/breeze-station/boards).

        Options:
          --json   print the table as JSON (the content of board/profiles.json)
          --help   show this help
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let asJSON = arguments.flag("--json")
        try arguments.finish()
        if asJSON {
            Output.line(BoardProfile.tableJSON.prettySerialized(indent: 2))
            return ExitStatus.success
        }
        for profile in BoardProfile.all {
            let pins = profile.pins
            Output.line("\(profile.id): \(profile.name)")
            Output.line("  GPIO chip   \(profile.gpioChipLabel)")
            Output.line(
                "  UART        \(profile.uart.path) (\(profile.uart.device), \(profile.uart.kind.rawValue)); "
                    + "config.txt: \(profile.uart.enableSetting); TX GPIO14 (pin 8), RX GPIO15 (pin 10)")
            Output.line(
                "  I²C         /dev/i2c-\(profile.i2cBus); config.txt: \(profile.i2cEnableSetting); "
                    + "SDA GPIO2 (pin 3), SCL GPIO3 (pin 5)")
            Output.line("  RGB LED     " + pins.rgb.map(RaspberryPiHeader.describe(gpio:)).joined(separator: ", "))
            Output.line(
                "  sensor      SET \(RaspberryPiHeader.describe(gpio: pins.sensorSet)), "
                    + "RESET \(RaspberryPiHeader.describe(gpio: pins.sensorReset))")
            Output.line("  example     board/\(profile.exampleConfiguration)")
        }
        return ExitStatus.success
    }
}
