import Configuration
import GPIO
import JSON
import LEDs

/// What `leds test` and `leds show` share: the `leds` section of the configuration file (or the terminal
/// backend when there is none), and the output it asks for.
struct LEDCommandSetup {
    /// The settings used.
    let configuration: LEDConfiguration
    /// Where they came from, for the first line of output.
    let source: String

    /// Reads the `leds` section of `path` (the station's file by default, which may be absent) and ignores
    /// the other sections. No file at the default path, or no `leds` section: the terminal backend.
    static func load(path: String?) throws -> LEDCommandSetup {
        let file = path ?? ConfigFile.defaultPath
        if path == nil && !fileExists(file) {
            return LEDCommandSetup(configuration: LEDConfiguration(), source: "no \(file): terminal backend")
        }
        do throws(ConfigErrors) {
            let root = try ConfigFile.load(path: file)
            guard let leds = root.value("leds") else {
                return LEDCommandSetup(
                    configuration: LEDConfiguration(), source: "no leds section in \(file): terminal backend")
            }
            let section = ConfigSection(document: .object([("leds", leds)]))
            let configuration = LEDConfiguration.read(from: section) ?? LEDConfiguration()
            try section.finish()
            return LEDCommandSetup(configuration: configuration, source: "leds section of \(file)")
        } catch {
            let problems = error.errors.map { "  \($0)" }.joined(separator: "\n")
            throw CommandFailure(status: ExitStatus.configuration, "invalid configuration in \(file):\n\(problems)")
        }
    }

    /// The output the settings ask for, with a description of it (backend, chip, lines).
    func makeOutput(writer: TerminalWriter) throws -> (output: LEDOutput, description: String) {
        do throws(GPIOError) {
            let output = try LEDBackendFactory.output(for: configuration, terminal: writer)
            let description: String
            switch output {
            case .lines(let lines as GPIOLEDLines):
                let names = lines.request.lines.map(\.displayName).joined(separator: ", ")
                description =
                    "gpiod: \(lines.request.chip.shortDescription), \(configuration.kind.rawValue) on \(names)"
            default:
                description = "terminal: \(configuration.kind.rawValue), \(configuration.policy.lineCount) line(s)"
            }
            return (output, description)
        } catch {
            throw CommandFailure(error.message)
        }
    }

    private static func fileExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}

#if canImport(Glibc)
    import Glibc
#endif
