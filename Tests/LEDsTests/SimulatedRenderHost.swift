import FoundationEssentials
import LEDs
import Synchronization

/// A render host on simulated time: sleeps advance the clock (plus a seeded wake-up latency, like a real
/// scheduler's), states change at scripted times, and the run stops at `end`. The renderer runs
/// synchronously on the test's thread, through exactly the loop the LED thread runs.
final class SimulatedRenderHost: LEDRenderHost, Sendable {
    struct State {
        var now: Int64 = 1_000_000_000
        var script: [(at: Int64, state: IndicatorState)]
        var version: UInt64 = 0
        var current: IndicatorState
        var random: UInt64
        var sleeps = 0
        var waits = 0
    }

    let start: Int64 = 1_000_000_000
    let end: Int64
    let maximumLatency: Int64
    let wallStart: Date
    private let state: Mutex<State>

    /// Shows `initial`, then each scripted state at its offset (nanoseconds after the start), until `duration`
    /// nanoseconds have passed. Every sleep wakes up to `maximumLatency` nanoseconds late.
    init(
        initial: IndicatorState, script: [(at: Int64, state: IndicatorState)] = [], duration: Int64,
        maximumLatency: Int64 = 50_000, seed: UInt64 = 0x5EED,
        wallStart: Date = Date(timeIntervalSince1970: 1_767_268_800)
    ) {
        let start: Int64 = 1_000_000_000
        self.end = start + duration
        self.maximumLatency = maximumLatency
        self.wallStart = wallStart
        self.state = Mutex(State(script: script.map { (start + $0.at, $0.state) }, current: initial, random: seed))
    }

    var nanoseconds: Int64 { state.withLock { $0.now } }
    var wallClock: Date { wallStart.addingTimeInterval(Double(nanoseconds - start) / 1e9) }
    var sleepCount: Int { state.withLock { $0.sleeps } }
    /// How many times the loop waited (each a wake-up of the LED thread on a real host).
    var waitCount: Int { state.withLock { $0.waits } }

    func sleep(until deadline: Int64) {
        state.withLock { state in
            state.sleeps += 1
            // xorshift: a repeatable latency per sleep.
            state.random ^= state.random << 13
            state.random ^= state.random >> 7
            state.random ^= state.random << 17
            let latency = maximumLatency > 0 ? Int64(state.random % UInt64(maximumLatency)) : 0
            state.now = max(state.now, deadline + latency)
        }
    }

    func wait(until deadline: Int64, whileVersionIs version: UInt64) {
        state.withLock { state in
            state.waits += 1
            // Wake at the deadline, or earlier at the next scripted change, or at the end.
            let next = state.script.first.map(\.at) ?? Int64.max
            state.now = max(state.now, min(deadline, next, end))
        }
    }

    func snapshot() -> IndicatorSnapshot {
        state.withLock { state in
            while let first = state.script.first, first.at <= state.now {
                state.script.removeFirst()
                if first.state != state.current {
                    state.current = first.state
                    state.version += 1
                }
            }
            return IndicatorSnapshot(state: state.current, version: state.version, stopping: state.now >= end)
        }
    }
}
