/// Finds the chip a selector means in a listing. Pure: the listing comes from the device directory (or a
/// recorded `gpiodetect`), so the rules are tested against the chip lists of real boards.
public enum ChipResolver {
    /// The device path to open for `selector`.
    ///
    /// - A label picks the first readable chip with that label (lowest number).
    /// - A name picks the chip with that kernel name, or the chip an alias of that name points to, or a device
    ///   of that name that could not be read (opening it then reports why).
    /// - A path is returned as given (opening it reports a missing or wrong device).
    ///
    /// - Throws: ``GPIOError`` `.noSuchChip` listing the chips that exist, with a hint when a chip number was
    ///   used; `.permissionDenied` when the label may be on a chip the user cannot open.
    public static func path(for selector: ChipSelector, in listing: ChipListing) throws(GPIOError) -> String {
        switch selector {
        case .path(let path):
            return path
        case .name(let name):
            if let info = listing.chips.first(where: { $0.name == name }) { return info.path }
            if let target = listing.aliases[name], let info = listing.chips.first(where: { $0.name == target }) {
                return info.path
            }
            if let entry = listing.entries.first(where: { ChipPaths.baseName($0.path) == name }) { return entry.path }
            throw GPIOError(.noSuchChip, "no GPIO chip named \"\(name)\"; \(listing.summary)\(labelHint(listing))")
        case .label(let label):
            if let info = listing.chips.first(where: { $0.label == label }) { return info.path }
            let denied = listing.permissionDenied
            if !denied.isEmpty {
                let devices = denied.map(ChipPaths.baseName).joined(separator: ", ")
                throw GPIOError(
                    .permissionDenied,
                    "no readable GPIO chip labelled \"\(label)\": permission denied opening \(devices); "
                        + GPIOError.permissionAdvice)
            }
            throw GPIOError(.noSuchChip, "no GPIO chip labelled \"\(label)\"; \(listing.summary)\(boardHint(label))")
        }
    }

    /// After a chip number failed: point to the label of a Raspberry Pi header chip if there is one.
    static func labelHint(_ listing: ChipListing) -> String {
        let header = listing.chips.first { PiHeaderChips.isHeaderChip(label: $0.label) }
        let example = header.map { "\"\($0.label)\" (\($0.name) here)" } ?? "its label"
        return ". Chip numbers change between kernels (the Raspberry Pi 5's header chip moved from gpiochip4 to "
            + "gpiochip0 in 2024); select the chip by label instead: \(example)"
    }

    /// After a label failed: name the board a Raspberry Pi label belongs to.
    static func boardHint(_ label: String) -> String {
        guard let board = PiHeaderChips.boards.first(where: { $0.label == label }) else { return "" }
        return " (\"\(label)\" is the header chip of a \(board.boards))"
    }
}
