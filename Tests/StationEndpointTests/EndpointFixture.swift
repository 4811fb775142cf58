import Clocks
import Diagnostics
import Foundation
import JSON
import StationEndpoint
import StationSnapshot
import WebAPI
import ClocksTestSupport

/// The test snapshot file (also what `breeze-station serve` and the bench serve).
enum Fixture {
    static var snapshotPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/snapshot.json").path
    }

    static func file() throws -> SnapshotFile {
        try SnapshotFile(try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: snapshotPath)))))
    }

    /// An endpoint on a free loopback port, started, with the fixture's history.
    static func endpoint(
        history: (any HistoryProvider)? = nil, publish: Bool = true, logSink: InMemoryLogSink = InMemoryLogSink()
    ) throws -> (StationEndpoint, UInt16, SnapshotFile) {
        let file = try file()
        var configuration = HTTPConfiguration.standard
        configuration.listen = ListenAddress(host: .ipv4([127, 0, 0, 1]), port: 0)
        let endpoint = try StationEndpoint(
            configuration: configuration, history: history ?? file.history,
            clock: ManualClock(start: file.snapshot.time), logger: Logger(label: "http", sink: logSink))
        if publish { endpoint.publish(file.snapshot) }
        try endpoint.start()
        return (endpoint, endpoint.port ?? 0, file)
    }
}

/// A history store that fails, as a locked or corrupt database would.
struct FailingHistory: HistoryProvider {
    struct Broken: Error, CustomStringConvertible { var description: String { "database is locked" } }
    func history(_ query: HistoryQuery) throws -> [HistoryPoint] { throw Broken() }
}
