import POSIX
/// Output lines requested together and kept: set them all at once, release them at the end (or when this
/// object goes away). Used by one thread at a time; hand it to the thread that drives the lines.
public final class OutputLineRequest {
    private let handle: any GPIOLineRequestHandle
    private var isReleased = false

    /// The chip the lines belong to.
    public let chip: ChipInfo
    /// The lines, in request order (the order of ``set(_:)``'s values).
    public let lines: [ResolvedLine]

    init(handle: any GPIOLineRequestHandle, chip: ChipInfo, lines: [ResolvedLine]) {
        self.handle = handle
        self.chip = chip
        self.lines = lines
    }

    deinit { release() }

    /// Sets the logical values of all lines in one call (one ioctl), in request order; `true` is "active"
    /// (driven low for active-low lines).
    ///
    /// - Throws: ``GPIOError`` `.system` when the kernel refuses (e.g. the chip went away).
    public func set(_ values: [Bool]) throws(GPIOError) {
        guard !isReleased else {
            throw GPIOError(.system, "lines of \(chip.shortDescription) were already released")
        }
        guard values.count == lines.count else {
            throw GPIOError(.system, "\(values.count) values given for \(lines.count) lines")
        }
        do {
            try handle.setValues(values)
        } catch {
            throw GPIOError(.system, "cannot set lines of \(chip.shortDescription): \(error.summary)", underlying: error)
        }
    }

    /// Releases the lines to the kernel. Calling it again does nothing.
    public func release() {
        guard !isReleased else { return }
        isReleased = true
        handle.release()
    }
}
