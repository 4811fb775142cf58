internal import CGPIODShim
public import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// The production driver: libgpiod through the C shim, chips found in a device directory (`/dev`).
public struct LibgpiodDriver: GPIODriver {
    public let deviceDirectory: String

    /// A driver looking for chips in `deviceDirectory`.
    public init(deviceDirectory: String = "/dev") {
        self.deviceDirectory = deviceDirectory
    }

    /// The libgpiod API the shim was compiled against: 1 (v1.6) or 2 (v2.x).
    public static var compiledAPIMajor: Int { Int(breeze_gpiod_api_major()) }

    public var libraryVersion: String { String(cString: breeze_gpiod_library_version()) }

    public func chipDevices() throws(SystemError) -> (paths: [String], aliases: [String: String]) {
        guard let directory = opendir(deviceDirectory) else { throw SystemError.current("opendir") }
        defer { closedir(directory) }
        var entries: [ChipPaths.Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard ChipSelector.isChipName(name) else { continue }
            entries.append(ChipPaths.Entry(name: name, linkTarget: linkTarget(of: name)))
        }
        let chips = ChipPaths.chips(among: entries)
        return (chips.names.map { ChipPaths.join(deviceDirectory, $0) }, chips.aliases)
    }

    /// For a symbolic link in the device directory, the entry it points to: its bare name when the target is
    /// in the same directory, else the target as written (which then matches no chip name).
    private func linkTarget(of name: String) -> String? {
        let path = ChipPaths.join(deviceDirectory, name)
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !target.contains("/") { return target }
        let directory = deviceDirectory.hasSuffix("/") ? String(deviceDirectory.dropLast()) : deviceDirectory
        if target.hasPrefix(directory + "/"), !target.dropFirst(directory.count + 1).contains("/") {
            return String(target.dropFirst(directory.count + 1))
        }
        return target
    }

    public func openChip(path: String) throws(SystemError) -> any GPIOChipHandle {
        guard let chip = breeze_gpiod_chip_open(path) else { throw SystemError.current("gpiod_chip_open") }
        return LibgpiodChip(chip: chip, path: path)
    }
}

/// A chip opened through the shim; closed by ``close()`` or when released.
final class LibgpiodChip: GPIOChipHandle {
    private var chip: OpaquePointer?
    let info: ChipInfo

    init(chip: OpaquePointer, path: String) {
        self.chip = chip
        self.info = ChipInfo(
            path: path, name: String(cString: breeze_gpiod_chip_name(chip)),
            label: String(cString: breeze_gpiod_chip_label(chip)),
            lineCount: Int(breeze_gpiod_chip_line_count(chip)))
    }

    deinit { close() }

    private func open() throws(SystemError) -> OpaquePointer {
        guard let chip else { throw SystemError(call: "gpiod_chip (closed)", code: EBADF) }
        return chip
    }

    func lineInfo(offset: UInt32) throws(SystemError) -> LineInfo {
        let chip = try open()
        var name = [CChar](repeating: 0, count: 64)
        var consumer = [CChar](repeating: 0, count: 64)
        var flags: UInt32 = 0
        guard breeze_gpiod_line_info(chip, offset, &name, name.count, &consumer, consumer.count, &flags) == 0 else {
            throw SystemError.current("gpiod_line_info")
        }
        let nameText = Self.string(fromNulTerminated: name)
        let consumerText = Self.string(fromNulTerminated: consumer)
        return LineInfo(
            offset: offset, name: nameText.isEmpty ? nil : nameText,
            consumer: consumerText.isEmpty ? nil : consumerText,
            isUsed: flags & UInt32(BREEZE_GPIOD_LINE_USED) != 0,
            isOutput: flags & UInt32(BREEZE_GPIOD_LINE_OUTPUT) != 0,
            isActiveLow: flags & UInt32(BREEZE_GPIOD_LINE_ACTIVE_LOW) != 0)
    }

    private static func string(fromNulTerminated buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    func findLine(named name: String) throws(SystemError) -> UInt32? {
        let chip = try open()
        let offset = breeze_gpiod_find_line(chip, name)
        if offset >= 0 { return UInt32(offset) }
        let error = SystemError.current("gpiod_chip_find_line")
        if error.code == ENOENT { return nil }
        throw error
    }

    func requestOutputs(_ lines: [OutputLineSettings], consumer: String) throws(SystemError)
        -> any GPIOLineRequestHandle
    {
        let chip = try open()
        let offsets = lines.map(\.offset)
        let activeLow = lines.map(\.activeLow)
        let values = lines.map { Int32($0.initialValue ? 1 : 0) }
        guard let request = breeze_gpiod_request_outputs(chip, consumer, offsets, activeLow, values, lines.count)
        else { throw SystemError.current("gpiod_request_lines") }
        return LibgpiodLineRequest(request: request, count: lines.count)
    }

    func close() {
        breeze_gpiod_chip_close(chip)
        chip = nil
    }
}

/// Lines requested through the shim; released by ``release()`` or when released from memory.
final class LibgpiodLineRequest: GPIOLineRequestHandle {
    private var request: OpaquePointer?
    private var values: [Int32]

    init(request: OpaquePointer, count: Int) {
        self.request = request
        self.values = [Int32](repeating: 0, count: count)
    }

    deinit { release() }

    func setValues(_ newValues: [Bool]) throws(SystemError) {
        guard let request else { throw SystemError(call: "gpiod_line_request (released)", code: EBADF) }
        guard newValues.count == values.count else { throw SystemError(call: "gpiod_set_values", code: EINVAL) }
        for index in values.indices { values[index] = newValues[index] ? 1 : 0 }
        guard breeze_gpiod_request_set_values(request, values, values.count) == 0 else {
            throw SystemError.current("gpiod_set_values")
        }
    }

    func release() {
        breeze_gpiod_request_release(request)
        request = nil
    }
}
