/// The recovery ladder a driver climbs, one step per failed attempt, when data stops or is garbage.
public enum RecoveryStep: String, Sendable, Hashable, CaseIterable {
    /// Drop buffered input and restart frame synchronisation.
    case resync
    /// Send the mode and start commands again (a sensor that lost its mode, e.g. after a brown-out).
    case resendMode = "resend_mode"
    /// Close and reopen the device.
    case reopen
    /// Pulse the RESET pin (or send the sensor's reset command where it has one), then set it up again.
    case resetPulse = "reset_pulse"
    /// Give up for now: report `fault`, retry slowly.
    case fault

    /// What the step does, for the log.
    public var action: String {
        switch self {
        case .resync: "resynchronising (input discarded)"
        case .resendMode: "re-sending the mode command"
        case .reopen: "reopening the device"
        case .resetPulse: "pulsing RESET"
        case .fault: "giving up: sensor fault"
        }
    }
}

/// Where a driver is on the ladder. Steps that are not available (no RESET pin) are skipped; after `fault`
/// it stays at `fault` until ``reset()`` (a good sample).
public struct RecoveryLadder: Sendable, Hashable {
    /// Whether the reset step exists (a RESET pin, or a reset command).
    public let canReset: Bool
    /// Steps taken since the last good sample.
    public private(set) var stepsTaken: [RecoveryStep] = []

    /// A ladder at its bottom.
    public init(canReset: Bool) {
        self.canReset = canReset
    }

    /// The steps in order, without the ones not available.
    public var steps: [RecoveryStep] {
        RecoveryStep.allCases.filter { $0 != .resetPulse || canReset }
    }

    /// Whether no step has been taken since the last success.
    public var isAtBottom: Bool { stepsTaken.isEmpty }

    /// The step to take after one more failure.
    public mutating func climb() -> RecoveryStep {
        let steps = self.steps
        let step = stepsTaken.count < steps.count ? steps[stepsTaken.count] : .fault
        stepsTaken.append(step)
        return step
    }

    /// Back to the bottom (after a good sample, or to walk the ladder again from fault).
    public mutating func reset() {
        stepsTaken.removeAll()
    }
}
