import Configuration
import FoundationEssentials
import POSIX
import Station
import StationSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station export`: the history from the database as CSV or JSON on standard output, offline, the
/// same bytes `/api/v1/history.csv` and `/api/v1/history` send for the same query.
enum ExportCommand: Subcommand {
    static let name = "export"
    static let summary = "Write the stored history as CSV or JSON (offline, like /api/v1/history.csv)"
    static let help = """
        Usage: breeze-station export [--from TIME] [--to TIME] [--resolution minute|hour|day]
                                     [--format csv|json] [--state-dir DIR] [--config PATH]

        Writes the history kept in the station's database to standard output: the same rows, header and bytes
        as GET /api/v1/history.csv (--format csv, the default) or /api/v1/history (--format json) with the same
        from, to and resolution (docs/api.md). Reads the database while the station runs, or without it.

        Options:
          --from TIME        start, inclusive: 2025-03-01T12:00:00Z, 2025-03-01 or Unix seconds (default: one
                             hour, day or 30 days before --to, by resolution)
          --to TIME          end, exclusive (default: now)
          --resolution RES   minute, hour (default) or day
          --format FORMAT    csv (default) or json
          --state-dir DIR    read DIR/history.db instead of storage.path
          --config PATH      the configuration file, for storage.path and the PM2.5 correction (default
                             \(ConfigFile.defaultPath) when it exists, else the defaults)

        Example: breeze-station export --resolution day --from 2025-01-01 --to 2026-01-01 > breeze-2025.csv

        Exit status: 0 written, 1 the database cannot be read, 2 bad arguments or query, 78 invalid configuration.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        var parameters: [(name: String, value: String)] = []
        for name in ["from", "to", "resolution"] {
            if let value = try arguments.option("--\(name)") { parameters.append((name, value)) }
        }
        let format = try arguments.option("--format") ?? "csv"
        let stateDirectory = try arguments.option("--state-dir")
        let configPath = try arguments.option("--config")
        try arguments.finish()
        guard format == "csv" || format == "json" else { throw UsageError("--format: expected csv or json, found '\(format)'") }
        let query: HistoryQuery
        do {
            query = try HistoryQuery.parse(parameters, now: Date())
        } catch {
            throw UsageError(error.description.replacing("parameter '", with: "option '--"))
        }

        let variables = ProcessInfo.processInfo.environment
        var configuration: StationConfiguration
        if let path = configPath ?? (access(ConfigFile.defaultPath, F_OK) == 0 ? ConfigFile.defaultPath : nil) {
            configuration = try StationConfigurationLoader.load(path: path, environment: variables)
        } else {
            configuration = StationConfiguration(storage: StorageConfiguration(environment: variables))
        }
        if let stateDirectory {
            let directory = stateDirectory.hasSuffix("/") ? String(stateDirectory.dropLast()) : stateDirectory
            configuration.storage.path = directory + "/" + StorageConfiguration.databaseName
        }

        let export: HistoryExport
        do {
            export = try HistoryExport(configuration: configuration)
        } catch {
            throw CommandFailure(error.description)
        }
        defer { export.close() }
        do {
            if format == "json" {
                try StandardOutput.write(try export.json(query))
            } else {
                let stream = export.csv(query)
                while let chunk = try stream.next() { try StandardOutput.write(chunk) }
            }
        } catch let error as StandardOutput.WriteError {
            throw CommandFailure("cannot write to standard output: \(error.reason)")
        } catch {
            throw CommandFailure("cannot read the history from \(configuration.storage.path): \(error)")
        }
        return ExitStatus.success
    }
}

/// Raw bytes to standard output, every byte or an error (a closed pipe, a full disk).
enum StandardOutput {
    struct WriteError: Error { let reason: String }

    static func write(_ bytes: [UInt8]) throws(WriteError) {
        do {
            try SystemCall.writeAll(1, bytes)
        } catch {
            throw WriteError(reason: error.message)
        }
    }
}
