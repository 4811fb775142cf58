import Foundation
import GPIO
import Testing

/// The label of the gpio-sim bank to test on, from `BREEZE_GPIO_SIM_LABEL`.
let gpioSimLabel = ProcessInfo.processInfo.environment["BREEZE_GPIO_SIM_LABEL"]

/// The production driver against a real kernel chip: the kernel's gpio-sim, as the hardware-in-the-loop rig
/// sets it up in a VM (a bank of at least 8 lines whose label is in `BREEZE_GPIO_SIM_LABEL`). Skipped
/// elsewhere (CI has no gpio-sim).
@Suite("libgpiod on a gpio-sim chip", .enabled(if: gpioSimLabel != nil))
struct GPIOSimTests {
    static var label: String? { gpioSimLabel }

    /// The level the consumer drives on line `offset` of chip `name`, from gpio-sim's sysfs attributes.
    static func level(chip name: String, offset: UInt32) throws -> Bool? {
        let platform = "/sys/devices/platform"
        for device in try FileManager.default.contentsOfDirectory(atPath: platform) where device.hasPrefix("gpio-sim") {
            let path = "\(platform)/\(device)/\(name)/sim_gpio\(offset)/value"
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                return text.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            }
        }
        return nil
    }

    @Test("lines are requested as breeze-station, set all at once with per-line polarity, and released")
    func requestSetRelease() throws {
        let label = try #require(Self.label)
        let chip = try GPIOChips().open(.label(label))
        let name = chip.info.name
        let request = try chip.requestOutputs([OutputLine(.offset(0)), OutputLine(.offset(1), activeLow: true)])
        #expect(try chip.lineInfo(0).consumer == "breeze-station")
        #expect(try Self.level(chip: name, offset: 0) == false)
        #expect(try Self.level(chip: name, offset: 1) == true)
        try request.set([true, true])
        #expect(try Self.level(chip: name, offset: 0) == true)
        #expect(try Self.level(chip: name, offset: 1) == false)
        let error = #expect(throws: GPIOError.self) { try chip.requestOutputs([OutputLine(.offset(1))]) }
        #expect(error?.code == .lineBusy)
        #expect(error?.message.contains("used by \"breeze-station\"") == true)
        request.release()
        #expect(try chip.lineInfo(0).isUsed == false)
    }
}
