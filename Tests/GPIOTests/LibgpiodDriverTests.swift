import Foundation
import GPIO
import Testing

/// The production driver, through the real C shim and libgpiod, on what this machine has (no GPIO chips in
/// CI). The hardware-in-the-loop rig runs the same driver against gpio-sim chips.
@Suite("libgpiod driver (real shim, no kernel chip needed)")
struct LibgpiodDriverTests {
    @Test("the shim reports the libgpiod API it was built against, and the library linked matches it")
    func versions() {
        let major = LibgpiodDriver.compiledAPIMajor
        #expect(major == 1 || major == 2)
        // `make check-gpiod-v2` sets this, so the v2 leg proves it really built and linked libgpiod 2.
        if let expected = ProcessInfo.processInfo.environment["BREEZE_EXPECT_LIBGPIOD_API"] {
            #expect(String(major) == expected)
        }
        #expect(LibgpiodDriver().libraryVersion.hasPrefix("\(major)."))
    }

    func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gpio-dev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a device directory is scanned for chips in number order, with links to chips as aliases")
    func scanning() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["gpiochip0", "gpiochip12", "gpiochip2", "gpiochipX", "ttyS0"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data())
        }
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("gpiochip4").path, withDestinationPath: "gpiochip0")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("gpiochip5").path, withDestinationPath: "/elsewhere/gpiochip0")
        let driver = LibgpiodDriver(deviceDirectory: directory.path)
        let devices = try driver.chipDevices()
        #expect(
            devices.paths == ["gpiochip0", "gpiochip2", "gpiochip5", "gpiochip12"].map { "\(directory.path)/\($0)" })
        #expect(devices.aliases == ["gpiochip4": "gpiochip0"])
    }

    @Test("files named like chips that are not chips are listed as unavailable, with the reason")
    func notChips() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("gpiochip0").path, contents: Data())
        let chips = GPIOChips(driver: LibgpiodDriver(deviceDirectory: directory.path))
        let listing = try chips.listing()
        #expect(listing.chips.isEmpty)
        #expect(listing.entries.count == 1)
        let error = #expect(throws: GPIOError.self) { try chips.open(.name("gpiochip0")) }
        #expect(error?.code == .notAChip)
        #expect(error?.message.hasPrefix("\(directory.path)/gpiochip0 is not a GPIO chip") == true)
    }

    @Test("a missing chip path is reported as missing, with the chips that exist")
    func missingPath() {
        let chips = GPIOChips(driver: LibgpiodDriver())
        let error = #expect(throws: GPIOError.self) { try chips.open(.path("/nonexistent/gpiochip0")) }
        #expect(error?.code == .noSuchChip)
        #expect(error?.message.hasPrefix("no GPIO chip at /nonexistent/gpiochip0: no such file; ") == true)
    }

    @Test("a character device that is not a GPIO chip is reported as such")
    func characterDeviceNotAChip() {
        let error = #expect(throws: GPIOError.self) { try GPIOChips(driver: LibgpiodDriver()).open(.path("/dev/null")) }
        #expect(error?.code == .notAChip)
    }

    @Test("a label that no chip of this machine has lists this machine's chips")
    func missingLabel() throws {
        let chips = GPIOChips(driver: LibgpiodDriver())
        let listing = try chips.listing()
        let error = #expect(throws: GPIOError.self) { try chips.open(.label("breeze-no-such-label")) }
        #expect(error?.code == .noSuchChip)
        #expect(error?.message == "no GPIO chip labelled \"breeze-no-such-label\"; \(listing.summary)")
    }

    @Test("a missing device directory is a clear error")
    func missingDirectory() {
        let chips = GPIOChips(driver: LibgpiodDriver(deviceDirectory: "/nonexistent-dev"))
        let error = #expect(throws: GPIOError.self) { try chips.listing() }
        #expect(
            error?.message == "cannot list GPIO chips in /nonexistent-dev: opendir: ENOENT (no such file or directory)")
    }
}
