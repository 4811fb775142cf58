import Configuration
import FoundationEssentials
import Station

/// Loads the station's configuration for `run` and `check-config`; a bad file is a ``CommandFailure`` with
/// exit status 78 (EX_CONFIG) listing every problem, one per line, each with its key path.
enum StationConfigurationLoader {
    static func load(path: String, environment: [String: String]) throws(CommandFailure) -> StationConfiguration {
        do {
            return try StationConfiguration.load(path: path, environment: environment)
        } catch {
            throw CommandFailure(status: ExitStatus.configuration, describe(error, path: path))
        }
    }

    /// `PATH: what is wrong` for one problem of the file itself; otherwise `PATH has N problems:` and a line each.
    static func describe(_ errors: ConfigErrors, path: String) -> String {
        if errors.errors.count == 1, let only = errors.errors.first {
            return only.keyPath.isEmpty ? only.message : "\(path): \(only.description)"
        }
        let count = errors.errors.count
        return "\(path) has \(count) problems:\n" + errors.errors.map(\.description).joined(separator: "\n")
    }
}
