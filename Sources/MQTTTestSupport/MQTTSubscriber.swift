import Foundation
import Synchronization

/// `mosquitto_sub` as a child process, recording every message it receives with its arrival time: the
/// real, independent client the MQTT tests check the publisher against.
///
/// Messages are read as `-F '%r %t %x'` lines (retain flag, topic, payload in hex), so payload bytes arrive
/// exactly (the µ sign's C2 B5 included) whatever they contain.
public final class MQTTSubscriber: Sendable {
    /// One received message.
    public struct Message: Sendable, CustomStringConvertible {
        public let topic: String
        public let payload: [UInt8]
        public let retained: Bool
        public let arrival: ContinuousClock.Instant

        /// The payload as UTF-8 text.
        public var text: String { String(decoding: payload, as: UTF8.self) }

        /// The payload parsed as a JSON object.
        public func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any] else {
                throw MosquittoBroker.Failure("\(topic): payload is not a JSON object: \(text)")
            }
            return object
        }

        public var description: String { "\(retained ? "retained " : "")\(topic): \(text)" }
    }

    private let process: ChildProcess
    private let output = Pipe()
    private final class Inbox: Sendable {
        let state = Mutex<(buffer: [UInt8], messages: [Message])>(([], []))
    }

    private let inbox = Inbox()
    /// The port subscribed on.
    public let port: Int

    /// Subscribes to `topics` (default everything) on 127.0.0.1:`port` and waits until the subscription is
    /// live (a probe message published after starting has come back).
    public init(
        port: Int, topics: [String] = ["#"], username: String? = nil, password: String? = nil,
        timeout: Duration = .seconds(15)
    ) async throws {
        self.port = port
        guard let path = MosquittoClients.executable("mosquitto_sub") else {
            throw MosquittoBroker.Failure("mosquitto_sub is not installed (Debian: mosquitto-clients)")
        }
        let probe = "breeze-test/probe/\(UUID().uuidString)"
        let login = (username.map { ["-u", $0] } ?? []) + (password.map { ["-P", $0] } ?? [])
        let arguments =
            ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-F", "%r %t %x"] + login
            + (topics + [probe]).flatMap { ["-t", $0] }
        // Neither end may leak into other children spawned meanwhile; dup2 clears the flag on the child's stdout.
        for handle in [output.fileHandleForReading, output.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        output.fileHandleForReading.readabilityHandler = { [inbox] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            let now = ContinuousClock.now
            inbox.state.withLock { state in
                state.buffer += data
                while let newline = state.buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: state.buffer[..<newline], as: UTF8.self)
                    state.buffer.removeSubrange(...newline)
                    if let message = Self.parse(line, arrival: now) { state.messages.append(message) }
                }
            }
        }
        process = try ChildProcess(
            executable: path, arguments: arguments, standardOutput: output.fileHandleForWriting.fileDescriptor)
        try? output.fileHandleForWriting.close()
        // Probe until one comes back: the subscription is then in place.
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            try? await MosquittoClients.publish(
                port: port, topic: probe, message: "probe", qos: 0, username: username, password: password)
            if (try? await next(timeout: .milliseconds(300), where: { $0.topic == probe })) != nil { return }
            guard process.isRunning else { break }
        }
        stop()
        throw MosquittoBroker.Failure("mosquitto_sub did not subscribe on port \(port) within \(timeout)")
    }

    deinit { stop() }

    /// Stops the subscriber (SIGKILL: it has nothing to flush).
    public func stop() {
        process.kill()
        output.fileHandleForReading.readabilityHandler = nil
    }

    /// Every message so far (probes excluded), oldest first.
    public var messages: [Message] {
        inbox.state.withLock { $0.messages }.filter { !$0.topic.hasPrefix("breeze-test/probe/") }
    }

    /// Messages on `topic`.
    public func messages(on topic: String) -> [Message] { messages.filter { $0.topic == topic } }

    /// Waits for the first message (already received or arriving within `timeout`) that matches.
    public func next(
        after start: ContinuousClock.Instant? = nil, timeout: Duration, where matches: (Message) -> Bool
    ) async throws -> Message {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = inbox.state.withLock { state in
                state.messages.first { message in (start.map { message.arrival >= $0 } ?? true) && matches(message) }
            }
            if let found { return found }
            if ContinuousClock.now >= deadline {
                throw MosquittoBroker.Failure("no matching message within \(timeout); received: \(messages.suffix(20))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until `count` messages match (within `timeout`) and returns them.
    public func collect(
        _ count: Int, after start: ContinuousClock.Instant? = nil, timeout: Duration, where matches: (Message) -> Bool
    ) async throws -> [Message] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = messages.filter { message in (start.map { message.arrival >= $0 } ?? true) && matches(message) }
            if found.count >= count { return found }
            if ContinuousClock.now >= deadline {
                throw MosquittoBroker.Failure(
                    "\(found.count) of \(count) matching messages within \(timeout); received: \(messages.suffix(30))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func parse(_ line: String, arrival: ContinuousClock.Instant) -> Message? {
        guard let firstSpace = line.firstIndex(of: " ") else { return nil }
        let flag = line[..<firstSpace]
        let rest = line[line.index(after: firstSpace)...]
        guard let lastSpace = rest.lastIndex(of: " ") else { return nil }
        let topic = String(rest[..<lastSpace])
        let hex = Array(rest[rest.index(after: lastSpace)...].utf8)
        var payload: [UInt8] = []
        payload.reserveCapacity(hex.count / 2)
        var index = 0
        while index + 1 < hex.count {
            guard let high = nibble(hex[index]), let low = nibble(hex[index + 1]) else { return nil }
            payload.append(high << 4 | low)
            index += 2
        }
        return Message(topic: topic, payload: payload, retained: flag == "1", arrival: arrival)
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
