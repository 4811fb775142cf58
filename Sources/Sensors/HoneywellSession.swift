import Clocks
import Diagnostics
import FoundationEssentials

/// The Honeywell HPMA115 conversation: auto-send off and measurement on at setup, then "read" per reading
/// (or auto-send on and the stream, in active mode); stop and start measurement to sleep and wake.
final class HoneywellSession: SelfPacedSession {
    private let conversation: UARTConversation<HoneywellCodec>
    private let mode: DriverSettings.ReportingMode

    init(model: SensorModel, port: any ByteStream, settings: DriverSettings, clock: any StationClock) {
        let variant = model.honeywellVariant ?? .s0
        conversation = UARTConversation(
            port: port, codec: HoneywellCodec(variant: variant), clock: clock, timeout: settings.responseTimeout)
        mode = settings.mode
    }

    var decoderStatistics: DecoderStatistics { conversation.decoder.statistics }
    var canSleepByCommand: Bool { true }

    /// Sends an acknowledged command and waits for `A5 A5` (auto-send frames may come in between); tries twice,
    /// since an acknowledgement can be lost to line noise and repeating these commands is harmless.
    private func command(_ command: HoneywellCommand) async throws(SessionFailure) {
        var refused = false
        for _ in 0..<2 {
            try await conversation.send(command.bytes)
            let accepted = try await conversation.await { message -> Bool? in
                switch message {
                case .acknowledgement: true
                case .negativeAcknowledgement: false
                default: nil
                }
            }
            if accepted == true { return }
            refused = accepted == false
        }
        if refused { throw .refused("the sensor refused '\(command.name)' (NACK)") }
        throw .noResponse(conversation.silenceReason("acknowledgement of '\(command.name)'"))
    }

    func setUp() async throws(SessionFailure) {
        try await command(mode == .passive ? .disableAutoSend : .enableAutoSend)
        try await command(.startMeasurement)
    }

    func fetch(from start: Date?) async throws(SessionFailure) -> FetchOutcome {
        let wanted: HoneywellReading.Source = mode == .passive ? .readReply : .autoSend
        let command = mode == .passive ? HoneywellCommand.readMeasurement.bytes : []
        let reading = try await conversation.fresh(after: command, notBefore: start) { message -> HoneywellReading? in
            if case .reading(let reading) = message, reading.source == wanted { return reading }
            return nil
        }
        guard let reading else { return .nothing(conversation.silenceReason("reading")) }
        return .reading(reading.measurement, reading.plausibility)
    }

    func sleep() async throws(SessionFailure) {
        try await command(.stopMeasurement)
    }

    func wake() async throws(SessionFailure) {
        try await command(.startMeasurement)
    }

    func resync() async throws(SessionFailure) {
        try await conversation.resync()
    }
}
