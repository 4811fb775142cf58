/// How a driver runs a sensor: cadence, warm-up, duty cycling, timeouts and the pace of recovery.
/// Every duration is injectable so tests run the whole lifecycle in seconds.
public struct DriverSettings: Sendable, Hashable {
    /// When the sensor sleeps between samples.
    public enum DutyCycle: String, Sendable, CaseIterable {
        /// Sleep when the interval is at least the warm-up plus 30 s and the sensor can sleep (by command or
        /// SET pin), as ESPHome does: shorter sleeps wear the fan more than they save the laser.
        case auto
        /// Always sleep between samples when the sensor can.
        case on
        /// Never sleep.
        case off
    }

    /// How readings are obtained.
    public enum ReportingMode: String, Sendable, CaseIterable {
        /// Ask for each reading (Plantower passive mode, SDS011 query mode, HPMA115 read command): the default.
        case passive
        /// Let the sensor stream and take the next frame at each interval (the only mode of a PMS3003).
        case active
    }

    /// Time between samples.
    public var interval: Duration
    /// Readings are discarded for this long after power-up, wake or reset.
    public var warmUp: Duration
    /// Sleep between samples.
    public var dutyCycle: DutyCycle
    /// Passive (polled) or active (streaming).
    public var mode: ReportingMode
    /// How long to wait for one reading or reply.
    public var responseTimeout: Duration
    /// Health turns `stale` when no good sample arrived for this long.
    public var staleAfter: Duration
    /// First wait before reopening a device that is missing or went away; doubles up to ``reopenBackoffLimit``.
    public var reopenBackoff: Duration
    /// Longest wait between attempts to reopen.
    public var reopenBackoffLimit: Duration
    /// After `fault`, how long before the driver walks the recovery ladder again. The line is read meanwhile:
    /// ``readingsToLeaveFault`` good readings in a row end the fault before that.
    public var faultRetryInterval: Duration
    /// Good readings in a row that end a fault at once (the line is healthy again); 3 by default.
    public var readingsToLeaveFault: Int = 3
    /// How long RESET is held asserted.
    public var resetPulse: Duration
    /// How long the sensor needs after a reset before it answers.
    public var resetRecovery: Duration
    /// Attempts of an I²C transfer before a NACK or CRC error is reported.
    public var i2cAttempts: Int

    /// Settings for `model` sampling every `interval`: the model's warm-up, passive mode, a 3 s response
    /// timeout (6 s for the SDS011, whose replies take about a second and interleave with data; 30 s for the
    /// PM1006, which is only listened to), stale after
    /// three intervals (at least 30 s), reopen backoff 0.25 s doubling to 2 s, fault retry every 60 s,
    /// RESET held 100 ms and 1 s to recover (Adafruit waits 1 s), 3 I²C attempts.
    public init(model: SensorModel, interval: Duration = .seconds(10)) {
        self.interval = interval
        warmUp = model.defaultWarmUp
        dutyCycle = .auto
        mode = .passive
        // A PM1006 is only listened to and its frames come when the Vindriktning's controller asks (ESPHome:
        // "there is no update interval"): wait generously for the next one.
        responseTimeout = model == .sds011 ? .seconds(6) : model == .pm1006 ? .seconds(30) : .seconds(3)
        staleAfter = max(interval * 3, .seconds(30))
        reopenBackoff = .milliseconds(250)
        reopenBackoffLimit = .seconds(2)
        faultRetryInterval = .seconds(60)
        resetPulse = .milliseconds(100)
        resetRecovery = .seconds(1)
        i2cAttempts = 3
    }

    /// Whether the driver sleeps the sensor between samples, given whether it can.
    public func sleepsBetweenSamples(canSleep: Bool) -> Bool {
        guard canSleep else { return false }
        switch dutyCycle {
        case .on: return true
        case .off: return false
        case .auto: return interval >= warmUp + .seconds(30)
        }
    }
}
