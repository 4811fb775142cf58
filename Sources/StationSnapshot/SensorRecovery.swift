/// What the sensor driver did to keep the sensor answering, as counts since the station started: each step of
/// the recovery ladder taken, and each I²C transfer repeated after a NACK or a bad CRC. `/api/v1/current`
/// shows it as `sensor.recovery`, `/metrics` as `breeze_sensor_recovery_steps_total{step}` and
/// `breeze_sensor_i2c_retries_total{kind}`.
public struct SensorRecovery: Sendable, Hashable {
    /// The ladder's steps in order, by their API names (`resync`, `resend_mode`, `reopen`, `reset_pulse`,
    /// `fault`).
    public static let stepNames = ["resync", "resend_mode", "reopen", "reset_pulse", "fault"]
    /// The kinds of I²C retry: `nack` (the sensor did not acknowledge), `crc` (a reply failed its CRC or
    /// checksum).
    public static let retryKinds = ["nack", "crc"]

    /// Times each step was taken, by step name; missing names are 0.
    public var steps: [String: UInt64]
    /// I²C transfers repeated, by kind; missing kinds are 0.
    public var i2cRetries: [String: UInt64]

    /// Counts; the default is all zero.
    public init(steps: [String: UInt64] = [:], i2cRetries: [String: UInt64] = [:]) {
        self.steps = steps
        self.i2cRetries = i2cRetries
    }

    /// Times `step` was taken.
    public func count(step: String) -> UInt64 { steps[step] ?? 0 }

    /// I²C retries of `kind`.
    public func count(retry kind: String) -> UInt64 { i2cRetries[kind] ?? 0 }

    /// The API keys in order: every step, then `i2c_nack_retries` and `i2c_crc_retries`.
    public var fields: [(key: String, value: UInt64)] {
        Self.stepNames.map { (key: $0, value: count(step: $0)) }
            + Self.retryKinds.map { (key: "i2c_\($0)_retries", value: count(retry: $0)) }
    }
}
