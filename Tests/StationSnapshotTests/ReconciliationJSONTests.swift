import AirQuality
import Foundation
import JSON
import StationSnapshot
import Testing

@Suite("The reconciliation block and the AQI source selection as JSON")
struct ReconciliationJSONTests {
    let now = Date(timeIntervalSince1970: 1_796_049_000)  // 2026-11-30T14:30:00Z

    /// A reference fetched 30 minutes ago whose model reads `model` µg/m³ PM2.5 every hour.
    func reference(model: Double) -> ReferenceSnapshot {
        let hours = (0..<30).map { offset in
            ModelPM(time: now.addingTimeInterval(-1800 - 3600 * Double(offset)), pm25: model, pm10: model + 6)
        }
        let reading = ReferenceAirQuality(
            time: now.addingTimeInterval(-1800), usAQIPM25: 61, usAQIPM10: 14, usAQI: 72, hourly: hours.reversed())
        return ReferenceSnapshot(reading: reading, fetchedAt: now.addingTimeInterval(-1800), error: nil)
    }

    func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let pairs)? = value else { return [] }
        return pairs.map(\.key)
    }

    @Test("every key, in the documented order; numbers rounded as documented")
    func agrees() throws {
        // The newest three hours average 15.5 µg/m³; the series moves, so it is not "stuck".
        let values = [15.5, 15.3, 15.7, 14.0, 13.0, 12.0]
        let local = values.enumerated().map { offset, value in
            HourlyPM(hourStart: now.addingTimeInterval(-1800 - 3600 * Double(offset + 1)), pm25: value, pm10: nil)
        }
        var history = ReconciliationHistory()
        let result = try #require(Reconciler.evaluate(
            local: local, localAQI24h: 58, reference: reference(model: 14.5), history: &history, now: now))
        let json = result.json
        #expect(keys(json) == [
            "state", "suspect_reason", "reason", "explanation", "pm2_5", "pm10", "local_aqi_24h", "reference_aqi_24h",
            "aqi_difference", "long_run_ratio", "long_run_hours", "reference_age_s", "reference_error", "evaluated_at",
        ])
        #expect(json["state"] == "agrees")
        #expect(json["suspect_reason"] == .null)
        #expect(keys(json["pm2_5"]) == ["local", "reference", "difference", "ratio", "hours"])
        #expect(json["pm2_5"]?["difference"] == 1)
        #expect(json["pm2_5"]?["ratio"] == 1.07)
        #expect(json["pm10"] == .null)
        #expect(json["local_aqi_24h"] == 58)
        #expect(json["reference_aqi_24h"] == 61)
        #expect(json["aqi_difference"] == -3)
        #expect(json["reference_age_s"] == 1800)
        #expect(json["evaluated_at"] == "2026-11-30T14:30:00Z")
    }

    @Test("a suspect sensor names its reason")
    func suspect() throws {
        let local = (1...6).map {
            HourlyPM(hourStart: now.addingTimeInterval(-1800 - 3600 * Double($0)), pm25: 0, pm10: nil)
        }
        var history = ReconciliationHistory()
        let result = try #require(Reconciler.evaluate(
            local: local, localAQI24h: 0, reference: reference(model: 40), history: &history, now: now))
        #expect(result.json["state"] == "sensor_suspect")
        #expect(result.json["suspect_reason"] == "zero_while_reference_high")
    }

    @Test("the source selection's JSON")
    func selection() {
        let selection = AQISourceSelector.select(health: .stale, localAQI: nil, reference: reference(model: 14.5), now: now)
        let json = selection.json
        #expect(keys(json) == ["source", "aqi", "level", "reason", "reference_age_s"])
        #expect(json["source"] == "open-meteo")
        #expect(json["aqi"] == 61)
        #expect(json["level"] == "moderate")
        #expect(json["reference_age_s"] == 1800)
    }

    @Test("a snapshot without a reconciliation reports pending with its reason, never null")
    func nothingToReconcile() throws {
        var snapshot = try Samples.full()
        snapshot.reconciliation = nil
        let block = CurrentDocument.render(snapshot)["reconciliation"]
        #expect(block?["state"] == "pending")
        #expect(block?["reason"] == "needs a complete local hour and the model's value for it")
        #expect(block?["evaluated_at"] == .string(ISO8601Time.format(snapshot.time)))
        let text = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(text.contains("breeze_reconciliation_state{state=\"pending\"} 1\n"))
        #expect(text.contains("breeze_reconciliation_state{state=\"agrees\"} 0\n"))
        #expect(!text.contains("breeze_reconciliation_ratio"))
        #expect(StatusPage.render(snapshot).contains("data-state=\"pending\""))
    }

    @Test("before the first complete hour: pending while Open-Meteo is fine or not fetched yet")
    func beforeFirstHourPending() throws {
        let fresh = Reconciler.beforeFirstHour(localAQI24h: nil, reference: reference(model: 14.5), now: now)
        #expect(fresh.state == .pending)
        #expect(fresh.explanation == Reconciler.pendingReason)
        #expect(fresh.referenceAQI24h != nil)
        let notYet = Reconciler.beforeFirstHour(localAQI24h: nil, reference: .none, now: now)
        #expect(notYet.state == .pending)
        #expect(notYet.json["reason"] == "needs a complete local hour and the model's value for it")
    }

    @Test("before the first complete hour: reference_unavailable with its reason when Open-Meteo is away")
    func beforeFirstHourAway() throws {
        let failed = ReferenceSnapshot(reading: nil, fetchedAt: nil, error: "HTTP 503 from air-quality-api.open-meteo.com")
        let away = Reconciler.beforeFirstHour(localAQI24h: 40, reference: failed, now: now)
        #expect(away.state == .referenceUnavailable)
        #expect(away.explanation.contains("HTTP 503 from air-quality-api.open-meteo.com"))
        #expect(away.json["reference_error"] == "HTTP 503 from air-quality-api.open-meteo.com")
    }
}
