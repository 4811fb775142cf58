import Clocks
import Diagnostics
import FoundationEssentials

/// The SDS011 conversation: work state, query reporting mode and continuous working period at setup (written
/// only when different, since both persist in the sensor's flash), then "query data" per reading. Replies are
/// matched on their sub-command, because in active mode they arrive late and between data frames.
final class SDS011Session: SelfPacedSession {
    private let conversation: UARTConversation<SDS011Codec>
    private let mode: DriverSettings.ReportingMode
    private let logger: Logger

    init(port: any ByteStream, settings: DriverSettings, clock: any StationClock, logger: Logger) {
        conversation = UARTConversation(
            port: port, codec: SDS011Codec(), clock: clock, timeout: settings.responseTimeout)
        mode = settings.mode
        self.logger = logger
    }

    var decoderStatistics: DecoderStatistics { conversation.decoder.statistics }
    var canSleepByCommand: Bool { true }

    /// Sends `command` and waits for its reply, up to `attempts` times (a sleeping SDS011 ignores the first
    /// command, and a reply can be lost to line noise; repeating a query or a setting is harmless).
    private func request(_ command: SDS011Command, attempts: Int = 3) async throws(SessionFailure) -> SDS011Reply {
        for _ in 0..<max(1, attempts) {
            try await conversation.send(SDS011Request(command).bytes)
            let reply = try await conversation.await { message -> SDS011Reply? in
                if case .reply(let reply) = message, reply.answers(command) { return reply }
                return nil
            }
            if let reply { return reply }
        }
        throw .noResponse(conversation.silenceReason("reply to \(command.name)"))
    }

    func setUp() async throws(SessionFailure) {
        _ = try await request(.setWorkState(.work))
        let wanted: SDS011ReportingMode = mode == .passive ? .query : .active
        if try await request(.queryReportingMode).reportingMode != wanted {
            logger.info("setting the SDS011 to \(wanted.text) (stored in its flash)")
            _ = try await request(.setReportingMode(wanted))
        }
        // Duty cycling is the driver's job; the sensor's own working period would hide data for minutes.
        if try await request(.queryWorkingPeriod).workingPeriodMinutes != 0 {
            logger.info("setting the SDS011 working period to continuous (stored in its flash)")
            _ = try await request(.setWorkingPeriod(minutes: 0))
        }
    }

    func fetch(from start: Date?) async throws(SessionFailure) -> FetchOutcome {
        let command = mode == .passive ? SDS011Request(.queryData).bytes : []
        let reading = try await conversation.fresh(after: command, notBefore: start) { message -> SDS011Reading? in
            if case .data(let reading) = message { return reading }
            return nil
        }
        guard let reading else { return .nothing(conversation.silenceReason("data frame")) }
        return .reading(reading.measurement, reading.plausibility)
    }

    func sleep() async throws(SessionFailure) {
        _ = try await request(.setWorkState(.sleep))
    }

    func wake() async throws(SessionFailure) {
        _ = try await request(.setWorkState(.work))
    }

    func resync() async throws(SessionFailure) {
        try await conversation.resync()
    }
}
