/// The GPIO controllers behind the Raspberry Pi's 40-pin header, by chip label.
///
/// On these chips line offset *n* is BCM GPIO *n*, whatever the line is named: on a Pi 3 or 4, GPIO2 is named
/// `SDA1` and GPIO14 `TXD1`, while the Pi 5 names them `GPIO2` and `GPIO14`.
public enum PiHeaderChips {
    /// Label → board family.
    public static let boards: [(label: String, boards: String)] = [
        ("pinctrl-bcm2835", "Raspberry Pi 0-3"),
        ("pinctrl-bcm2711", "Raspberry Pi 4, 400, CM4"),
        ("pinctrl-rp1", "Raspberry Pi 5, 500, CM5"),
    ]

    /// Whether `label` is a header controller of a Raspberry Pi.
    public static func isHeaderChip(label: String) -> Bool {
        boards.contains { $0.label == label }
    }

    /// The BCM GPIO number in a line name of the form `GPIO<n>` (e.g. 17 for `GPIO17`), nil for other names.
    public static func bcmNumber(inLineName name: String) -> UInt32? {
        guard name.hasPrefix("GPIO") else { return nil }
        let digits = name.dropFirst(4)
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return UInt32(digits)
    }
}
