#if canImport(Glibc)
    import Glibc
#endif
import Clocks
import Configuration
import Diagnostics
import HTTPClient
import JSON
import OpenMeteo

/// `breeze-station locate "<query>"`: city search through Open-Meteo's geocoding API.
enum LocateCommand: Subcommand {
    static let name = "locate"
    static let summary = "Find a place's coordinates by name (Open-Meteo geocoding)"
    static let help = """
        Usage: breeze-station locate "<query>" [--config PATH]

        Searches Open-Meteo's geocoding API for places named <query> (at least 2 characters) and prints up to
        5 candidates as a JSON array, best first: name, admin_area, country, country_code, latitude,
        longitude, elevation, timezone, population. Put the chosen latitude and longitude (or the name) in
        the station's configuration.

        The search goes to the configuration's openmeteo.geocoding_url (default
        https://geocoding-api.open-meteo.com/v1/search), with its timeouts.

        Options:
          --config PATH   configuration file (default /etc/breeze-station/config.json when it exists)
          --help          show this help

        Exit status: 0 candidates printed; 1 no place matches; 2 bad arguments; 69 the geocoding server is
        unreachable or answered with an error; 78 bad configuration.
        """

    /// EX_UNAVAILABLE: the service is unreachable.
    static let unavailable: Int32 = 69

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let configPath = try arguments.option("--config")
        guard let query = arguments.positional() else { throw UsageError("missing the place to search for") }
        try arguments.finish()
        let trimmed = String(query.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        guard trimmed.count >= 2 else {
            throw UsageError("'\(query)' is too short; give at least 2 characters")
        }
        let configuration = try loadConfiguration(configPath)
        let client: CurlHTTPClient
        do {
            client = try CurlHTTPClient(options: configuration.httpOptions)
        } catch {
            throw CommandFailure(status: unavailable, "cannot start the HTTP client: \(error)")
        }
        // A command waits for its user: two quick retries, not the daemon's patience.
        let transport = RetryingHTTPTransport(
            wrapping: client, policy: RetryPolicy(maximumAttempts: 2, initialDelay: .milliseconds(500)),
            clock: SystemClock())
        let openMeteo = OpenMeteoClient(transport: transport, endpoints: configuration.endpoints)
        let candidates: [PlaceCandidate]
        do {
            candidates = try await openMeteo.searchPlaces(trimmed)
        } catch {
            let what = error.kind == .unreachable ? "cannot reach the geocoding server" : "the geocoding search failed"
            throw CommandFailure(status: unavailable, "\(what): \(error.message)")
        }
        Output.line(JSONValue.array(candidates.map(\.json)).serialized())
        guard !candidates.isEmpty else {
            Output.error("\(BuildInfo.name) \(name): no place matches '\(trimmed)'")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// The `openmeteo` section of `path`, or of the default file when it exists, or the defaults.
    private static func loadConfiguration(_ path: String?) throws(CommandFailure) -> OpenMeteoConfiguration {
        let file = path ?? (access(ConfigFile.defaultPath, F_OK) == 0 ? ConfigFile.defaultPath : nil)
        guard let file else { return OpenMeteoConfiguration() }
        let root: ConfigSection
        do {
            root = try ConfigFile.load(path: file)
        } catch {
            throw configurationFailure(file, error)
        }
        guard let value = root.value("openmeteo") else { return OpenMeteoConfiguration() }
        guard case .object = value, let section = root.section("openmeteo") else {
            throw CommandFailure(
                status: ExitStatus.configuration,
                "\(file): openmeteo: expected an object, found \(ConfigSection.describe(value))")
        }
        let configuration = OpenMeteoConfiguration(section: section)
        do {
            // Only this command's section is checked; `check-config` covers the whole file.
            try section.finish()
        } catch {
            throw configurationFailure(file, error)
        }
        return configuration
    }

    private static func configurationFailure(_ file: String, _ errors: ConfigErrors) -> CommandFailure {
        CommandFailure(
            status: ExitStatus.configuration,
            "bad configuration in \(file):\n" + errors.errors.map { "  \($0)" }.joined(separator: "\n"))
    }
}
