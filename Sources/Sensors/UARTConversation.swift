import Clocks
import FoundationEssentials

/// Request and answer over a UART: writes commands, reads and decodes until the awaited message or a timeout.
/// Messages that are not awaited (late replies, frames of the other mode) are decoded and dropped.
final class UARTConversation<Codec: FrameCodec> {
    let port: any ByteStream
    private(set) var decoder: FrameDecoder<Codec>
    private let clock: any StationClock
    /// How long ``await(within:_:)`` waits by default.
    let timeout: Duration
    /// The last decoder error seen, for the reason of a failed attempt.
    private(set) var lastProblem: String?

    init(port: any ByteStream, codec: Codec, clock: any StationClock, timeout: Duration) {
        self.port = port
        self.decoder = FrameDecoder(codec: codec)
        self.clock = clock
        self.timeout = timeout
    }

    /// Writes `bytes`.
    func send(_ bytes: [UInt8]) async throws(SessionFailure) {
        do {
            try await port.write(bytes)
        } catch {
            throw .transport(error)
        }
    }

    /// Reads and decodes whatever is buffered right now, dropping the messages (stale frames).
    func drain() async throws(SessionFailure) {
        for _ in 0..<64 {
            let bytes: [UInt8]
            do {
                bytes = try await port.read(maximumCount: 4096, timeout: .zero)
            } catch {
                throw .transport(error)
            }
            if bytes.isEmpty { break }
            decoder.append(bytes)
        }
        while let event = decoder.next() { note(event) }
    }

    /// Reads until a message `match` accepts arrives (its result), or `within` passes (nil).
    func await<T>(within: Duration? = nil, _ match: (Codec.Message) -> T?) async throws(SessionFailure) -> T? {
        lastProblem = nil
        return try await read(until: clock.now.adding(within ?? timeout), match)
    }

    /// A sample's turn in one step of the port (``ByteStream/exchange(_:after:maximumCount:timeout:)``):
    /// waits until `start` (nil: none; given only when the clock is real time, the port waits), drops the
    /// messages buffered since the last turn (stale frames), sends `command` (none when empty: a sensor that
    /// streams), and reads until a message `match` accepts arrives, or `within` passes (nil).
    func fresh<T>(
        after command: [UInt8], notBefore start: Date? = nil, within: Duration? = nil, _ match: (Codec.Message) -> T?
    ) async throws(SessionFailure) -> T? {
        let now = clock.now
        let delay = start.map { max(.zero, Duration.interval($0.timeIntervalSince(now))) } ?? .zero
        let wait = within ?? timeout
        let deadline = now.adding(delay + wait)
        let exchanged: (stale: [UInt8], reply: [UInt8])
        do {
            exchanged = try await port.exchange(command, after: delay, maximumCount: 512, timeout: wait)
        } catch {
            throw .transport(error)
        }
        decoder.append(exchanged.stale)
        while let event = decoder.next() { note(event) }
        // Problems of the stale input are not this turn's.
        lastProblem = nil
        if exchanged.reply.isEmpty { return nil }
        decoder.append(exchanged.reply)
        return try await read(until: deadline, match)
    }

    private func read<T>(until deadline: Date, _ match: (Codec.Message) -> T?) async throws(SessionFailure) -> T? {
        while true {
            while let event = decoder.next() {
                if case .message(let message) = event, let result = match(message) { return result }
                note(event)
            }
            let remaining = Duration.interval(deadline.timeIntervalSince(clock.now))
            if remaining <= .zero { return nil }
            let bytes: [UInt8]
            do {
                bytes = try await port.read(maximumCount: 512, timeout: remaining)
            } catch {
                throw .transport(error)
            }
            // Nothing within the remaining time (or the task was cancelled).
            if bytes.isEmpty { return nil }
            decoder.append(bytes)
        }
    }

    /// Drops buffered input (in the kernel and in the decoder).
    func resync() async throws(SessionFailure) {
        do {
            try await port.discardInput()
        } catch {
            throw .transport(error)
        }
        decoder.reset()
    }

    /// "no data frame within 3 s" plus the last decoder problem, if any.
    func silenceReason(_ what: String, within: Duration? = nil) -> String {
        let seconds = (within ?? timeout).timeInterval
        let base = "no \(what) within \(PlausibilityRules.format((seconds * 10).rounded() / 10)) s"
        return lastProblem.map { "\(base) (last problem: \($0))" } ?? base
    }

    private func note(_ event: DecodeEvent<Codec.Message>) {
        if case .error(let error) = event { lastProblem = error.reason }
    }
}
