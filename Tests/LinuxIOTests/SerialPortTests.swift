import Foundation
import POSIX
import Testing

@testable import LinuxIO
@testable import Sensors

/// The serial port against a real pseudo-terminal.
@Suite("Serial port over a pty")
struct SerialPortTests {
    /// Every byte value, including XON/XOFF (0x11, 0x13), CR/LF and NUL, which a cooked tty would eat or change.
    static let allBytes: [UInt8] = (0...255).map { UInt8($0) }

    static func readAll(_ port: SerialPort, count: Int) throws -> [UInt8] {
        var received: [UInt8] = []
        for _ in 0..<100 where received.count < count {
            received += try port.read(maximumCount: 4096, timeout: .milliseconds(100))
        }
        return received
    }

    static func drain(_ pty: PseudoTerminal, count: Int) -> [UInt8] {
        var received: [UInt8] = []
        for _ in 0..<100 where received.count < count {
            _ = pty.waitReadable(timeout: .milliseconds(100))
            received += pty.read()
        }
        return received
    }

    @Test func bytesPassUnchangedInBothDirections() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        #expect(pty.write(Self.allBytes) == 256)
        #expect(try Self.readAll(port, count: 256) == Self.allBytes)
        try port.write(Self.allBytes)
        #expect(Self.drain(pty, count: 256) == Self.allBytes)
    }

    @Test func aReadTimesOutEmpty() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        let started = ContinuousClock.now
        #expect(try port.read(maximumCount: 32, timeout: .milliseconds(120)).isEmpty)
        #expect(ContinuousClock.now - started >= .milliseconds(100))
        #expect(try port.read(maximumCount: 32, timeout: .zero).isEmpty)
    }

    /// Voluntary context switches of the calling thread so far (/proc/thread-self/status): each is a sleep
    /// the thread was woken from.
    static func wakeUps() -> Int {
        let status = (try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("voluntary_ctxt_switches:") {
            return Int(line.split(separator: "\t").last ?? "") ?? -1
        }
        return -1
    }

    @Test func aReadWithACancellationWakeupWaitsInOnePoll() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        let cancellation = try Wakeup()
        let before = Self.wakeUps()
        let started = ContinuousClock.now
        #expect(try port.read(maximumCount: 32, timeout: .milliseconds(500), cancellation: cancellation).isEmpty)
        let elapsed = ContinuousClock.now - started
        let wakeUps = Self.wakeUps() - before
        #expect(before >= 0)
        #expect(elapsed >= .milliseconds(490))
        // Sliced into 50 ms polls the thread would have slept and woken ten times.
        #expect(wakeUps <= 3, "\(wakeUps) wake-ups in one 500 ms read")
        withExtendedLifetime(pty) {}
    }

    @Test func aSignalWithoutCancellationDoesNotEndTheRead() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        let cancellation = try Wakeup()
        cancellation.signal()
        let started = ContinuousClock.now
        #expect(try port.read(maximumCount: 32, timeout: .milliseconds(200), cancellation: cancellation).isEmpty)
        #expect(ContinuousClock.now - started >= .milliseconds(190), "a stray signal ended the read early")
        // Signalled and cancelled: the read ends at once, well before its timeout.
        cancellation.signal()
        let cancelledStart = ContinuousClock.now
        #expect(try port.read(
            maximumCount: 32, timeout: .seconds(30), cancelled: { true }, cancellation: cancellation).isEmpty)
        #expect(ContinuousClock.now - cancelledStart < .seconds(5))
        // Bytes that arrive still end the wait.
        pty.write([0x42])
        #expect(try port.read(maximumCount: 32, timeout: .seconds(5), cancellation: cancellation) == [0x42])
    }

    @Test func aHangUpIsReportedAsDisconnected() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        pty.close()
        #expect {
            _ = try port.read(maximumCount: 32, timeout: .seconds(2))
        } throws: { error in
            guard case TransportError.disconnected = error else { return false }
            return true
        }
        #expect(throws: TransportError.self) { try port.write([1, 2, 3]) }
    }

    @Test func aSymlinkPathIsFollowed() throws {
        let pty = try PseudoTerminal()
        let link = NSTemporaryDirectory() + "breeze-serial-\(UUID().uuidString)"
        try SymbolicLink.replace(link, pointingTo: pty.devicePath)
        defer { SymbolicLink.remove(link) }
        let port = try SerialPort(path: link, baudRate: 9600)
        pty.write([0x42, 0x4D])
        #expect(try Self.readAll(port, count: 2) == [0x42, 0x4D])
    }

    @Test func aMissingDeviceIsNotFound() {
        #expect(throws: TransportError.notFound("open(/dev/ttyBREEZE-none): No such file or directory")) {
            _ = try SerialPort(path: "/dev/ttyBREEZE-none", baudRate: 9600)
        }
    }

    @Test func aFileThatIsNotATTYIsRefused() {
        #expect {
            _ = try SerialPort(path: "/dev/null", baudRate: 9600)
        } throws: { error in
            guard case TransportError.unsupported(let detail) = error else { return false }
            return detail.contains("/dev/null")
        }
    }

    @Test func anUnknownBaudRateIsRefused() throws {
        let pty = try PseudoTerminal()
        #expect(throws: TransportError.self) { _ = try SerialPort(path: pty.devicePath, baudRate: 12345) }
    }

    @Test(.enabled(if: getuid() != 0, "TIOCEXCL does not stop root"))
    func aSecondOpenIsRefusedWhileTheFirstHoldsThePort() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        #expect(throws: TransportError.self) { _ = try SerialPort(path: pty.devicePath, baudRate: 9600) }
        port.close()
    }

    @Test func discardInputDropsWhatWasReceived() throws {
        let pty = try PseudoTerminal()
        let port = try SerialPort(path: pty.devicePath, baudRate: 9600)
        pty.write([1, 2, 3])
        Thread.sleep(forTimeInterval: 0.05)
        try port.discardInput()
        #expect(try port.read(maximumCount: 32, timeout: .milliseconds(50)).isEmpty)
    }
}

