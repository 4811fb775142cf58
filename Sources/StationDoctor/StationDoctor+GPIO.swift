import GPIO
import LEDs
import Sensors

extension StationDoctor {
    /// A GPIO line the configuration names, and the key that names it.
    struct PinUse {
        let keyPath: String
        let selector: LineSelector
    }

    /// The LED chip and lines, and the sensor's SET/RESET pins: the chip exists under its label, the station
    /// may open it, every line exists, is free, is not one of the sensor's bus pins, and is used once.
    func gpioFindings(configuration: LoadedConfiguration, board: DetectedBoard, access: DeviceAccess)
        -> [DoctorFinding]
    {
        var ledPins: [PinUse] = []
        var ledChip: ChipSelector?
        if let leds = configuration.leds, leds.backend == .gpiod, let chip = leds.chip {
            ledChip = chip
            ledPins = zip(ledKeyPaths(leds), leds.lines).map { PinUse(keyPath: $0, selector: $1) }
        }
        var sensorPins: [PinUse] = []
        if let sensor = configuration.sensor {
            for (key, reference) in [("sensor.set_pin", sensor.setPin), ("sensor.reset_pin", sensor.resetPin)] {
                guard let reference else { continue }
                switch reference {
                case .name(let name): sensorPins.append(PinUse(keyPath: key, selector: .name(name)))
                case .offset(let offset): sensorPins.append(PinUse(keyPath: key, selector: .offset(UInt32(offset))))
                }
            }
        }
        guard ledChip != nil || !sensorPins.isEmpty else { return [] }

        let chips = GPIOChips(driver: gpio)
        let listing: ChipListing
        do throws(GPIOError) {
            listing = try chips.listing()
        } catch {
            return [.problem("gpio-chip", error.message)]
        }
        var findings: [DoctorFinding] = []
        var groups: [(path: String, pins: [PinUse])] = []
        func add(_ pins: [PinUse], on path: String) {
            if let index = groups.firstIndex(where: { $0.path == path }) {
                groups[index].pins += pins
            } else {
                groups.append((path, pins))
            }
        }
        if let ledChip {
            switch resolveChip(ledChip, key: "leds.chip", in: listing, board: board) {
            case .success(let path):
                add(ledPins, on: path)
                findings.append(.ok("gpio-chip", "leds.chip \"\(ledChip.text)\" is \(describe(path, in: listing))"))
            case .failure(let failure): findings.append(failure.finding)
            }
        }
        if !sensorPins.isEmpty {
            // As the station chooses (SensorControlPins.chipSelector): the header chip, else the LEDs' chip.
            let header: ChipSelector? = listing.chips.first { PiHeaderChips.isHeaderChip(label: $0.label) }
                .map { .label($0.label) }
            let selector = header ?? ledChip ?? board.profile.map { .label($0.gpioChipLabel) }
            if let selector {
                switch resolveChip(selector, key: "the sensor pins' chip", in: listing, board: board) {
                case .success(let path):
                    add(sensorPins, on: path)
                    if ledChip == nil {
                        findings.append(.ok("gpio-chip", "sensor pins on \(describe(path, in: listing))"))
                    }
                case .failure(let failure): if ledChip == nil { findings.append(failure.finding) }
                }
            } else {
                findings.append(
                    .problem(
                        "gpio-chip",
                        "sensor.set_pin/reset_pin need the header's GPIO chip, and none is known here; "
                            + listing.summary))
            }
        }
        // By chip and offset: line 5 of an expander and line 5 of the header are different pins.
        var used: [String: String] = [:]
        for group in groups {
            let machinePath = host.machinePath(ofLocation: group.path)
            if let status = host.status(machinePath) {
                findings += access.check(
                    path: machinePath, resolved: host.resolve(machinePath) ?? machinePath, status: status,
                    check: "access")
            }
            findings += lineFindings(group.pins, chipPath: group.path, chips: chips, used: &used, sensor: configuration.sensor)
        }
        return findings
    }

    private func ledKeyPaths(_ leds: LEDConfiguration) -> [String] {
        switch leds.kind {
        case .rgb: ["leds.red", "leds.green", "leds.blue"]
        case .bar: leds.lines.indices.map { "leds.lines[\($0)]" }
        case .single: ["leds.line"]
        }
    }

    private func resolveChip(
        _ selector: ChipSelector, key: String, in listing: ChipListing, board: DetectedBoard
    ) -> Result<String, DoctorFindingError> {
        do throws(GPIOError) {
            return .success(try ChipResolver.path(for: selector, in: listing))
        } catch {
            var message = "\(key): \(error.message)"
            if let profile = board.profile, case .label(let label) = selector, label != profile.gpioChipLabel {
                message += "; this \(profile.name)'s header chip is \"\(profile.gpioChipLabel)\""
            }
            return .failure(DoctorFindingError(finding: .problem("gpio-chip", message)))
        }
    }

    private func describe(_ path: String, in listing: ChipListing) -> String {
        listing.chips.first { $0.path == path }?.description ?? path
    }

    /// Each pin: exists, free, not a bus pin the sensor uses, not used twice.
    private func lineFindings(
        _ pins: [PinUse], chipPath: String, chips: GPIOChips, used: inout [String: String], sensor: SensorConfiguration?
    ) -> [DoctorFinding] {
        let chip: GPIOChip
        do throws(GPIOError) {
            chip = try chips.open(.path(chipPath))
        } catch {
            return [.problem("gpio-line", "cannot read the lines of \(chipPath): \(error.message)")]
        }
        defer { chip.close() }
        let isHeader = PiHeaderChips.isHeaderChip(label: chip.info.label)
        var busPins: [UInt32: String] = [:]
        if isHeader, let sensor {
            switch sensor.model.bus {
            case .serial where ["/dev/serial0", "/dev/ttyS0", "/dev/ttyAMA0"].contains(sensor.serialPath):
                busPins = [14: "the sensor's UART TX", 15: "the sensor's UART RX"]
            case .i2c where sensor.i2cBus == 1:
                busPins = [2: "the sensor's I²C SDA", 3: "the sensor's I²C SCL"]
            default: break
            }
        }
        var findings: [DoctorFinding] = []
        for pin in pins {
            let offset: UInt32
            do throws(GPIOError) {
                offset = try chip.resolve(pin.selector).offset
            } catch {
                findings.append(.problem("gpio-line", "\(pin.keyPath): \(error.message)"))
                continue
            }
            let shown = isHeader ? RaspberryPiHeader.describe(gpio: Int(offset)) : "line \(offset)"
            if let other = used["\(chipPath):\(offset)"] {
                findings.append(.problem("gpio-line", "\(pin.keyPath) and \(other) are both \(shown): use one pin once"))
                continue
            }
            used["\(chipPath):\(offset)"] = pin.keyPath
            if let bus = busPins[offset] {
                findings.append(
                    .problem("gpio-line", "\(pin.keyPath) is \(shown), \(bus): choose another pin (board/README.md)"))
                continue
            }
            if let info = try? chip.lineInfo(offset), info.isUsed, info.consumer != GPIOChip.defaultConsumer {
                let holder = info.consumer.map { "\"\($0)\"" } ?? "the kernel"
                findings.append(
                    .problem(
                        "gpio-line",
                        "\(pin.keyPath) is \(shown), held by \(holder): free it (an overlay in config.txt, "
                            + "another program) or choose another pin"))
                continue
            }
            findings.append(.ok("gpio-line", "\(pin.keyPath) is \(shown), free"))
        }
        return findings
    }
}

/// A finding carried through `Result`.
struct DoctorFindingError: Error {
    let finding: DoctorFinding
}
