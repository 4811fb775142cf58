import Clocks
import Diagnostics
import FoundationEssentials
import Synchronization

/// The life of one open device: setup, warm-up, sampling, duty cycling and the recovery ladder.
extension SensorDriver {
    func runSession(_ session: any SensorSession, ladder: inout RecoveryLadder, poweredUp: Bool) async -> SessionEnd {
        do {
            return try await sessionLoop(session, ladder: &ladder, poweredUp: poweredUp)
        } catch let failure as SessionFailure {
            if case .transport(let error) = failure { return .lost(error) }
            return .reopen
        } catch {
            return .cancelled
        }
    }

    /// Runs `body`; a transport error meaning the device is gone is thrown (ending the session), any other
    /// failure is returned for the ladder.
    private func attempt<T>(
        _ session: any SensorSession, _ body: () async throws(SessionFailure) -> T
    ) async throws(SessionFailure) -> Result<T, SessionFailure> {
        do {
            let value = try await body()
            update { $0.openDecoder = session.decoderStatistics }
            return .success(value)
        } catch {
            update { state in
                state.openDecoder = session.decoderStatistics
                if case .transport = error { state.statistics.transportErrors += 1 }
            }
            if case .transport(let transportError) = error, transportError.meansAbsent { throw error }
            return .failure(error)
        }
    }

    /// Waits until `start`, then fetches a reading. A session that paces itself waits in its port's own wait
    /// (one hand-off to the port's thread for the pause and the turn, not a task's sleep and then the turn:
    /// three thread wake-ups fewer a sample), when the clock is real time and the wait short (longer ones are
    /// the pause's, which reports progress in slices).
    private func fetch(_ session: any SensorSession, at start: Date) async throws -> Result<FetchOutcome, SessionFailure> {
        guard session.pacesFetch, clock.isRealTime, start.timeIntervalSince(clock.now) <= Self.progressSlice.timeInterval
        else {
            try await pause(until: start)
            return try await attempt(session, { () async throws(SessionFailure) in try await session.fetch() })
        }
        let result = try await attempt(
            session, { () async throws(SessionFailure) in try await session.fetch(notBefore: start) })
        // Cancelled in the port's pause: nothing was asked of the sensor, nothing is to be recovered.
        try Task.checkCancellation()
        return result
    }

    private func startWarmUp(_ reason: String?) {
        let until = clock.now.adding(settings.warmUp)
        update { $0.warmUntil = until }
        if let reason { setHealth(.warmingUp, reason) }
    }

    private var warmUpText: String {
        "readings discarded for \(PlausibilityRules.format(settings.warmUp.timeInterval)) s"
    }