@Suite("Serial byte stream")
struct SerialByteStreamTests {
    @Test func readsAndWritesAsynchronously() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        try await stream.write([0xAA, 0xB4, 0x11, 0x13])
        #expect(SerialPortTests.drain(pty, count: 4) == [0xAA, 0xB4, 0x11, 0x13])
        pty.write([0xAA, 0xC0])
        var received: [UInt8] = []
        for _ in 0..<20 where received.count < 2 {
            received += try await stream.read(maximumCount: 64, timeout: .milliseconds(100))
        }
        #expect(received == [0xAA, 0xC0])
        await stream.close()
        await #expect(throws: TransportError.self) { _ = try await stream.read(maximumCount: 1, timeout: .zero) }
    }

    @Test func anExchangeTakesTheStaleInputSendsAndWaitsForTheReply() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        pty.write([0x42, 0x4D, 0x01])  // an old frame's bytes, buffered before the command
        try await Task.sleep(for: .milliseconds(50))
        let answer = Task {
            // The command arrives at the sensor's end; the sensor answers.
            let command = SerialPortTests.drain(pty, count: 7)
            pty.write([0xAA, 0xC0])
            return command
        }
        let exchanged = try await stream.exchange(
            [0x42, 0x4D, 0xE2, 0x00, 0x00, 0x01, 0x71], after: .zero, maximumCount: 64, timeout: .seconds(10))
        #expect(exchanged.stale == [0x42, 0x4D, 0x01])
        #expect(await answer.value == [0x42, 0x4D, 0xE2, 0x00, 0x00, 0x01, 0x71])
        #expect(exchanged.reply.starts(with: [0xAA]))
        // Nothing buffered and no command: only the wait, which times out empty.
        var rest = exchanged.reply.count < 2 ? try await stream.read(maximumCount: 64, timeout: .seconds(5)) : []
        rest = exchanged.reply + rest
        #expect(rest == [0xAA, 0xC0])
        let quiet = try await stream.exchange([], after: .zero, maximumCount: 64, timeout: .milliseconds(100))
        #expect(quiet.stale.isEmpty && quiet.reply.isEmpty)
        await stream.close()
    }

    @Test func aCancelledExchangeReturnsPromptly() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        let task = Task { try await stream.exchange([0x01], after: .zero, maximumCount: 64, timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let started = ContinuousClock.now
        #expect(try await task.value.reply.isEmpty)
        #expect(ContinuousClock.now - started < .seconds(15))
        withExtendedLifetime(pty) {}
    }

    @Test func anExchangeAfterADelaySendsOnlyOnceItHasPassed() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        // A streaming sensor's byte, there before the pause: it does not end the pause, it is stale input.
        pty.write([0x42])
        try await Task.sleep(for: .milliseconds(50))
        let started = ContinuousClock.now
        let sensor = Task { () -> (command: [UInt8], at: Duration) in
            let command = SerialPortTests.drain(pty, count: 1)
            let at = ContinuousClock.now - started
            pty.write([0xAA])
            return (command, at)
        }
        let exchanged = try await stream.exchange([0x01], after: .milliseconds(400), maximumCount: 64, timeout: .seconds(10))
        let (command, at) = await sensor.value
        #expect(command == [0x01])
        #expect(at >= .milliseconds(400))
        #expect(exchanged.stale == [0x42])
        #expect(exchanged.reply == [0xAA])
        await stream.close()
    }

    @Test func anExchangeCancelledInItsPauseSendsNothing() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        let task = Task { try await stream.exchange([0x01], after: .seconds(30), maximumCount: 64, timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        let cancelled = ContinuousClock.now
        let exchanged = try await task.value
        #expect(exchanged.stale.isEmpty && exchanged.reply.isEmpty)
        #expect(ContinuousClock.now - cancelled < .seconds(15))
        #expect(!pty.waitReadable(timeout: .milliseconds(200)))
        await stream.close()
    }

    @Test func aCancelledReadReturnsPromptly() async throws {
        let pty = try PseudoTerminal()
        let stream = SerialByteStream(path: pty.devicePath, baudRate: 9600)
        try await stream.open()
        let task = Task { try await stream.read(maximumCount: 64, timeout: .seconds(30)) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let started = ContinuousClock.now
        #expect(try await task.value.isEmpty)
        // Far below the read's 30 s timeout: the cancellation signals the wakeup the worker polls; the rest is
        // two resumptions on Swift's cooperative pool, which other suites can keep busy for seconds.
        #expect(ContinuousClock.now - started < .seconds(15))
        withExtendedLifetime(pty) {}
    }

    @Test func openingAMissingPortFailsAsAbsent() async {
        let stream = SerialByteStream(path: "/dev/ttyBREEZE-none", baudRate: 9600)
        await #expect {
            try await stream.open()
        } throws: { error in
            (error as? TransportError)?.meansAbsent == true
        }
    }
}
