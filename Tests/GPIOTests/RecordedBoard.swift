import Foundation
import GPIO
import GPIOTestSupport

/// A board's recorded chip list (see Fixtures/README.md), turned into a simulated driver.
struct RecordedBoard {
    let name: String
    let chips: [SimulatedGPIODriver.Chip]
    let aliases: [String: String]

    static let all = ["pi3", "pi4", "pi5-before-renumbering", "pi5-after-renumbering"]

    static func load(_ name: String) throws -> RecordedBoard {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).txt")
        return try parse(name: name, text: String(contentsOf: url, encoding: .utf8))
    }

    /// A simulated driver with the board's chips; `withoutAliases` drops the udev links.
    func driver(withoutAliases: Bool = false, permissionDenied: Set<String> = []) -> SimulatedGPIODriver {
        let chips = chips.map { chip in
            var chip = chip
            chip.permissionDenied = permissionDenied.contains(chip.name)
            return chip
        }
        return SimulatedGPIODriver(chips: chips, aliases: withoutAliases ? [:] : aliases)
    }

    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(name: String, text: String) throws -> RecordedBoard {
        var section = ""
        var detected: [(name: String, label: String, count: Int)] = []
        var lines: [String: [SimulatedGPIODriver.Line]] = [:]
        var aliases: [String: String] = [:]
        var infoChip = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = String(raw)
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("$ ") {
                section = String(line.dropFirst(2))
                if section.hasPrefix("gpioinfo ") { infoChip = String(section.dropFirst("gpioinfo ".count)) }
                continue
            }
            if section == "gpiodetect" {
                // gpiochip0 [pinctrl-bcm2711] (58 lines)
                guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]"),
                    let paren = line.lastIndex(of: "(")
                else { throw FormatError(description: "\(name): bad gpiodetect line: \(line)") }
                let chip = line[..<open].trimmingCharacters(in: .whitespaces)
                let label = String(line[line.index(after: open)..<close])
                let count = Int(line[line.index(after: paren)...].split(separator: " ")[0]) ?? -1
                detected.append((chip, label, count))
            } else if section.hasPrefix("ls") {
                // lrwxrwxrwx 1 root root 9 Mar 14 12:20 /dev/gpiochip4 -> gpiochip0
                let parts = line.components(separatedBy: " -> ")
                if parts.count == 2, let alias = parts[0].split(separator: "/").last {
                    aliases[String(alias)] = parts[1]
                }
            } else if section.hasPrefix("gpioinfo"), line.hasPrefix("\t") {
                lines[infoChip, default: []].append(try parseInfoLine(line, board: name))
            }
        }
        let chips = detected.map { chip in
            SimulatedGPIODriver.Chip(
                name: chip.name, label: chip.label,
                lines: lines[chip.name] ?? Array(repeating: SimulatedGPIODriver.Line(), count: chip.count))
        }
        for chip in chips where chip.lines.count != detected.first(where: { $0.name == chip.name })?.count {
            throw FormatError(description: "\(name): \(chip.name) has \(chip.lines.count) gpioinfo lines")
        }
        return RecordedBoard(name: name, chips: chips, aliases: aliases)
    }

    /// `\tline   8:  "SPI_CE0_N"   "spi0 CS0"  output  active-low [used]`
    static func parseInfoLine(_ line: String, board: String) throws -> SimulatedGPIODriver.Line {
        guard let colon = line.firstIndex(of: ":") else {
            throw FormatError(description: "\(board): bad gpioinfo line: \(line)")
        }
        var rest = Substring(line[line.index(after: colon)...])
        func token() -> String? {
            rest = rest.drop { $0 == " " }
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let end = body.firstIndex(of: "\"") else { return nil }
                rest = body[body.index(after: end)...]
                return "\"" + body[..<end] + "\""
            }
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            return word.isEmpty ? nil : String(word)
        }
        let name = token()
        let consumer = token()
        func unquoted(_ text: String?) -> String? {
            guard let text, text.hasPrefix("\"") else { return nil }
            return String(text.dropFirst().dropLast())
        }
        return SimulatedGPIODriver.Line(name: unquoted(name), consumer: unquoted(consumer))
    }
}
