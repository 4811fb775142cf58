/// How a configuration names a GPIO line of a chip: by offset on the chip, or by the line's name.
public enum LineSelector: Sendable, Hashable, CustomStringConvertible {
    /// The line's offset on its chip, 0-based (on Raspberry Pi header chips, the BCM GPIO number).
    case offset(UInt32)
    /// The line's name as the device tree gives it, e.g. `GPIO17`.
    case name(String)

    public var description: String {
        switch self {
        case .offset(let offset): "offset \(offset)"
        case .name(let name): "\"\(name)\""
        }
    }
}
