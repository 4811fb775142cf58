public import AirQuality
import CheckedConversions
import Diagnostics
public import FoundationEssentials
import Lifecycle
import LinuxIO
import Storage
import Synchronization

/// Channel B's minutes (`sensor_b`) in the history database's `minute_b` and `hour_b` tables: queued apart
/// from channel A's, written after them by the same worker thread, kept in memory (bounded like A's) while
/// the database cannot be written, and read back at start so the A/B comparison survives a restart.
extension StoreService {
    /// Queues channel B's minutes for the next write. Never blocks.
    public func enqueueB(_ minutes: [MinuteAggregate]) {
        guard !minutes.isEmpty else { return }
        state.withLock { state in
            state.pendingB += minutes
            let excess = state.pendingB.count - Self.maximumPending
            if excess > 0 {
                state.pendingB.removeFirst(excess)
                state.status.droppedMinutes += excess
            }
        }
        wake.signal()
    }

    /// Writes channel B's queued minutes in one transaction; on failure they stay queued (channel A's write
    /// reports the database's state, B's is retried with the next one).
    func writePendingB() async {
        let batch: (HistoryStore, [MinuteAggregate])? = state.withLock { state in
            if let floor = state.newestAtStart { state.pendingB.removeAll { $0.minute <= floor } }
            guard let store = state.store, !state.pendingB.isEmpty else { return nil }
            return (store, state.pendingB)
        }
        guard let (store, minutes) = batch else { return }
        let result = await worker.run { () -> Result<Void, SQLiteError> in
            Result { () throws(SQLiteError) in try store.append(minutes, channel: .b) }
        }
        switch result {
        case .success:
            state.withLock { state in
                let written = Set(minutes.map(\.minute))
                state.pendingB.removeAll { written.contains($0.minute) }
            }
        case .failure(let error):
            logger.log(
                .error, every: .seconds(60), key: "store-failure-b",
                "cannot write \(minutes.count) minutes of sensor_b to \(path): \(error); keeping them in memory")
        }
    }

    /// Channel B's stored minutes of the last two hours and hours of the last day at `now` (after
    /// ``open(now:)``); nothing when the database is not open.
    public func restoredChannelB(now: Date) async -> (minutes: [MinuteAggregate], hours: [HourlyAggregate]) {
        guard let store = database else { return ([], []) }
        let minute = MinuteAggregate.minute(containing: now.timeIntervalSince1970)
        let hour = Int64(flooringTime: now.timeIntervalSince1970 / 3600)
        return await worker.run {
            let minutes = (try? store.minutes(
                from: minute - AirQualityWindows.minuteHorizon, to: minute + 1, channel: .b)) ?? []
            let hours = (try? store.hours(from: hour - AirQualityWindows.hourHorizon, to: hour + 1, channel: .b)) ?? []
            return (minutes, hours)
        }
    }
}

/// Storage's names for files that also import `StationSnapshot` (which has a `HistoryPoint` of its own).
typealias StoredHistoryPoint = HistoryPoint
/// Storage's channel, for the same files.
typealias StoredChannel = HistoryChannel
