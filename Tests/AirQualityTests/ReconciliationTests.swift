import AirQuality
import FoundationEssentials
import Testing

/// Builders for reconciliation scenarios: the time is 2026-11-30T14:30Z, so the newest complete local hour
/// is 13:00-14:00.
enum Scenario {
    static let now = Date(timeIntervalSince1970: 1_796_049_000)
    static let currentHour = Date(timeIntervalSince1970: 1_796_047_200)

    /// Local hourly means, newest last: `values[i]` is the hour starting `values.count - i` hours before 14:00.
    static func local(_ values: [Double?], pm10: Double? = nil) -> [HourlyPM] {
        values.enumerated().map { index, value in
            HourlyPM(
                hourStart: currentHour.addingTimeInterval(-3600 * Double(values.count - index)), pm25: value,
                pm10: pm10 ?? value.map { $0 * 1.5 })
        }
    }

    /// A model with PM2.5 `pm25(hoursBeforeNow)` for the last 30 hours and the next 2, PM10 1.5× that.
    static func reference(
        usAQIPM25: Int? = 61, usAQIPM10: Int? = 14, usAQI: Int? = 72, pm25: (Int) -> Double?
    ) -> ReferenceAirQuality {
        let hourly = (-2...30).reversed().map { hoursBefore in
            let value = pm25(hoursBefore)
            return ModelPM(
                time: currentHour.addingTimeInterval(-3600 * Double(hoursBefore)), pm25: value, pm10: value.map { $0 * 1.5 })
        }
        return ReferenceAirQuality(time: currentHour, usAQIPM25: usAQIPM25, usAQIPM10: usAQIPM10, usAQI: usAQI, hourly: hourly)
    }

    /// A snapshot fetched `age` seconds before now.
    static func snapshot(_ reading: ReferenceAirQuality?, age: Double = 300, error: String? = nil) -> ReferenceSnapshot {
        ReferenceSnapshot(reading: reading, fetchedAt: reading == nil ? nil : now.addingTimeInterval(-age), error: error)
    }

    static func evaluate(
        _ local: [HourlyPM], _ reference: ReferenceSnapshot, localAQI24h: Int? = 55,
        history: inout ReconciliationHistory
    ) -> Reconciliation? {
        Reconciler.evaluate(local: local, localAQI24h: localAQI24h, reference: reference, history: &history, now: now)
    }

    static func evaluate(_ local: [HourlyPM], _ reference: ReferenceSnapshot, localAQI24h: Int? = 55) -> Reconciliation? {
        var history = ReconciliationHistory()
        return evaluate(local, reference, localAQI24h: localAQI24h, history: &history)
    }
}

