import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// An open GPIO chip: look up its lines and request outputs. Close it once the lines are requested (the
/// request lives on), or let it close when released. Used by one thread at a time.
public final class GPIOChip {
    /// The consumer label requests carry, shown by `gpioinfo` next to each line the station holds.
    public static let defaultConsumer = "breeze-station"

    private let handle: any GPIOChipHandle
    private var isClosed = false

    /// The chip's name, label and line count.
    public var info: ChipInfo { handle.info }

    init(handle: any GPIOChipHandle) {
        self.handle = handle
    }

    deinit { close() }

    /// Closes the chip; requests made from it stay valid. Calling it again does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        handle.close()
    }

    /// What the kernel says about line `offset` now.
    public func lineInfo(_ offset: UInt32) throws(GPIOError) -> LineInfo {
        guard Int(offset) < info.lineCount else { throw outOfRange(offset) }
        do {
            return try handle.lineInfo(offset: offset)
        } catch {
            throw GPIOError(
                .system, "cannot read line \(offset) of \(info.shortDescription): \(error.summary)", underlying: error)
        }
    }

    /// Every line of the chip, in offset order (what `gpioinfo` prints).
    public func lines() throws(GPIOError) -> [LineInfo] {
        var result: [LineInfo] = []
        for offset in 0..<UInt32(info.lineCount) { result.append(try lineInfo(offset)) }
        return result
    }

    /// The offset and name of the line `selector` means.
    ///
    /// A name is looked up on the chip. On a Raspberry Pi header chip a name `GPIO<n>` that no line carries
    /// (Pi 3 and 4 call GPIO2 `SDA1`, GPIO14 `TXD1`) means offset *n*, which is BCM GPIO *n* there.
    ///
    /// - Throws: ``GPIOError`` `.noSuchLine` listing the chip's line names, `.lineOutOfRange`.
    public func resolve(_ selector: LineSelector) throws(GPIOError) -> (offset: UInt32, name: String?) {
        switch selector {
        case .offset(let offset):
            let info = try lineInfo(offset)
            return (offset, info.name)
        case .name(let name):
            let found: UInt32?
            do {
                found = try handle.findLine(named: name)
            } catch {
                throw GPIOError(
                    .system, "cannot look up line \"\(name)\" on \(info.shortDescription): \(error.summary)",
                    underlying: error)
            }
            if let found { return (found, name) }
            if PiHeaderChips.isHeaderChip(label: info.label), let number = PiHeaderChips.bcmNumber(inLineName: name),
                Int(number) < info.lineCount
            {
                return (number, try lineInfo(number).name ?? name)
            }
            throw GPIOError(
                .noSuchLine, "no line named \"\(name)\" on \(info.shortDescription); \(namedLinesSummary())")
        }
    }

    /// Requests `lines` as outputs, all at once, initially off; keep the request for as long as the lines
    /// are driven.
    ///
    /// - Throws: ``GPIOError``: `.noSuchLine`, `.lineOutOfRange`, `.duplicateLine`, `.lineBusy` (naming the
    ///   consumer holding the line), `.permissionDenied` (naming the group `gpio`), `.system`.
    public func requestOutputs(_ lines: [OutputLine], consumer: String = GPIOChip.defaultConsumer)
        throws(GPIOError) -> OutputLineRequest
    {
        var resolved: [ResolvedLine] = []
        for line in lines {
            let (offset, name) = try resolve(line.selector)
            if let earlier = resolved.first(where: { $0.offset == offset }) {
                throw GPIOError(
                    .duplicateLine,
                    "line \(earlier.displayName) of \(info.shortDescription) is given twice (as \(line.selector))")
            }
            resolved.append(ResolvedLine(offset: offset, name: name, activeLow: line.activeLow))
        }
        let settings = resolved.map { OutputLineSettings(offset: $0.offset, activeLow: $0.activeLow) }
        do {
            let request = try handle.requestOutputs(settings, consumer: consumer)
            return OutputLineRequest(handle: request, chip: info, lines: resolved)
        } catch {
            throw requestFailure(error, lines: resolved)
        }
    }

    /// Words a failed request: for `EBUSY`, finds the held line and its consumer.
    private func requestFailure(_ error: SystemError, lines: [ResolvedLine]) -> GPIOError {
        if error.isPermissionDenied {
            return GPIOError(
                .permissionDenied,
                "permission denied requesting lines of \(info.shortDescription): \(GPIOError.permissionAdvice)",
                underlying: error)
        }
        guard error.code == EBUSY else {
            let names = lines.map(\.displayName).joined(separator: ", ")
            return GPIOError(
                .system, "cannot request \(names) of \(info.shortDescription): \(error.summary)", underlying: error)
        }
        for line in lines {
            guard let current = try? handle.lineInfo(offset: line.offset), current.isUsed else { continue }
            let holder = current.consumer.map { "\"\($0)\"" } ?? "a consumer that gives no name"
            let advice =
                current.consumer == GPIOChip.defaultConsumer
                ? " (is another breeze-station running?)"
                : " (free it, or choose another line)"
            return GPIOError(
                .lineBusy,
                "line \(line.displayName) of \(info.shortDescription) is busy: used by \(holder)\(advice)",
                underlying: error)
        }
        return GPIOError(.lineBusy, "a line of \(info.shortDescription) is busy (\(error))", underlying: error)
    }

    private func outOfRange(_ offset: UInt32) -> GPIOError {
        GPIOError(
            .lineOutOfRange,
            "line offset \(offset) is out of range on \(info.shortDescription): it has \(info.lineCount) lines "
                + "(offsets 0-\(max(info.lineCount - 1, 0)))")
    }

    /// `named lines: ID_SDA, ID_SCL, SDA1, ... (58 lines, offsets 0-57)`, at most 32 names.
    private func namedLinesSummary() -> String {
        let names = ((try? lines()) ?? []).compactMap(\.name).filter { $0 != "-" }
        let range = "\(info.lineCount) lines, offsets 0-\(max(info.lineCount - 1, 0))"
        if names.isEmpty { return "its lines have no names; use an offset (\(range))" }
        let shown = names.prefix(32).joined(separator: ", ")
        return "named lines: \(shown)\(names.count > 32 ? ", ..." : "") (\(range))"
    }
}
