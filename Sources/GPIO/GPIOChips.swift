import POSIX

/// The GPIO chips of the machine: list them, and open one by label, name or path.
///
/// ```swift
/// let chips = GPIOChips()                                   // libgpiod, /dev
/// let chip = try chips.open(.label("pinctrl-bcm2711"))
/// let leds = try chip.requestOutputs([OutputLine(.name("GPIO17")), OutputLine(.offset(27))])
/// chip.close()                                              // the request lives on
/// try leds.set([true, false])
/// leds.release()
/// ```
public struct GPIOChips: Sendable {
    /// The driver doing the work (``LibgpiodDriver`` in production).
    public let driver: any GPIODriver

    /// The chips seen through `driver`.
    public init(driver: any GPIODriver = LibgpiodDriver()) {
        self.driver = driver
    }

    /// Every chip device of the machine, opened one after another to read its label and line count, in
    /// chip-number order; devices that cannot be opened are listed with the reason.
    ///
    /// - Throws: ``GPIOError`` `.system` when the device directory cannot be read.
    public func listing() throws(GPIOError) -> ChipListing {
        let devices: (paths: [String], aliases: [String: String])
        do {
            devices = try driver.chipDevices()
        } catch {
            throw GPIOError(
                .system, "cannot list GPIO chips in \(driver.deviceDirectory): \(error.summary)", underlying: error)
        }
        let entries = devices.paths.map(entry(at:))
        return ChipListing(directory: driver.deviceDirectory, entries: entries, aliases: devices.aliases)
    }

    private func entry(at path: String) -> ChipListing.Entry {
        do throws(SystemError) {
            let chip = try driver.openChip(path: path)
            defer { chip.close() }
            return .available(chip.info)
        } catch {
            return .unavailable(path: path, error: error)
        }
    }

    /// Opens the chip `selector` names.
    ///
    /// - Throws: ``GPIOError``: `.noSuchChip` (listing the chips that exist, with their labels), `.notAChip`,
    ///   `.permissionDenied` (naming the group `gpio`), `.system`.
    public func open(_ selector: ChipSelector) throws(GPIOError) -> GPIOChip {
        var listing: ChipListing?
        let path: String
        switch selector {
        case .path(let given):
            path = given
        case .label, .name:
            let found = try self.listing()
            listing = found
            path = try ChipResolver.path(for: selector, in: found)
        }
        do {
            return GPIOChip(handle: try driver.openChip(path: path))
        } catch {
            if listing == nil, !error.isPermissionDenied { listing = try? self.listing() }
            throw GPIOError.opening(path, failed: error, listing: listing)
        }
    }
}
