/// The averaging of the station's own data an index value was computed from. Raw values are the API's,
/// the MQTT payload's and the CLI's `averaging` strings.
public enum LocalAveraging: String, Sendable, Hashable, CaseIterable, Codable {
    /// The EPA NowCast over the 12 most recent complete hours.
    case nowCast = "nowcast"
    /// The mean of the valid hours among the last 24 complete hours (at least 18), updated every hour.
    case twentyFourHourRunning = "24h-running"
    /// The mean of the most recent complete clock hour.
    case oneHour = "1h"
    /// The mean of the last few minutes, read on the index's table as a stand-in until the index's own
    /// averaging has enough hours. No index defines it; it is labelled so nobody mistakes it.
    case instant
    /// A concentration given as is (the `aqi` command).
    case given
}
