public import FoundationEssentials

/// What the render loop needs from its thread: time, sleeping, and the state to show. ``LEDController``
/// is the production host (monotonic clock, a condition variable); tests use a simulated host that moves
/// time by hand.
public protocol LEDRenderHost: AnyObject {
    /// Monotonic time, in nanoseconds.
    var nanoseconds: Int64 { get }
    /// Wall-clock time, for the night schedule.
    var wallClock: Date { get }
    /// Sleeps until `deadline` (monotonic nanoseconds); short sleeps between PWM edges, not interrupted.
    func sleep(until deadline: Int64)
    /// Waits until `deadline` (monotonic nanoseconds), returning early when the snapshot's version differs
    /// from `version` or a stop is requested.
    func wait(until deadline: Int64, whileVersionIs version: UInt64)
    /// The state to show now.
    func snapshot() -> IndicatorSnapshot
}

/// The state handed to the render thread.
public struct IndicatorSnapshot: Sendable, Hashable {
    /// What to show.
    public var state: IndicatorState
    /// Bumped on every change of `state`, so the renderer knows when a pattern starts.
    public var version: UInt64
    /// Whether the renderer should turn everything off, release the lines and return.
    public var stopping: Bool

    /// A snapshot.
    public init(state: IndicatorState, version: UInt64, stopping: Bool = false) {
        self.state = state
        self.version = version
        self.stopping = stopping
    }
}
