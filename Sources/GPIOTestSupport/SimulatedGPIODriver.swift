public import GPIO
public import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in for the kernel's GPIO chips, behind the same driver seam as ``LibgpiodDriver``: chips with
/// labels and named lines, lines held by other consumers, chips the user may not open, aliases, and line
/// levels a test can read back. For tests on machines without GPIO (a test kit: the executable does not link it); the code above the seam
/// (resolution, errors, requests) is the production code.
public final class SimulatedGPIODriver: GPIODriver {
    /// A simulated chip.
    public struct Chip: Sendable, Hashable {
        /// Kernel name, e.g. `gpiochip0`.
        public var name: String
        /// Label, e.g. `pinctrl-bcm2711`.
        public var label: String
        /// The lines, by offset.
        public var lines: [Line]
        /// Whether opening the chip fails with `EACCES`.
        public var permissionDenied: Bool

        /// A chip.
        public init(name: String, label: String, lines: [Line], permissionDenied: Bool = false) {
            self.name = name
            self.label = label
            self.lines = lines
            self.permissionDenied = permissionDenied
        }

        /// A chip of `count` unnamed, unused lines.
        public init(name: String, label: String, lineCount: Int) {
            self.init(name: name, label: label, lines: Array(repeating: Line(), count: lineCount))
        }
    }

    /// A simulated line.
    public struct Line: Sendable, Hashable {
        /// The line's name, nil when unnamed.
        public var name: String?
        /// The consumer holding it from outside this driver's requests (a kernel driver, another process).
        public var consumer: String?

        /// A line.
        public init(name: String? = nil, consumer: String? = nil) {
            self.name = name
            self.consumer = consumer
        }
    }

    struct Held: Sendable {
        var consumer: String
        var activeLow: Bool
        var level: Bool
    }

    struct State: Sendable {
        var chips: [String: Chip]
        /// chip name → offset → held line (requests made through this driver).
        var held: [String: [UInt32: Held]] = [:]
        var writes = 0
        var failWrites: Int32?
    }

    public let deviceDirectory: String
    public let libraryVersion = "simulated"
    private let order: [String]
    private let aliases: [String: String]
    private let notChips: Set<String>
    let state: Mutex<State>

    /// Simulated chips in `deviceDirectory`, with alias names (alias → chip name) and entries that are named
    /// like chips but are not GPIO devices (opening them fails with `ENOTTY`).
    public init(
        deviceDirectory: String = "/dev", chips: [Chip], aliases: [String: String] = [:], notChips: [String] = []
    ) {
        self.deviceDirectory = deviceDirectory
        self.order = chips.map(\.name).sorted(by: ChipPaths.chipOrder)
        self.aliases = aliases
        self.notChips = Set(notChips)
        self.state = Mutex(State(chips: Dictionary(chips.map { ($0.name, $0) }, uniquingKeysWith: { $1 })))
    }

    public func chipDevices() throws(SystemError) -> (paths: [String], aliases: [String: String]) {
        let names = (order + notChips).sorted(by: ChipPaths.chipOrder)
        return (names.map { ChipPaths.join(deviceDirectory, $0) }, aliases)
    }

    public func openChip(path: String) throws(SystemError) -> any GPIOChipHandle {
        let prefix = deviceDirectory.hasSuffix("/") ? deviceDirectory : deviceDirectory + "/"
        guard path.hasPrefix(prefix) else { throw SystemError(call: "gpiod_chip_open", code: ENOENT) }
        var name = String(path.dropFirst(prefix.count))
        if let target = aliases[name] { name = target }
        if notChips.contains(name) { throw SystemError(call: "gpiod_chip_open", code: ENOTTY) }
        guard let chip = state.withLock({ $0.chips[name] }) else {
            throw SystemError(call: "gpiod_chip_open", code: ENOENT)
        }
        if chip.permissionDenied { throw SystemError(call: "gpiod_chip_open", code: EACCES) }
        return SimulatedChipHandle(
            driver: self,
            info: ChipInfo(
                path: path, name: chip.name, label: chip.label, lineCount: chip.lines.count))
    }

