/// A kernel command line (`/proc/cmdline`, or the `cmdline.txt` the firmware passes at the next boot), for
/// the consoles it starts.
public struct KernelCommandLine: Sendable, Hashable {
    /// The words, in order.
    public let words: [String]

    /// Splits `text` on white space (`cmdline.txt` is one line; stray newlines are tolerated).
    public init(text: String) {
        words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
    }

    /// The `console=` words with the device they name: `console=serial0,115200` → (`console=serial0,115200`,
    /// `serial0`).
    public var consoles: [(word: String, device: String)] {
        words.compactMap { word in
            guard word.hasPrefix("console=") else { return nil }
            let device = word.dropFirst("console=".count).split(separator: ",").first.map(String.init) ?? ""
            return device.isEmpty ? nil : (word, device)
        }
    }

    /// The `console=` words on a serial port (not `tty1`, the screen): `serial0`, `serial1`, `ttyS*`,
    /// `ttyAMA*`, `ttyUSB*`, `ttyACM*`.
    public var serialConsoles: [(word: String, device: String)] {
        consoles.filter { console in
            console.device.hasPrefix("serial")
                || ["ttyS", "ttyAMA", "ttyUSB", "ttyACM"].contains { console.device.hasPrefix($0) }
        }
    }
}
