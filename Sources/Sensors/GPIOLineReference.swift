/// A GPIO line named in the configuration: by line name (`"GPIO22"`, as the Pi's device tree names header
/// pins) or by offset on the header's chip (`22`). The GPIO adapter resolves it.
public enum GPIOLineReference: Sendable, Hashable, CustomStringConvertible {
    /// A line name.
    case name(String)
    /// A line offset.
    case offset(Int)

    /// `"GPIO22"` → name, `"22"` → offset.
    public init(text: String) {
        if let offset = Int(text), offset >= 0 {
            self = .offset(offset)
        } else {
            self = .name(text)
        }
    }

    public var description: String {
        switch self {
        case .name(let name): name
        case .offset(let offset): String(offset)
        }
    }
}
