import Clocks
import Diagnostics
import FoundationEssentials
import Synchronization

/// The recovery ladder: resync → re-send the mode → reopen → pulse RESET (if wired) → fault. One step per
/// failed attempt; each step is logged (once per walk; while in fault, at most every 10 minutes), counted in
/// ``SensorStatistics/recoverySteps`` and visible in the health reason.
extension SensorDriver {
    /// What the sampling loop does after a recovery step.
    enum RecoveryOutcome {
        /// Try to read again at once.
        case retryNow
        /// Try again at this time.
        case retryAt(Date)
        /// The step itself failed: take the next step without reading.
        case failed(String)
        /// Close and reopen the device.
        case reopen
    }

    func recover(_ session: any SensorSession, ladder: inout RecoveryLadder, reason: String) async throws
        -> RecoveryOutcome
    {
        let step = ladder.climb()
        let inFault = state.withLock { state -> Bool in
            state.statistics.recoverySteps[step, default: 0] += 1
            state.lastFailure = reason
            return state.base.state == .fault
        }
        let current = health
        if current.state == .stale, state.withLock({ $0.base.state }) != .stale {
            setHealth(.stale, current.reason)
        }
        let position = ladder.stepsTaken.count
        let text =
            "\(model.rawValue) on \(link.transport.name): \(reason); recovery step \(position)/\(ladder.steps.count): "
            + step.action
        if inFault {
            logger.log(.notice, every: .seconds(600), key: "recovery-\(step.rawValue)", text)
        } else {
            logger.warning(text)
        }

        switch step {
        case .resync:
            if case .failure(let failure) = try await attemptStep(
                session, { () async throws(SessionFailure) in try await session.resync() })
            {
                return .failed("resync failed: \(failure.reason)")
            }
            return .retryNow
        case .resendMode:
            if case .failure(let failure) = try await attemptStep(
                session, { () async throws(SessionFailure) in try await session.setUp() })
            {
                return .failed("setup failed again: \(failure.reason)")
            }
            return .retryNow
        case .reopen:
            return .reopen
        case .resetPulse:
            if let reset = pins.reset {
                do {
                    try reset.setActive(true)
                    try await clock.sleep(for: settings.resetPulse)
                    try reset.setActive(false)
                } catch let error as CancellationError {
                    throw error
                } catch {
                    logger.error("RESET pin: \(error)")
                }
            } else if case .failure(let failure) = try await attemptStep(
                session, { () async throws(SessionFailure) in try await session.resetByCommand() })
            {
                return .failed("reset failed: \(failure.reason)")
            }
            try await clock.sleep(for: settings.resetRecovery)
            if case .failure(let failure) = try await attemptStep(
                session, { () async throws(SessionFailure) in try await session.setUp() })
            {
                return .failed("setup after reset failed: \(failure.reason)")
            }
            let until = clock.now.adding(settings.warmUp)
            update { $0.warmUntil = until }
            return .retryNow
        case .fault:
            let steps = ladder.steps.filter { $0 != .fault }.map(\.rawValue).joined(separator: ", ")
            let retry = PlausibilityRules.format(settings.faultRetryInterval.timeInterval)
            setHealth(
                .fault,
                "\(reason); recovery failed (\(steps)); retrying every \(retry) s, or at once after "
                    + "\(settings.readingsToLeaveFault) good readings in a row")
            ladder.reset()
            return .retryAt(clock.now.adding(settings.faultRetryInterval))
        }
    }

    /// Runs a recovery action; a transport error meaning the device is gone ends the session (thrown).
    private func attemptStep(
        _ session: any SensorSession, _ body: () async throws(SessionFailure) -> Void
    ) async throws(SessionFailure) -> Result<Void, SessionFailure> {
        do {
            try await body()
            return .success(())
        } catch {
            if case .transport(let transportError) = error {
                update { $0.statistics.transportErrors += 1 }
                if transportError.meansAbsent { throw error }
            }
            return .failure(error)
        }
    }
}