    private func sessionLoop(
        _ session: any SensorSession, ladder: inout RecoveryLadder, poweredUp: Bool
    ) async throws -> SessionEnd {
        let canSleep = session.canSleepByCommand || pins.set != nil
        let dutyCycling = settings.sleepsBetweenSamples(canSleep: canSleep)
        var pendingFailure: String?
        if case .failure(let failure) = try await attempt(
            session, { () async throws(SessionFailure) in try await session.setUp() })
        {
            pendingFailure = "setup failed: \(failure.reason)"
        }
        if poweredUp {
            let inFault = state.withLock { $0.base.state == .fault }
            startWarmUp(inFault ? nil : "warming up after power-up: \(warmUpText)")
        }
        var nextFetch = clock.now
        var grid: Date?
        // In fault: the ladder waits `fault_retry_s` before another walk, but the line is still read, and this
        // many good readings in a row end the fault at once (the sensor came back by itself).
        var faultWatch: (retryAt: Date, goodReadings: Int)?

        while true {
            await progress()
            try Task.checkCancellation()
            var failureReason = pendingFailure
            pendingFailure = nil
            if failureReason == nil {
                switch try await fetch(session, at: nextFetch) {
                case .failure(let failure):
                    failureReason = failure.reason
                case .success(.nothing(let reason)):
                    update { $0.statistics.timeouts += 1 }
                    failureReason = reason
                case .success(.reading(let measurement, let verdict)):
                    let now = clock.now
                    let sample = SensorSample(time: now, model: model, measurement: measurement)
                    let warm = state.withLock { $0.warmUntil } ?? now
                    if now < warm {
                        update { $0.statistics.discardedWarmingUp += 1 }
                        emit(.discarded(sample, .warmingUp("warming up: \(warmUpText)")))
                        ladder.reset()
                        nextFetch = min(now.adding(settings.interval), warm)
                        continue
                    }
                    switch verdict {
                    case .plausible:
                        if let watch = faultWatch {
                            let good = watch.goodReadings + 1
                            guard good >= settings.readingsToLeaveFault else {
                                faultWatch = (watch.retryAt, good)
                                nextFetch = clock.now
                                continue
                            }
                            faultWatch = nil
                            logger.notice(
                                "\(model.rawValue) on \(link.transport.name): \(good) good readings in a row, the fault is over")
                        }
                        if !ladder.isAtBottom {
                            let steps = ladder.stepsTaken.map(\.rawValue).joined(separator: ", ")
                            logger.notice("\(model.rawValue) recovered after: \(steps)")
                        }
                        ladder.reset()
                        publish(sample)
                        var next = (grid ?? now).adding(settings.interval)
                        while next <= now { next = next.adding(settings.interval) }
                        grid = next
                        nextFetch = next
                        if dutyCycling, let failure = try await sleepUntilWarm(session, sampleAt: next) {
                            pendingFailure = failure
                        } else if dutyCycling, state.withLock({ $0.warmUntil }).map({ $0 > clock.now }) == true {
                            // Just woken: a read now shows the sensor answers (discarded); the real one follows
                            // the warm-up.
                            nextFetch = clock.now
                        }
                        continue
                    case .warmingUp(let reason):
                        update { $0.statistics.discardedWarmingUp += 1 }
                        emit(.discarded(sample, verdict))
                        // A sensor may take a little longer than its datasheet: one more warm-up of grace.
                        if now < warm.adding(settings.warmUp) {
                            nextFetch = min(now.adding(settings.interval), warm.adding(settings.warmUp))
                            continue
                        }
                        let waited = PlausibilityRules.format(settings.warmUp.timeInterval * 2)
                        failureReason = "still warming up after \(waited) s: \(reason)"
                    case .implausible(let reason):
                        update { $0.statistics.discardedImplausible += 1 }
                        emit(.discarded(sample, verdict))
                        failureReason = "implausible reading: \(reason)"
                    }
                }
            }
            guard let reason = failureReason else { continue }
            if let watch = faultWatch {
                let now = clock.now
                if now < watch.retryAt {
                    faultWatch = (watch.retryAt, 0)
                    nextFetch = min(watch.retryAt, now.adding(settings.interval))
                    continue
                }
                faultWatch = nil
            }
            let outcome = try await recover(session, ladder: &ladder, reason: reason)
            switch outcome {
            case .retryNow:
                nextFetch = clock.now
            case .retryAt(let date):
                faultWatch = (date, 0)
                nextFetch = clock.now
            case .failed(let failure):
                pendingFailure = failure
            case .reopen:
                return .reopen
            }
        }
    }

    /// Sleeps the sensor, waits until it must wake for the sample at `sampleAt`, wakes it and starts the warm-up.
    /// Returns a failure reason, or nil.
    private func sleepUntilWarm(_ session: any SensorSession, sampleAt: Date) async throws -> String? {
        let wakeAt = sampleAt.adding(.zero - settings.warmUp)
        guard wakeAt > clock.now else { return nil }
        if session.canSleepByCommand {
            if case .failure(let failure) = try await attempt(
                session, { () async throws(SessionFailure) in try await session.sleep() })
            {
                return "sleep failed: \(failure.reason)"
            }
        } else {
            do { try pins.set?.setActive(true) } catch { logger.error("SET pin: \(error)") }
        }
        update { $0.statistics.sleeps += 1 }
        try await pause(until: wakeAt)
        if session.canSleepByCommand {
            if case .failure(let failure) = try await attempt(
                session, { () async throws(SessionFailure) in try await session.wake() })
            {
                return "wake failed: \(failure.reason)"
            }
        } else {
            do { try pins.set?.setActive(false) } catch { logger.error("SET pin: \(error)") }
        }
        update { $0.statistics.wakes += 1 }
        startWarmUp(nil)
        return nil
    }
}
