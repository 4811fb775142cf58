public import POSIX

/// The seam between the GPIO logic and the kernel: one method per call of the C shim (`CGPIODShim`).
///
/// ``LibgpiodDriver`` is the production driver; `SimulatedGPIODriver` (GPIOTestSupport) stands in for a kernel in tests. All
/// resolution, error wording and request keeping happen above this protocol (``GPIOChips``, ``GPIOChip``,
/// ``OutputLineRequest``), so tests and the real kernel run the same code.
public protocol GPIODriver: Sendable {
    /// The directory searched for chips, e.g. `/dev`.
    var deviceDirectory: String { get }

    /// The libgpiod version in use, e.g. `1.6.3`.
    var libraryVersion: String { get }

    /// The chip devices of ``deviceDirectory`` (full paths, chip-number order) and the alias names found
    /// there (alias → chip name).
    func chipDevices() throws(SystemError) -> (paths: [String], aliases: [String: String])

    /// Opens the chip at `path`.
    func openChip(path: String) throws(SystemError) -> any GPIOChipHandle
}

/// An open chip, as the driver sees it. Used by one thread at a time.
public protocol GPIOChipHandle: AnyObject {
    /// The chip's identity.
    var info: ChipInfo { get }

    /// What the kernel says about line `offset` now.
    func lineInfo(offset: UInt32) throws(SystemError) -> LineInfo

    /// The offset of the line called `name`, nil when no line has that name.
    func findLine(named name: String) throws(SystemError) -> UInt32?

    /// Requests `lines` as outputs for `consumer`, all at once, with their initial logical values.
    func requestOutputs(_ lines: [OutputLineSettings], consumer: String) throws(SystemError)
        -> any GPIOLineRequestHandle

    /// Closes the chip. Requests made from it stay valid.
    func close()
}

/// Lines requested together, as the driver sees them. Used by one thread at a time.
public protocol GPIOLineRequestHandle: AnyObject {
    /// Sets the logical values of all lines at once, in request order.
    func setValues(_ values: [Bool]) throws(SystemError)

    /// Releases the lines. Calling it again does nothing.
    func release()
}

/// One output line of a request, resolved to its offset.
public struct OutputLineSettings: Sendable, Hashable {
    /// The offset on the chip.
    public let offset: UInt32
    /// Whether logical 1 drives the line low (e.g. a common-anode RGB LED).
    public let activeLow: Bool
    /// The logical value the line takes when requested.
    public let initialValue: Bool

    /// Settings of one line.
    public init(offset: UInt32, activeLow: Bool, initialValue: Bool = false) {
        self.offset = offset
        self.activeLow = activeLow
        self.initialValue = initialValue
    }
}
