/// The Raspberry Pi's 40-pin header (the same on the Zero 2 W, 3B+, 4B and 5): which physical pin carries
/// which BCM GPIO, the power pins, and the GPIOs other functions claim.
public enum RaspberryPiHeader {
    /// BCM GPIO number → physical pin number.
    public static let physicalPin: [Int: Int] = [
        2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19, 9: 21, 25: 22,
        11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
    ]

    /// 3.3 V supply pins.
    public static let threeVoltThreePins = [1, 17]
    /// 5 V supply pins (straight from the USB supply).
    public static let fiveVoltPins = [2, 4]
    /// Ground pins.
    public static let groundPins = [6, 9, 14, 20, 25, 30, 34, 39]

    /// GPIOs the station's own buses use: I²C 1 (SDA GPIO2, SCL GPIO3) and the primary UART (TX GPIO14,
    /// RX GPIO15).
    public static let busPins: [Int: String] = [2: "I²C SDA", 3: "I²C SCL", 14: "UART TX", 15: "UART RX"]

    /// GPIOs better left alone: the HAT ID EEPROM, 1-Wire, SPI0 and I²S, besides the buses above.
    public static let reservedPins: [Int: String] = [
        0: "HAT EEPROM ID_SD", 1: "HAT EEPROM ID_SC", 4: "1-Wire (default)", 7: "SPI0 CE1", 8: "SPI0 CE0",
        9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK", 18: "I²S/PCM CLK", 19: "I²S/PCM FS", 20: "I²S/PCM DIN",
        21: "I²S/PCM DOUT",
    ]

    /// `GPIO17 (pin 11)`.
    public static func describe(gpio: Int) -> String {
        physicalPin[gpio].map { "GPIO\(gpio) (pin \($0))" } ?? "GPIO\(gpio)"
    }
}
