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
        let deadline = clock.now.adding(within ?? timeout)
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
