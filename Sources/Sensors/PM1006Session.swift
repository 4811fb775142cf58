import Clocks
import FoundationEssentials

/// The PM1006 conversation: none. The station listens on the line from the sensor to the Vindriktning's
/// controller, which asks for the readings; sending anything there would collide with the controller's
/// requests, so the session never writes. Each fetch takes the next valid frame. It cannot sleep the sensor
/// (no command, no SET pin) nor reset it.
final class PM1006Session: SelfPacedSession {
    private let conversation: UARTConversation<PM1006Codec>

    init(port: any ByteStream, settings: DriverSettings, clock: any StationClock) {
        conversation = UARTConversation(
            port: port, codec: PM1006Codec(), clock: clock, timeout: settings.responseTimeout)
    }

    var decoderStatistics: DecoderStatistics { conversation.decoder.statistics }
    var canSleepByCommand: Bool { false }

    func setUp() async throws(SessionFailure) {}

    func fetch(from start: Date?) async throws(SessionFailure) -> FetchOutcome {
        // Frames queued since the last sample are old: take the next one.
        guard let reading = try await conversation.fresh(after: [], notBefore: start, { $0 }) else {
            return .nothing(conversation.silenceReason("PM1006 frame"))
        }
        return .reading(reading.measurement, reading.plausibility)
    }

    func sleep() async throws(SessionFailure) {}
    func wake() async throws(SessionFailure) {}

    func resync() async throws(SessionFailure) {
        try await conversation.resync()
    }
}
