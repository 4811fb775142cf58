import JSON
import Synchronization

/// A climate cache kept in one JSON file, e.g. `/var/lib/breeze-station/climate-cache.json`:
/// `{"52.52,13.41,2000-06-15": 21.3, ...}`.
///
/// The file is read once, at the first lookup; each new value rewrites it atomically. A missing or
/// unreadable file is an empty cache (the values are fetched again); a failed write is reported to
/// `onError` and the value stays cached in memory.
public final class FileClimateCache: ClimateCache {
    /// The file.
    public let path: String
    private let onError: @Sendable (String) -> Void
    private let values = Mutex<[String: Double]?>(nil)

    /// A cache in `path`; `onError` hears about unreadable files and failed writes (for the log).
    public init(path: String, onError: @escaping @Sendable (String) -> Void = { _ in }) {
        self.path = path
        self.onError = onError
    }

    public func temperatureMax(for key: ClimateCacheKey) -> Double? {
        values.withLock { values in
            loadIfNeeded(&values)
            return values?[key.text]
        }
    }

    /// Merges `entries` and rewrites the file (under the lock, so concurrent stores cannot write an older
    /// snapshot over a newer one; the file is a few kilobytes).
    public func store(_ entries: [ClimateCacheKey: Double]) {
        guard !entries.isEmpty else { return }
        values.withLock { values in
            loadIfNeeded(&values)
            for (key, value) in entries { values?[key.text] = value }
            let sorted = (values ?? [:]).sorted { $0.key < $1.key }
            do {
                try JSONFile.write(.object(sorted.map { (key: $0.key, value: .number($0.value)) }), to: path)
            } catch {
                onError("cannot save the climate cache: \(error)")
            }
        }
    }

    private func loadIfNeeded(_ values: inout [String: Double]?) {
        guard values == nil else { return }
        var loaded: [String: Double] = [:]
        do {
            if case .object(let pairs)? = try JSONFile.read(path) {
                for pair in pairs { if case .number(let value) = pair.value { loaded[pair.key] = value } }
            }
        } catch {
            onError("ignoring the climate cache: \(error)")
        }
        values = loaded
    }
}
