import JSON
import FoundationEssentials

/// Reading a configuration file from disk.
public enum ConfigFile {
    /// The default location of the station's configuration.
    public static let defaultPath = "/etc/breeze-station/config.json"

    /// Reads and parses the JSON file at `path` and returns its root section.
    ///
    /// - Throws: ``ConfigErrors`` with one error naming the file when it cannot be read or is not valid JSON.
    public static func load(path: String) throws(ConfigErrors) -> ConfigSection {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigErrors([ConfigError(keyPath: "", message: "cannot read \(path): \(Self.reason(error))")])
        }
        return try parse(Array(data), source: path)
    }

    /// Parses `bytes` as a configuration document; `source` names it in errors.
    public static func parse(_ bytes: [UInt8], source: String) throws(ConfigErrors) -> ConfigSection {
        do {
            return ConfigSection(document: try JSONValue.parse(bytes))
        } catch {
            throw ConfigErrors([ConfigError(keyPath: "", message: "\(source) is not valid JSON: \(error.description)")])
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            switch error.code {
            case .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return "\(error)"
    }
}