@Suite("Reconciliation of the local sensor against Open-Meteo")
struct ReconciliationTests {
    @Test("agrees: a small difference in clean air")
    func agreesAbsolute() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([12, 12.4, 11.8, 12.1, 12.3, 12]), Scenario.snapshot(Scenario.reference { _ in 10 })))
        #expect(result.state == .agrees)
        #expect(result.suspectReason == nil)
        let pm25 = try #require(result.pm25)
        #expect(pm25.hours == 3)
        #expect(abs(pm25.local - 12.1333) < 0.001)
        #expect(pm25.reference == 10)
        #expect(abs(pm25.difference - 2.1333) < 0.001)
        #expect(result.pm10?.reference == 15)
        #expect(result.explanation.contains("within what a 10-40 km model cell resolves"))
    }

    @Test("agrees: within a factor of two at higher levels")
    func agreesFactor() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([40, 40, 40, 40, 41, 40]), Scenario.snapshot(Scenario.reference { _ in 25 })))
        #expect(result.state == .agrees)
        #expect(result.pm25?.ratio == 40.333333333333336 / 25)
    }

    @Test("local_higher: local smoke is real, not a fault")
    func localHigher() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([20, 35, 52, 60, 65, 70]), Scenario.snapshot(Scenario.reference { _ in 20 })))
        #expect(result.state == .localHigher)
        #expect(result.suspectReason == nil)
        #expect(result.pm25?.difference == 45)
        #expect(result.pm25?.ratio == 3.25)
        #expect(result.explanation.contains("higher locally"))
    }

    @Test("local_lower")
    func localLower() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([6, 5, 4, 5, 6, 4]), Scenario.snapshot(Scenario.reference { _ in 25 })))
        #expect(result.state == .localLower)
        #expect(result.pm25?.difference == -20)
    }

    @Test("the model is averaged over each local clock hour (both ends of the hour)")
    func hourAlignment() throws {
        // The model rises 2 µg/m³ per hour: the hour 13:00-14:00 averages the values at 13:00 and 14:00.
        let reference = Scenario.reference { hoursBefore in 30 - 2 * Double(hoursBefore) }
        let result = try #require(Scenario.evaluate(Scenario.local([25, 27, 29]), Scenario.snapshot(reference)))
        // Local 13:00 → model (28 + 30)/2 = 29; 12:00 → 27; 11:00 → 25.
        #expect(result.pm25?.reference == 27)
        #expect(result.pm25?.local == 27)
        #expect(result.state == .agrees)
    }

    @Test("the AQI is compared with max(us_aqi_pm2_5, us_aqi_pm10), never with us_aqi")
    func aqiLikeForLike() throws {
        let reference = Scenario.reference(usAQIPM25: 61, usAQIPM10: 14, usAQI: 140) { _ in 10 }
        let result = try #require(Scenario.evaluate(Scenario.local([12, 12, 13]), Scenario.snapshot(reference), localAQI24h: 55))
        #expect(result.referenceAQI24h == 61)
        #expect(result.localAQI24h == 55)
        #expect(result.aqiDifference == -6)
        let coarse = Scenario.reference(usAQIPM25: 20, usAQIPM10: 48, usAQI: 90) { _ in 10 }
        #expect(Scenario.evaluate(Scenario.local([12, 12, 13]), Scenario.snapshot(coarse))?.referenceAQI24h == 48)
    }

    @Test("sensor_suspect: a value stuck for six hours, even with no reference")
    func stuck() throws {
        let local = Scenario.local([8.0, 8.02, 8.0, 8.01, 8.0, 8.03])
        let withReference = try #require(Scenario.evaluate(local, Scenario.snapshot(Scenario.reference { _ in 9 })))
        #expect(withReference.state == .sensorSuspect)
        #expect(withReference.suspectReason == .stuck)
        #expect(withReference.explanation.contains("for 6 hours"))
        let without = try #require(Scenario.evaluate(local, .none))
        #expect(without.state == .sensorSuspect)
        #expect(without.suspectReason == .stuck)
    }

    @Test("not stuck: clean air near zero, a short flat run, a gap, or a moving value", arguments: [
        [0.2, 0.2, 0.2, 0.2, 0.2, 0.2],
        [9, 8, 8, 8, 8, 8],
        [8, 8, 8, 8, 8, 8.2],
        [8, 8, 8, nil, 8, 8, 8],
    ] as [[Double?]])
    func notStuck(_ values: [Double?]) throws {
        let result = try #require(Scenario.evaluate(Scenario.local(values), Scenario.snapshot(Scenario.reference { _ in 8 })))
        #expect(result.suspectReason != .stuck)
    }

    @Test("sensor_suspect: zero while the region is clearly polluted")
    func zeroWhileHigh() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([0, 0, 0.3, 0.1, 0], pm10: 0), Scenario.snapshot(Scenario.reference { _ in 30 })))
        #expect(result.state == .sensorSuspect)
        #expect(result.suspectReason == .zeroWhileReferenceHigh)
        #expect(result.pm25?.reference == 30)
    }

    @Test("zero in clean air agrees; one zero hour in smoke is not yet suspect")
    func zeroNotSuspect() throws {
        let clean = try #require(Scenario.evaluate(Scenario.local([0, 0, 0, 0, 0.2]), Scenario.snapshot(Scenario.reference { _ in 4 })))
        #expect(clean.state == .agrees)
        let once = try #require(Scenario.evaluate(Scenario.local([25, 0]), Scenario.snapshot(Scenario.reference { _ in 30 })))
        #expect(once.suspectReason != .zeroWhileReferenceHigh)
    }

    @Test("sensor_suspect: a long-run ratio beyond the bound, in either direction", arguments: [3.0, 0.3])
    func drift(_ factor: Double) throws {
        var history = ReconciliationHistory()
        for hour in 2...100 {
            let start = Scenario.currentHour.addingTimeInterval(-3600 * Double(hour))
            history.record(hourStart: start, local: 10 * factor, reference: 10, now: Scenario.now, window: 7 * 86_400)
        }
        let result = try #require(Scenario.evaluate(
            Scenario.local([10 * factor]), Scenario.snapshot(Scenario.reference { _ in 10 }), history: &history))
        #expect(result.state == .sensorSuspect)
        #expect(result.suspectReason == .longRunDrift)
        #expect(result.longRunHours == 100)
        #expect(abs((result.longRunRatio ?? 0) - factor) < 1e-9)
    }

    @Test("no drift flag before enough hours, nor within the bound")
    func noDrift() throws {
        var short = ReconciliationHistory()
        for hour in 2...40 {
            short.record(
                hourStart: Scenario.currentHour.addingTimeInterval(-3600 * Double(hour)), local: 30, reference: 10,
                now: Scenario.now, window: 7 * 86_400)
        }
        let early = try #require(Scenario.evaluate(Scenario.local([30]), Scenario.snapshot(Scenario.reference { _ in 10 }), history: &short))
        #expect(early.state == .localHigher)
        #expect(early.longRunHours == 40)

        var mild = ReconciliationHistory()
        for hour in 2...120 {
            mild.record(
                hourStart: Scenario.currentHour.addingTimeInterval(-3600 * Double(hour)), local: 18, reference: 10,
                now: Scenario.now, window: 7 * 86_400)
        }
        #expect(Scenario.evaluate(Scenario.local([18]), Scenario.snapshot(Scenario.reference { _ in 10 }), history: &mild)?.state == .agrees)
    }

    @Test("the history pairs each clock hour once and forgets hours beyond the window")
    func history() throws {
        var history = ReconciliationHistory()
        let local = Scenario.local([10, 11, 12])
        let reference = Scenario.snapshot(Scenario.reference { _ in 10 })
        _ = Scenario.evaluate(local, reference, history: &history)
        _ = Scenario.evaluate(local, reference, history: &history)
        #expect(history.pairs.count == 3)
        history.record(
            hourStart: Scenario.now.addingTimeInterval(-8 * 86_400), local: 1, reference: 1, now: Scenario.now,
            window: 7 * 86_400)
        #expect(history.pairs.count == 3)
        let ratio = history.longRunRatio(now: Scenario.now, window: 7 * 86_400, referenceMinimum: 3)
        #expect(ratio.hours == 3)
        #expect(ratio.ratio == 1.1)
    }

    @Test("reference_unavailable: never fetched, with the error")
    func noReference() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([10, 11, 12]), ReferenceSnapshot(reading: nil, fetchedAt: nil, error: "air quality: cannot connect")))
        #expect(result.state == .referenceUnavailable)
        #expect(result.referenceAge == nil)
        #expect(result.referenceError == "air quality: cannot connect")
        #expect(result.explanation.contains("no Open-Meteo reading yet; last error: air quality: cannot connect"))
        #expect(result.pm25 == nil)
    }

    @Test("reference_unavailable: too old, with its age and error")
    func oldReference() throws {
        let result = try #require(Scenario.evaluate(
            Scenario.local([10, 11, 12]),
            Scenario.snapshot(Scenario.reference { _ in 10 }, age: 4 * 3600, error: "timed out")))
        #expect(result.state == .referenceUnavailable)
        #expect(abs((result.referenceAge ?? 0) - 4 * 3600) < 0.01)
        #expect(result.explanation.contains("4.0 h old"))
        #expect(result.explanation.contains("timed out"))
    }

    @Test("reference_unavailable: the model has no values for the local hours")
    func noOverlap() throws {
        let result = try #require(Scenario.evaluate(Scenario.local([10, 11, 12]), Scenario.snapshot(Scenario.reference { _ in nil })))
        #expect(result.state == .referenceUnavailable)
        #expect(abs((result.referenceAge ?? 0) - 300) < 0.01)
    }

    @Test("no local hour yet: nothing to reconcile; the hour in progress does not count")
    func noLocal() {
        #expect(Scenario.evaluate([], Scenario.snapshot(Scenario.reference { _ in 10 })) == nil)
        #expect(Scenario.evaluate(Scenario.local([nil, nil]), Scenario.snapshot(Scenario.reference { _ in 10 })) == nil)
        let inProgress = [HourlyPM(hourStart: Scenario.currentHour, pm25: 10, pm10: 15)]
        #expect(Scenario.evaluate(inProgress, Scenario.snapshot(Scenario.reference { _ in 10 })) == nil)
    }

    @Test("every state is reachable and named as the API names it")
    func names() {
        #expect(ReconciliationState.allCases.map(\.rawValue) == [
            "agrees", "local_higher", "local_lower", "sensor_suspect", "reference_unavailable", "pending",
        ])
        #expect(SuspectReason.allCases.map(\.rawValue) == ["stuck", "zero_while_reference_high", "long_run_drift"])
    }
}
