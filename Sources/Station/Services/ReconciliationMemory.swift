import AirQuality
import Clocks
import Diagnostics
import FoundationEssentials
import Lifecycle
import LinuxIO

/// Keeps the reconciliation's paired hours (local and model PM2.5 of the same clock hours) across restarts,
/// in `reconciliation.json` beside the history database: read at start, written every hour and at shutdown.
///
/// The long-run drift check needs 72 paired hours within a week; the history database restores only the
/// last day of local hours, and Open-Meteo's answer covers only the last day too. Without this file, a
/// station restarted every few days (or unplugged every night in a classroom) would never see drift.
final class ReconciliationMemory: Service {
    let name = "reconciliation-memory"
    /// How often the pairs are written while running.
    static let saveInterval: Duration = .seconds(3600)
    /// The file's name in the state directory.
    static let fileName = "reconciliation.json"

    /// The file.
    let path: String
    private let pipeline: StationPipeline
    private let clock: any StationClock
    private let logger: Logger
    private let worker = WorkerThread(name: "reconciliation-memory")

    init(path: String, pipeline: StationPipeline, clock: any StationClock, logger: Logger) {
        self.path = path
        self.pipeline = pipeline
        self.clock = clock
        self.logger = logger
    }

    /// Reads the file into the pipeline; a missing file is a first start, an unreadable one is logged and
    /// replaced at the next save. Returns the number of pairs restored.
    @discardableResult
    func restore() async -> Int {
        let path = self.path
        let loaded = await worker.run { () -> Result<ReconciliationHistory?, any Error> in
            Result {
                guard FileManager.default.fileExists(atPath: path) else { return nil }
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                return try JSONDecoder().decode(ReconciliationHistory.self, from: data)
            }
        }
        switch loaded {
        case .success(let history?):
            pipeline.update { $0.reconciliationHistory = history }
            logger.info("reconciliation: \(history.pairs.count) paired hours restored from \(path)")
            return history.pairs.count
        case .success(nil):
            return 0
        case .failure(let error):
            logger.warning("reconciliation: cannot read \(path) (\(error)); starting with no paired hours")
            return 0
        }
    }

    /// Writes the pairs every hour until cancelled, and once more then (the shutdown's last word on them).
    func run() async throws {
        while true {
            do {
                try await clock.sleep(for: Self.saveInterval)
            } catch {
                await save()
                throw error
            }
            await save()
        }
    }

    /// Writes the pairs now (atomically: a new file renamed over the old one).
    func save() async {
        let history = pipeline.current.reconciliationHistory
        let path = self.path
        let result = await worker.run { () -> Result<Void, any Error> in
            Result { try JSONEncoder().encode(history).write(to: URL(fileURLWithPath: path), options: .atomic) }
        }
        if case .failure(let error) = result {
            logger.log(.warning, every: .seconds(3600), key: "reconciliation-save", "reconciliation: cannot write \(path): \(error)")
        }
    }
}
