import AirQuality
import Configuration
import Foundation
import GPIO
import JSON
import LEDs
import OpenMeteo
import Sensors
import StationDoctor
import Testing
import WebAPI

@Suite struct BoardProfileTests {
    static let repository = FakeMachine.repository

    static func read(_ relative: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every example configuration shipped in board/.
    static let examples: [String] = {
        let manager = FileManager.default
        let board = repository.appendingPathComponent("board")
        let top = (try? manager.contentsOfDirectory(atPath: board.path)) ?? []
        let nested = (try? manager.contentsOfDirectory(atPath: board.appendingPathComponent("examples").path)) ?? []
        return (top.filter { $0.hasSuffix(".json") && $0 != "profiles.json" }.map { "board/\($0)" }
            + nested.filter { $0.hasSuffix(".json") }.map { "board/examples/\($0)" }).sorted()
    }()

    @Test func thereIsOneProfilePerSupportedBoard() {
        #expect(BoardProfile.all.map(\.id) == ["pi-zero-2-w", "pi-3b-plus", "pi-4b", "pi-5"])
    }

    @Test(arguments: [
        ("Raspberry Pi Zero 2 W Rev 1.0", "pi-zero-2-w"), ("Raspberry Pi 3 Model B Plus Rev 1.3", "pi-3b-plus"),
        ("Raspberry Pi 4 Model B Rev 1.5", "pi-4b"), ("Raspberry Pi 400 Rev 1.0", "pi-4b"),
        ("Raspberry Pi 5 Model B Rev 1.0", "pi-5"), ("Raspberry Pi Compute Module 5 Rev 1.0", "pi-5"),
    ])
    func deviceTreeModelsSelectTheirProfile(model: String, id: String) {
        #expect(BoardProfile.matching(model: model)?.id == id)
    }

    @Test func otherMachinesHaveNoProfile() {
        #expect(BoardProfile.matching(model: "Raspberry Pi Model B Rev 2") == nil)
        #expect(BoardProfile.matching(model: "Radxa ROCK 5B") == nil)
    }

    @Test(arguments: BoardProfile.all) func defaultPinsClashWithNeitherTheBusesNorEachOther(profile: BoardProfile) {
        let pins = profile.pins
        // The RGB set and the bar are alternatives, as is the single LED: each with the sensor pins.
        for set in [pins.rgb, pins.bar, [pins.single]] {
            let used = set + [pins.sensorSet, pins.sensorReset]
            #expect(Set(used).count == used.count, "\(profile.id): \(used)")
            for gpio in used {
                #expect(RaspberryPiHeader.busPins[gpio] == nil, "\(profile.id): GPIO\(gpio) is a bus pin")
                #expect(RaspberryPiHeader.reservedPins[gpio] == nil, "\(profile.id): GPIO\(gpio) is reserved")
                #expect(RaspberryPiHeader.physicalPin[gpio] != nil)
            }
        }
    }

    @Test func theLEDPinsAreTheOnesDocsLedsMdSuggests() throws {
        let leds = try Self.read("docs/leds.md")
        #expect(leds.contains("RGB: red GPIO5 (29), green GPIO6 (31), blue GPIO13 (33)"))
        #expect(leds.contains("Bar of 7, bottom first: GPIO5 (29), GPIO6 (31), GPIO13 (33), GPIO16 (36), GPIO17 (11), GPIO23 (16),\n    GPIO26 (37)"))
        #expect(BoardProfile.standardPins.rgb == [5, 6, 13])
        #expect(BoardProfile.standardPins.bar == [5, 6, 13, 16, 17, 23, 26])
        #expect(BoardProfile.standardPins.single == 26)
    }

    /// Every `GPIOn (pin p)`, `5 V (pin p)` and `GND (pin p)` in the wiring guide is right for the header.
    @Test func theWiringGuidesPinNumbersMatchTheHeader() throws {
        let text = try Self.read("docs/wiring.md")
        let gpio = try Regex(#"GPIO(\d+) \(pin (\d+)\)"#)
        var checked = 0
        for match in text.matches(of: gpio) {
            let number = try #require(match.output[1].substring.flatMap { Int($0) })
            let pin = try #require(match.output[2].substring.flatMap { Int($0) })
            #expect(RaspberryPiHeader.physicalPin[number] == pin, "GPIO\(number) is pin \(RaspberryPiHeader.physicalPin[number] ?? 0), not \(pin)")
            checked += 1
        }
        for (label, pins) in [("5 V", RaspberryPiHeader.fiveVoltPins), ("GND", RaspberryPiHeader.groundPins)] {
            for match in text.matches(of: try Regex("\(label) \\(pin (\\d+)")) {
                let pin = try #require(match.output[1].substring.flatMap { Int($0) })
                #expect(pins.contains(pin), "\(label) is not on pin \(pin)")
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func theHeaderChipLabelsAreTheOnesTheGPIOModuleKnows() {
        for profile in BoardProfile.all {
            #expect(PiHeaderChips.isHeaderChip(label: profile.gpioChipLabel), "\(profile.id)")
        }
    }

    @Test func profilesJSONIsTheTableOfTheCode() throws {
        let file = try Self.read("board/profiles.json")
        #expect(file == BoardProfile.tableJSON.prettySerialized(indent: 2) + "\n",
                "regenerate with: .build/debug/breeze-station boards --json > board/profiles.json")
    }

    @Test func everyBoardHasItsExampleConfiguration() {
        for profile in BoardProfile.all {
            #expect(Self.examples.contains("board/\(profile.exampleConfiguration)"), "\(profile.id)")
        }
    }

    @Test(arguments: BoardProfile.all) func aBoardsExampleUsesItsProfile(profile: BoardProfile) throws {
        let root = try ConfigFile.parse(Array(Self.read("board/\(profile.exampleConfiguration)").utf8), source: profile.id)
        let sensor = try #require(root.section("sensor").flatMap(SensorConfiguration.init(section:)))
        let leds = try #require(LEDConfiguration.read(from: root))
        #expect(sensor.serialPath == profile.uart.path)
        #expect(sensor.setPin == .name("GPIO\(profile.pins.sensorSet)"))
        #expect(sensor.resetPin == .name("GPIO\(profile.pins.sensorReset)"))
        #expect(leds.chip == .label(profile.gpioChipLabel))
        #expect(leds.lines == profile.pins.rgb.map { .name("GPIO\($0)") })
    }

    /// Every example passes the readers of the sections this module knows; `station`, `storage` and `log`
    /// are checked for the keys docs name here, and the whole file by `check-config` in
    /// DeploymentCommandTests.
    @Test(arguments: examples) func everyExampleIsAValidConfiguration(file: String) throws {
        let root = try ConfigFile.parse(Array(Self.read(file).utf8), source: file)
        _ = root.section("sensor").flatMap(SensorConfiguration.init(section:))
        // The sensor section's correction is the station's key (StationConfiguration reads it).
        _ = root.section("sensor")?.choice("correction", as: PM25CorrectionChoice.self)
        _ = LEDConfiguration.read(from: root)
        _ = HTTPConfiguration(section: root.section("http"))
        _ = OpenMeteoConfiguration(section: root.section("openmeteo"))
        if let station = root.section("station") {
            _ = station.string("name")
            _ = station.double("latitude", in: -90...90)
            _ = station.double("longitude", in: -180...180)
            _ = station.string("place")
            #expect(!(station.contains("place") && station.contains("latitude")), "a place or coordinates, not both")
            #expect(station.contains("latitude") == station.contains("longitude"))
        }
        if let storage = root.section("storage") {
            // The database file, in the state directory (the only place the service may write), or the default.
            let path = storage.string("path")
            #expect(path == nil || path?.hasPrefix("/var/lib/breeze-station/") == true, "\(path ?? "")")
            _ = storage.int("retention_days", in: 1...36_500)
        }
        _ = root.section("log")?.string("level")
        do throws(ConfigErrors) {
            try root.finish()
        } catch {
            Issue.record("\(file): \(error)")
        }
    }
}
