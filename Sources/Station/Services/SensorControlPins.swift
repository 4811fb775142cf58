public import Diagnostics
public import GPIO
public import Sensors
import Synchronization

/// The Plantower SET and RESET pins over GPIO: each line requested once (active-low, initially inactive, so
/// the sensor runs) and kept. The chip is the Raspberry Pi's header chip, found by its label, else
/// `leds.chip`. A pin that cannot be had is logged and left out; the sensor then runs without it.
public enum SensorControlPins {
    /// The pins `sensor` names, on `chips`.
    public static func resolve(
        sensor: SensorConfiguration, ledChip: ChipSelector?, chips: GPIOChips = GPIOChips(), logger: Logger
    ) -> SensorPins {
        guard sensor.setPin != nil || sensor.resetPin != nil else { return SensorPins() }
        let selector: ChipSelector
        do {
            selector = try chipSelector(ledChip: ledChip, chips: chips)
        } catch {
            logger.error("sensor.set_pin/reset_pin: \(error); the sensor runs without them")
            return SensorPins()
        }
        func pin(_ reference: GPIOLineReference?, key: String) -> (any ControlPin)? {
            guard let reference else { return nil }
            do {
                let chip = try chips.open(selector)
                defer { chip.close() }
                let request = try chip.requestOutputs([OutputLine(lineSelector(reference), activeLow: true)])
                return GPIOControlPin(request)
            } catch {
                logger.error("sensor.\(key): \(error); the sensor runs without it")
                return nil
            }
        }
        return SensorPins(set: pin(sensor.setPin, key: "set_pin"), reset: pin(sensor.resetPin, key: "reset_pin"))
    }

    /// The header chip by label, else the LEDs' chip.
    static func chipSelector(ledChip: ChipSelector?, chips: GPIOChips) throws -> ChipSelector {
        let listing = try chips.listing()
        if let header = listing.chips.first(where: { PiHeaderChips.isHeaderChip(label: $0.label) }) {
            return .label(header.label)
        }
        if let ledChip { return ledChip }
        throw GPIOError(
            .noSuchChip,
            "no Raspberry Pi header GPIO chip (pinctrl-bcm2835, pinctrl-bcm2711, pinctrl-rp1) and no leds.chip; "
                + "chips: \(listing.summary)")
    }

    static func lineSelector(_ reference: GPIOLineReference) -> LineSelector {
        switch reference {
        case .name(let name): .name(name)
        case .offset(let offset): .offset(UInt32(clamping: offset))
        }
    }
}

/// One control line kept requested; `setActive(true)` drives it to its active (low) level.
/// `@unchecked Sendable`: the request is only touched under `lock`.
final class GPIOControlPin: ControlPin, @unchecked Sendable {
    private let request: OutputLineRequest
    private let lock = Mutex(())

    init(_ request: OutputLineRequest) {
        self.request = request
    }

    func setActive(_ active: Bool) throws {
        try lock.withLock { _ throws(GPIOError) in try request.set([active]) }
    }
}
