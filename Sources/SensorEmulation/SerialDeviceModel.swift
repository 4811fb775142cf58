public import FoundationEssentials
public import Sensors

/// An emulated UART sensor as a pure state machine: bytes from the host in, bytes to the host out, each at its
/// time. A runner (a pseudo-terminal in ``SensorRuntime``, or ``EmulatedByteStream`` in-process) calls
/// ``output(at:)`` at ``nextDeadline(after:)`` and whenever host bytes arrive.
public protocol SerialDeviceModel: Sendable {
    /// The sensor emulated.
    var model: SensorModel { get }
    /// The faults injected; tests change them while the device runs.
    var faults: EmulatorFaults { get set }
    /// Power-up (also after an unplug): factory or persisted settings, warm-up, a hang cleared.
    mutating func powerOn(at now: Date)
    /// Bytes the host sent.
    mutating func receive(_ bytes: [UInt8], at now: Date)
    /// The bytes due by `now` (frames of the active stream, delayed replies).
    mutating func output(at now: Date) -> [UInt8]
    /// When ``output(at:)`` has something next; nil when only host bytes can make it send.
    func nextDeadline(after now: Date) -> Date?
    /// A pulse on RESET: restarts the sensor (and clears a hang).
    mutating func reset(at now: Date)
    /// The SET pin: `true` puts the sensor to sleep, `false` wakes it.
    mutating func setSleepPin(_ asleep: Bool, at now: Date)
}

/// How fast an emulated sensor talks. The defaults are the real sensors' timing; tests shorten them.
public struct EmulatorTiming: Sendable, Hashable {
    /// Interval of the active stream in steady air (Plantower "stable" 2.3 s; SDS011 and HPMA115 1 s). Plantower
    /// sensors switch to 0.35 × this ("fast" mode) while the concentration changes quickly.
    public var frameInterval: Duration
    /// Delay before a reply or a requested frame.
    public var responseDelay: Duration
    /// After power-up or wake, how long a Plantower sends all-zero frames (fan spinning up).
    public var zeroFrameWindow: Duration

    /// Timing.
    public init(frameInterval: Duration, responseDelay: Duration, zeroFrameWindow: Duration = .zero) {
        self.frameInterval = frameInterval
        self.responseDelay = responseDelay
        self.zeroFrameWindow = zeroFrameWindow
    }

    /// The real timing of `model`.
    public static func real(_ model: SensorModel) -> EmulatorTiming {
        switch model.family {
        case .plantower:
            EmulatorTiming(
                frameInterval: .milliseconds(2300), responseDelay: .milliseconds(60), zeroFrameWindow: .seconds(3))
        case .novaFitness: EmulatorTiming(frameInterval: .seconds(1), responseDelay: .milliseconds(150))
        case .honeywell: EmulatorTiming(frameInterval: .seconds(1), responseDelay: .milliseconds(40))
        case .sensirion: EmulatorTiming(frameInterval: .seconds(1), responseDelay: .milliseconds(5))
        // The Vindriktning controller's request cadence is not documented; a frame every 2 s gives the station a
        // steady stream to listen to (the driver waits up to 30 s for one).
        case .cubic: EmulatorTiming(frameInterval: .seconds(2), responseDelay: .zero)
        }
    }
}
