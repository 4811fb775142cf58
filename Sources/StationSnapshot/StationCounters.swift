/// Counters the `/metrics` contract always carries (as `_total` counters, zero until an area counts).
/// Each is monotonic over the process's life.
public struct StationCounters: Sendable, Hashable {
    /// Sensor frames decoded.
    public var sensorFrames: UInt64
    /// Frames dropped for a bad checksum.
    public var checksumErrors: UInt64
    /// Times the decoder lost and re-found frame sync.
    public var resyncs: UInt64
    /// Open-Meteo fetches attempted.
    public var referenceFetches: UInt64
    /// Open-Meteo fetches that failed.
    public var referenceFailures: UInt64

    /// Counters; zero by default.
    public init(
        sensorFrames: UInt64 = 0, checksumErrors: UInt64 = 0, resyncs: UInt64 = 0, referenceFetches: UInt64 = 0,
        referenceFailures: UInt64 = 0
    ) {
        self.sensorFrames = sensorFrames
        self.checksumErrors = checksumErrors
        self.resyncs = resyncs
        self.referenceFetches = referenceFetches
        self.referenceFailures = referenceFailures
    }
}