    /// The physical level (true = high) of each line of `chip` held through this driver, by offset.
    public func levels(chip: String) -> [UInt32: Bool] {
        state.withLock { state in (state.held[chip] ?? [:]).mapValues(\.level) }
    }

    /// The consumer holding line `offset` of `chip` (through this driver or from outside), if any.
    public func consumer(chip: String, offset: UInt32) -> String? {
        state.withLock { state in
            state.held[chip]?[offset]?.consumer ?? state.chips[chip]?.lines[Int(offset)].consumer
        }
    }

    /// How many bulk writes were made through this driver.
    public var writeCount: Int { state.withLock { $0.writes } }

    /// Makes every following write fail with `code` (e.g. `ENODEV` for a chip that went away); nil heals.
    public func failWrites(with code: Int32?) {
        state.withLock { $0.failWrites = code }
    }
}

final class SimulatedChipHandle: GPIOChipHandle {
    private let driver: SimulatedGPIODriver
    let info: ChipInfo

    init(driver: SimulatedGPIODriver, info: ChipInfo) {
        self.driver = driver
        self.info = info
    }

    func lineInfo(offset: UInt32) throws(SystemError) -> LineInfo {
        let name = info.name
        let result: LineInfo? = driver.state.withLock { state in
            guard let chip = state.chips[name], Int(offset) < chip.lines.count else { return nil }
            let line = chip.lines[Int(offset)]
            let held = state.held[name]?[offset]
            return LineInfo(
                offset: offset, name: line.name, consumer: held?.consumer ?? line.consumer,
                isUsed: held != nil || line.consumer != nil, isOutput: held != nil,
                isActiveLow: held?.activeLow ?? false)
        }
        guard let result else { throw SystemError(call: "gpiod_line_info", code: EINVAL) }
        return result
    }

    func findLine(named lineName: String) throws(SystemError) -> UInt32? {
        let name = info.name
        return driver.state.withLock { state in
            state.chips[name]?.lines.firstIndex { $0.name == lineName }.map { UInt32($0) }
        }
    }

    func requestOutputs(_ lines: [OutputLineSettings], consumer: String) throws(SystemError)
        -> any GPIOLineRequestHandle
    {
        let name = info.name
        let failure: Int32? = driver.state.withLock { state in
            guard let chip = state.chips[name] else { return ENODEV }
            for line in lines {
                guard Int(line.offset) < chip.lines.count else { return EINVAL }
                if state.held[name]?[line.offset] != nil || chip.lines[Int(line.offset)].consumer != nil {
                    return EBUSY
                }
            }
            for line in lines {
                state.held[name, default: [:]][line.offset] = SimulatedGPIODriver.Held(
                    consumer: consumer, activeLow: line.activeLow, level: line.initialValue != line.activeLow)
            }
            return nil
        }
        if let failure { throw SystemError(call: "gpiod_request_lines", code: failure) }
        return SimulatedLineRequest(driver: driver, chip: name, lines: lines)
    }

    func close() {}
}

final class SimulatedLineRequest: GPIOLineRequestHandle {
    private let driver: SimulatedGPIODriver
    private let chip: String
    private let lines: [OutputLineSettings]
    private var released = false

    init(driver: SimulatedGPIODriver, chip: String, lines: [OutputLineSettings]) {
        self.driver = driver
        self.chip = chip
        self.lines = lines
    }

    deinit { release() }

    func setValues(_ values: [Bool]) throws(SystemError) {
        guard !released, values.count == lines.count else { throw SystemError(call: "gpiod_set_values", code: EINVAL) }
        let (chip, lines) = (self.chip, self.lines)
        let failure: Int32? = driver.state.withLock { state in
            if let code = state.failWrites { return code }
            state.writes += 1
            for (line, value) in zip(lines, values) {
                state.held[chip]?[line.offset]?.level = value != line.activeLow
            }
            return nil
        }
        if let failure { throw SystemError(call: "gpiod_set_values", code: failure) }
    }

    func release() {
        guard !released else { return }
        released = true
        let (chip, lines) = (self.chip, self.lines)
        driver.state.withLock { state in
            for line in lines { state.held[chip]?[line.offset] = nil }
        }
    }
}
