import AirQuality
import FoundationEssentials
import Testing

/// Each reconciliation threshold of docs/reconciliation.md on both sides of its edge: the agreement factor
/// (0.5-2), the 5 µg/m³ absolute floor, the drift bounds (0.4-2.5), the 72-hour minimum and the drift's 3 µg/m³
/// model minimum. Three local hours at one level (fewer than the stuck rule's six) against a flat model, so
/// only the rule under test decides.
@Suite("Reconciliation thresholds on both sides of each edge")
struct ReconciliationEdgeTests {
    static func state(local: Double, model: Double) throws -> ReconciliationState {
        try #require(Scenario.evaluate(
            Scenario.local([local, local, local]), Scenario.snapshot(Scenario.reference { _ in model }))).state
    }

    /// A history of `hours - 1` paired hours at `local`/`model` before the one the evaluation adds, evaluated.
    static func drift(hours: Int, local: Double, model: Double) throws -> Reconciliation {
        var history = ReconciliationHistory()
        if hours > 1 {
            for hour in 2...hours {
                history.record(
                    hourStart: Scenario.currentHour.addingTimeInterval(-3600 * Double(hour)), local: local,
                    reference: model, now: Scenario.now, window: 7 * 86_400)
            }
        }
        return try #require(Scenario.evaluate(
            Scenario.local([local]), Scenario.snapshot(Scenario.reference { _ in model }), history: &history))
    }

    @Test("agreement factor: local 2 × the model agrees, a little more is local_higher; 0.5 × agrees, a little less is local_lower")
    func factor() throws {
        #expect(try Self.state(local: 40, model: 20) == .agrees)
        #expect(try Self.state(local: 40.5, model: 20) == .localHigher)
        #expect(try Self.state(local: 10, model: 20) == .agrees)
        #expect(try Self.state(local: 9.5, model: 20) == .localLower)
    }

    @Test("absolute floor: 5 µg/m³ apart agrees whatever the ratio, 5.5 does not")
    func floor() throws {
        // Ratios of 3.5 and 0.375: outside the factor band, so only the floor decides.
        #expect(try Self.state(local: 7, model: 2) == .agrees)
        #expect(try Self.state(local: 7.5, model: 2) == .localHigher)
        #expect(try Self.state(local: 3, model: 8) == .agrees)
        #expect(try Self.state(local: 2.5, model: 8) == .localLower)
    }

    @Test("drift bounds: a long-run ratio of exactly 2.5 or 0.4 is no drift, 2.6 and 0.39 are")
    func driftBounds() throws {
        #expect(try Self.drift(hours: 100, local: 25, model: 10).suspectReason == nil)
        #expect(try Self.drift(hours: 100, local: 26, model: 10).suspectReason == .longRunDrift)
        #expect(try Self.drift(hours: 100, local: 4, model: 10).suspectReason == nil)
        #expect(try Self.drift(hours: 100, local: 3.9, model: 10).suspectReason == .longRunDrift)
    }

    @Test("72-hour minimum: 71 paired hours beyond the bound are not yet drift, 72 are")
    func driftMinimumHours() throws {
        let short = try Self.drift(hours: 71, local: 30, model: 10)
        #expect(short.longRunHours == 71)
        #expect(short.state == .localHigher)
        let enough = try Self.drift(hours: 72, local: 30, model: 10)
        #expect(enough.longRunHours == 72)
        #expect(enough.state == .sensorSuspect)
        #expect(enough.suspectReason == .longRunDrift)
    }

    @Test("drift counts model hours of at least 3 µg/m³: at 3 the hours count, at 2.9 they are left out")
    func driftReferenceMinimum() throws {
        let counted = try Self.drift(hours: 100, local: 9, model: 3)
        #expect(counted.longRunHours == 100)
        #expect(counted.suspectReason == .longRunDrift)
        let clean = try Self.drift(hours: 100, local: 8.7, model: 2.9)
        #expect(clean.longRunHours == 0)
        #expect(clean.suspectReason == nil)
    }
}
