/// How a configuration names a GPIO chip: by label (the stable way), by kernel name or by device path.
///
/// Chip numbers are not stable: the Raspberry Pi 5's header controller was `gpiochip4` until mid-2024
/// kernels made it `gpiochip0` (and moved the SoC chips to `gpiochip10`-`13`). Labels do not change.
public enum ChipSelector: Sendable, Hashable, CustomStringConvertible {
    /// The chip's label, e.g. `pinctrl-bcm2711` (Raspberry Pi 4) or `pinctrl-rp1` (Raspberry Pi 5).
    case label(String)
    /// The chip's kernel name, e.g. `gpiochip0`; its device is `/dev/<name>`.
    case name(String)
    /// The chip's character device, e.g. `/dev/gpiochip0`.
    case path(String)

    /// Reads a configuration value: a path when it starts with `/`, a name when it is `gpiochip` followed by
    /// digits, a label otherwise.
    public init(parsing text: String) {
        if text.hasPrefix("/") {
            self = .path(text)
        } else if Self.isChipName(text) {
            self = .name(text)
        } else {
            self = .label(text)
        }
    }

    /// Whether `text` has the form of a kernel chip name: `gpiochip` and one or more decimal digits.
    public static func isChipName(_ text: some StringProtocol) -> Bool {
        guard text.hasPrefix("gpiochip") else { return false }
        let digits = text.dropFirst("gpiochip".count)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The text the selector was read from.
    public var text: String {
        switch self {
        case .label(let text), .name(let text), .path(let text): text
        }
    }

    public var description: String {
        switch self {
        case .label(let label): "label \"\(label)\""
        case .name(let name): "name \"\(name)\""
        case .path(let path): "path \(path)"
        }
    }
}
