import FoundationEssentials
import Measurements

/// Why a conversation with a sensor failed.
enum SessionFailure: Error, Sendable {
    /// The transport failed (the driver decides: reopen, wait, or climb the ladder).
    case transport(TransportError)
    /// The sensor did not answer in time, or answered garbage.
    case noResponse(String)
    /// The sensor refused a command (NACK).
    case refused(String)

    var reason: String {
        switch self {
        case .transport(let error): error.description
        case .noResponse(let reason), .refused(let reason): reason
        }
    }
}

/// One attempt to get a reading.
enum FetchOutcome: Sendable {
    /// A checksum-valid reading and its plausibility.
    case reading(ParticulateMeasurement, PlausibilityVerdict)
    /// Nothing usable arrived; why.
    case nothing(String)
}

/// The conversation with one kind of sensor over an open transport: setup, readings, sleep and wake. A session
/// lives from an open to the next close, and is used by one task at a time.
protocol SensorSession: AnyObject {
    /// What the session's decoder has seen.
    var decoderStatistics: DecoderStatistics { get }
    /// Whether the sensor sleeps by command (otherwise only through a SET pin).
    var canSleepByCommand: Bool { get }
    /// Whether the sensor has a reset command (used when no RESET pin is wired).
    var canResetByCommand: Bool { get }
    /// Sets the reporting mode and starts measuring.
    func setUp() async throws(SessionFailure)
    /// Gets one reading, waiting up to the response timeout.
    func fetch() async throws(SessionFailure) -> FetchOutcome
    /// Whether ``fetch(notBefore:)`` waits for its start itself (a UART session: in its port's own wait, one
    /// hand-off to the port's thread instead of a task's sleep and then the fetch).
    var pacesFetch: Bool { get }
    /// Waits until `start` (real time: the driver passes one only when its clock is the system's), then as
    /// ``fetch()``. Only called when ``pacesFetch``; the default ignores `start`.
    func fetch(notBefore start: Date) async throws(SessionFailure) -> FetchOutcome
    /// Puts the sensor to sleep (fan and laser off).
    func sleep() async throws(SessionFailure)
    /// Wakes the sensor and sets it up again.
    func wake() async throws(SessionFailure)
    /// Drops buffered input and restarts frame synchronisation.
    func resync() async throws(SessionFailure)
    /// Resets the sensor by command.
    func resetByCommand() async throws(SessionFailure)
}

extension SensorSession {
    var canResetByCommand: Bool { false }
    var pacesFetch: Bool { false }
    func fetch(notBefore start: Date) async throws(SessionFailure) -> FetchOutcome { try await fetch() }
    func resetByCommand() async throws(SessionFailure) {}
}

/// A session that waits for its fetch's start itself (the UART sessions: in their port's own wait, see
/// ``ByteStream/exchange(_:after:maximumCount:timeout:)``). It writes one fetch, from an optional start; the
/// protocol's two fetches come from it.
protocol SelfPacedSession: SensorSession {
    /// Waits until `start` (nil: none), then gets one reading.
    func fetch(from start: Date?) async throws(SessionFailure) -> FetchOutcome
}

extension SelfPacedSession {
    var pacesFetch: Bool { true }
    func fetch() async throws(SessionFailure) -> FetchOutcome { try await fetch(from: nil) }
    func fetch(notBefore start: Date) async throws(SessionFailure) -> FetchOutcome { try await fetch(from: start) }
}
