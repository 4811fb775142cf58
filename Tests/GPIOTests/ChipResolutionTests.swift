import GPIO
import Testing
import GPIOTestSupport

@Suite("Chip resolution against recorded boards")
struct ChipResolutionTests {
    static let headerChips: [(board: String, label: String, chip: String)] = [
        ("pi3", "pinctrl-bcm2835", "gpiochip0"),
        ("pi4", "pinctrl-bcm2711", "gpiochip0"),
        ("pi5-before-renumbering", "pinctrl-rp1", "gpiochip4"),
        ("pi5-after-renumbering", "pinctrl-rp1", "gpiochip0"),
    ]

    @Test("the header chip is found by label on every board", arguments: headerChips)
    func headerChipByLabel(_ expected: (board: String, label: String, chip: String)) throws {
        let board = try RecordedBoard.load(expected.board)
        let chip = try GPIOChips(driver: board.driver()).open(.label(expected.label))
        #expect(chip.info.name == expected.chip)
        #expect(chip.info.path == "/dev/\(expected.chip)")
        #expect(chip.info.label == expected.label)
    }

    @Test("the listing reads back as gpiodetect printed it", arguments: RecordedBoard.all)
    func listingMatchesGpiodetect(_ name: String) throws {
        let board = try RecordedBoard.load(name)
        let listing = try GPIOChips(driver: board.driver()).listing()
        let expected = board.chips.map { "\($0.name) [\($0.label)] (\($0.lines.count) lines)" }
        #expect(listing.lines == expected)
        #expect(listing.entries.map(\.path) == board.chips.map { "/dev/\($0.name)" })
    }

    @Test("Pi 5 after the renumbering lists gpiochip0 then gpiochip10-13, and gpiochip4 only as an alias")
    func pi5RenumberedOrder() throws {
        let listing = try GPIOChips(driver: RecordedBoard.load("pi5-after-renumbering").driver()).listing()
        #expect(listing.chips.map(\.name) == ["gpiochip0", "gpiochip10", "gpiochip11", "gpiochip12", "gpiochip13"])
        #expect(listing.aliases == ["gpiochip4": "gpiochip0"])
    }

    @Test("gpiochip4 on a renumbered Pi 5 follows the udev alias to pinctrl-rp1")
    func oldNumberFollowsAlias() throws {
        let board = try RecordedBoard.load("pi5-after-renumbering")
        let chip = try GPIOChips(driver: board.driver()).open(.name("gpiochip4"))
        #expect(chip.info.label == "pinctrl-rp1")
        #expect(chip.info.name == "gpiochip0")
    }

    @Test("gpiochip4 without the alias is an error that lists the chips and points to the label")
    func oldNumberWithoutAlias() throws {
        let board = try RecordedBoard.load("pi5-after-renumbering")
        let error = #expect(throws: GPIOError.self) {
            try GPIOChips(driver: board.driver(withoutAliases: true)).open(.name("gpiochip4"))
        }
        #expect(error?.code == .noSuchChip)
        let message = error?.message ?? ""
        #expect(message.contains("no GPIO chip named \"gpiochip4\""))
        #expect(message.contains("gpiochip0 [pinctrl-rp1] (54 lines)"))
        #expect(message.contains("gpiochip13 [gpio-brcmstb@107d517c20] (6 lines)"))
        #expect(message.contains("select the chip by label instead: \"pinctrl-rp1\" (gpiochip0 here)"))
    }

    @Test("the Pi 5 header chip by its old number before the renumbering is gpiochip4")
    func oldNumberBeforeRenumbering() throws {
        let board = try RecordedBoard.load("pi5-before-renumbering")
        let chip = try GPIOChips(driver: board.driver()).open(.name("gpiochip4"))
        #expect(chip.info.label == "pinctrl-rp1")
        let soc = try GPIOChips(driver: board.driver()).open(.name("gpiochip0"))
        #expect(soc.info.label == "gpio-brcmstb@107d508500")
    }

    @Test("an unknown label gives an error listing every chip with its label", arguments: RecordedBoard.all)
    func unknownLabel(_ name: String) throws {
        let board = try RecordedBoard.load(name)
        let error = #expect(throws: GPIOError.self) {
            try GPIOChips(driver: board.driver()).open(.label("pinctrl-bcm2712"))
        }
        #expect(error?.code == .noSuchChip)
        let message = error?.message ?? ""
        #expect(message.hasPrefix("no GPIO chip labelled \"pinctrl-bcm2712\"; chips in /dev: "))
        for chip in board.chips {
            #expect(message.contains("\(chip.name) [\(chip.label)] (\(chip.lines.count) lines)"))
        }
    }

    @Test("a Pi label on another Pi names the board it belongs to")
    func wrongBoardLabel() throws {
        let board = try RecordedBoard.load("pi4")
        let error = #expect(throws: GPIOError.self) {
            try GPIOChips(driver: board.driver()).open(.label("pinctrl-rp1"))
        }
        #expect(error?.message.hasSuffix("(\"pinctrl-rp1\" is the header chip of a Raspberry Pi 5, 500, CM5)") == true)
    }

    @Test("a label behind chips the user may not open is a permission error naming the group gpio")
    func labelBehindPermission() throws {
        let board = try RecordedBoard.load("pi4")
        let driver = board.driver(permissionDenied: ["gpiochip0", "gpiochip1"])
        let error = #expect(throws: GPIOError.self) { try GPIOChips(driver: driver).open(.label("pinctrl-bcm2711")) }
        #expect(error?.code == .permissionDenied)
        #expect(error?.message.contains("group \"gpio\"") == true)
        #expect(error?.message.contains("gpiochip0, gpiochip1") == true)
    }

    @Test("opening a chip by name or path without permission names the group gpio")
    func pathPermission() throws {
        let driver = try RecordedBoard.load("pi3").driver(permissionDenied: ["gpiochip0"])
        for selector in [ChipSelector.name("gpiochip0"), .path("/dev/gpiochip0")] {
            let error = #expect(throws: GPIOError.self) { try GPIOChips(driver: driver).open(selector) }
            #expect(error?.code == .permissionDenied)
            #expect(error?.message == "permission denied opening /dev/gpiochip0: " + GPIOError.permissionAdvice)
        }
        let listing = try GPIOChips(driver: driver).listing()
        #expect(listing.lines.first == "gpiochip0 [?] (cannot open: EACCES (permission denied))")
    }

    @Test("a missing path lists the chips that exist")
    func missingPath() throws {
        let driver = try RecordedBoard.load("pi4").driver()
        let error = #expect(throws: GPIOError.self) { try GPIOChips(driver: driver).open(.path("/dev/gpiochip7")) }
        #expect(error?.code == .noSuchChip)
        #expect(
            error?.message.hasPrefix("no GPIO chip at /dev/gpiochip7: no such file; chips in /dev: gpiochip0") == true)
    }

    @Test(
        "selectors are read from configuration text",
        arguments: [
            ("pinctrl-rp1", ChipSelector.label("pinctrl-rp1")),
            ("gpiochip0", .name("gpiochip0")),
            ("gpiochip13", .name("gpiochip13")),
            ("gpiochip", .label("gpiochip")),
            ("gpiochipX", .label("gpiochipX")),
            ("/dev/gpiochip4", .path("/dev/gpiochip4")),
        ])
    func parsing(_ text: String, _ expected: ChipSelector) {
        #expect(ChipSelector(parsing: text) == expected)
    }
}
