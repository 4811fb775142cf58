import GPIO

/// `breeze-station leds chips`: the GPIO chips with labels and line counts, like `gpiodetect`.
enum LEDChipsCommand {
    static func run(_ arguments: inout ArgumentList) throws -> Int32 {
        let withLines = arguments.flag("--lines")
        try arguments.finish()
        let chips = GPIOChips()
        let listing: ChipListing
        do throws(GPIOError) {
            listing = try chips.listing()
        } catch {
            throw CommandFailure(error.message)
        }
        guard !listing.entries.isEmpty else {
            Output.error(listing.summary)
            return ExitStatus.failure
        }
        for (entry, line) in zip(listing.entries, listing.lines) {
            var text = line
            if case .available(let info) = entry,
                let board = PiHeaderChips.boards.first(where: { $0.label == info.label })
            {
                text += "  (40-pin header of a \(board.boards))"
            }
            Output.line(text)
        }
        for (alias, target) in listing.aliases.sorted(by: { ChipPaths.chipOrder($0.key, $1.key) }) {
            Output.line("\(alias) -> \(target) (alias)")
        }
        if !listing.permissionDenied.isEmpty {
            Output.error("some chips cannot be opened: \(GPIOError.permissionAdvice)")
        }
        if withLines {
            for case .available(let info) in listing.entries {
                try printLines(of: info, chips: chips)
            }
        }
        return ExitStatus.success
    }

    /// The chip's lines as `gpioinfo` prints them.
    static func printLines(of info: ChipInfo, chips: GPIOChips) throws {
        do throws(GPIOError) {
            let chip = try chips.open(.path(info.path))
            defer { chip.close() }
            Output.line("\(info.name) - \(info.lineCount) lines:")
            for line in try chip.lines() {
                let name = line.name.map { "\"\($0)\"" } ?? "unnamed"
                let consumer = line.consumer.map { "\"\($0)\"" } ?? (line.isUsed ? "kernel" : "unused")
                let direction = line.isOutput ? "output" : "input"
                let polarity = line.isActiveLow ? "active-low" : "active-high"
                let number = String(line.offset)
                let padded = String(repeating: " ", count: max(0, 3 - number.count)) + number
                Output.line(
                    "\tline \(padded): \(name) \(consumer) \(direction) \(polarity)\(line.isUsed ? " [used]" : "")")
            }
        } catch {
            throw CommandFailure(error.message)
        }
    }
}
