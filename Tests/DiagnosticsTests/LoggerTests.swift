import Clocks
import Testing
import ClocksTestSupport

@testable import Diagnostics

@Suite("Logger")
struct LoggerTests {
    @Test("journald lines carry the syslog priority and the label")
    func journald() {
        let sink = InMemoryLogSink()
        let logger = Logger(label: "station", minimumLevel: .debug, sink: sink, format: .journald)
        logger.error("sensor gone")
        logger.child("sensor").warning("checksum error")
        logger.debug("detail")
        #expect(sink.lines == ["<3>station: sensor gone", "<4>station.sensor: checksum error", "<7>station: detail"])
    }

    @Test("lines below the minimum level are dropped and their message is never built")
    func levels() {
        let sink = InMemoryLogSink()
        let logger = Logger(label: "x", minimumLevel: .warning, sink: sink)
        var built = false
        logger.info({ built = true; return "hidden" }())
        logger.warning("shown")
        #expect(!built)
        #expect(sink.lines == ["<4>x: shown"])
    }

    @Test("one event stays one line")
    func oneLine() {
        let sink = InMemoryLogSink()
        Logger(label: "x", sink: sink).error("first\nsecond")
        #expect(sink.lines == ["<3>x: first second"])
    }

    @Test("repeated errors are rate-limited and the next line counts what was held back")
    func rateLimit() {
        let sink = InMemoryLogSink()
        let clock = ManualClock()
        let logger = Logger(label: "store", sink: sink, clock: clock)
        for _ in 0..<5 {
            logger.log(.error, every: .seconds(60), key: "write", "disk full")
            clock.advance(by: .seconds(10))
        }
        #expect(sink.lines == ["<3>store: disk full"])
        clock.advance(by: .seconds(20))
        logger.log(.error, every: .seconds(60), key: "write", "disk full")
        logger.log(.error, every: .seconds(60), key: "other", "another error")
        #expect(sink.lines == ["<3>store: disk full", "<3>store: disk full (4 similar suppressed)", "<3>store: another error"])
    }

    @Test("terminal lines carry an ISO 8601 time and the level name")
    func terminal() {
        let sink = InMemoryLogSink()
        let clock = ManualClock()
        Logger(label: "x", sink: sink, format: .terminal, clock: clock).notice("ready")
        #expect(sink.lines == ["2026-01-01T00:00:00Z notice x: ready"])
    }

    @Test("the format follows JOURNAL_STREAM")
    func detect() {
        #expect(LogFormat.detect(environment: ["JOURNAL_STREAM": "8:123"]) == .journald)
        #expect(LogFormat.detect(environment: [:]) == .terminal)
    }

    @Test("priorities order the levels")
    func ordering() {
        #expect(LogLevel.debug < .info)
        #expect(LogLevel.warning < .error)
        #expect(LogLevel.allCases.map(\.syslogPriority) == [7, 6, 5, 4, 3])
    }
}
