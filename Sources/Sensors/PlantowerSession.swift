import Clocks
import Diagnostics
import FoundationEssentials

/// The Plantower UART conversation: passive mode and "read" commands by default, or the active stream;
/// sleep and wake by command (not on the PMS3003, which takes no commands).
final class PlantowerSession: SelfPacedSession {
    private let model: SensorModel
    private let conversation: UARTConversation<PlantowerCodec>
    private let mode: DriverSettings.ReportingMode
    private let logger: Logger

    init(model: SensorModel, port: any ByteStream, settings: DriverSettings, clock: any StationClock, logger: Logger) {
        self.model = model
        let variant = model.plantowerVariant ?? .standard
        conversation = UARTConversation(
            port: port, codec: PlantowerCodec(variant: variant), clock: clock, timeout: settings.responseTimeout)
        mode = model.acceptsCommands ? settings.mode : .active
        self.logger = logger
    }

    var decoderStatistics: DecoderStatistics { conversation.decoder.statistics }
    var canSleepByCommand: Bool { model.acceptsCommands }

    func setUp() async throws(SessionFailure) {
        guard model.acceptsCommands else { return }
        let command = PlantowerCommand.setMode(mode == .passive ? .passive : .active)
        try await conversation.send(command.bytes)
        let acknowledged = try await conversation.await { message -> Bool? in
            if case .acknowledgement(let ack) = message, ack.command == command.code { return true }
            return nil
        }
        if acknowledged == nil {
            // Acknowledgements are not in the datasheet and some firmware sends none: the next read decides.
            logger.debug("no acknowledgement of \(command.name)")
        }
        if mode == .passive { try await conversation.drain() }
    }

    func fetch(from start: Date?) async throws(SessionFailure) -> FetchOutcome {
        let command = mode == .passive ? PlantowerCommand.readPassive.bytes : []
        let frame = try await conversation.fresh(after: command, notBefore: start) { message -> PlantowerFrame? in
            if case .data(let frame) = message { return frame }
            return nil
        }
        guard let frame else { return .nothing(conversation.silenceReason("data frame")) }
        return .reading(frame.measurement, frame.plausibility)
    }

    func sleep() async throws(SessionFailure) {
        try await conversation.send(PlantowerCommand.sleep.bytes)
        _ = try await conversation.await { message -> Bool? in
            if case .acknowledgement(let ack) = message, ack.command == 0xE4 { return true }
            return nil
        }
    }

    func wake() async throws(SessionFailure) {
        try await conversation.send(PlantowerCommand.wake.bytes)
        // Reports differ on the mode after wake-up; robust hosts set it again.
        try await setUp()
    }

    func resync() async throws(SessionFailure) {
        try await conversation.resync()
    }
}
