import FoundationEssentials
import Testing

@testable import AirQuality

@Suite("Index comparison: like with like against Open-Meteo's PM")
struct IndexComparisonTests {
    /// The newest of the 24 local hours starts at hour 1023; "now" is a few minutes into hour 1024.
    let now = Date(timeIntervalSince1970: 1024 * 3600 + 300)

    func eaqi(_ pm25: Double, _ averaging: LocalAveraging = .twentyFourHourRunning) throws -> IndexValue {
        try #require(AirQualityIndexDefinition.euEAQI.overall(pm25: pm25, pm10: nil, averaging: averaging))
    }

    /// 24 local hours 1000...1023 with `pm25`, the ones in `missing` without a value.
    func hours(pm25: Double, missing: Set<Int> = []) -> [LocalHour] {
        (0..<24).map { LocalHour(hour: Int64(1000 + $0), pm25: missing.contains($0) ? nil : pm25, pm10: nil) }
    }

    /// Model values at hours 1000...1024 (the end of the newest hour included), `pm25(hour offset)`.
    func model(
        _ pm25: (Int) -> Double?, covering offsets: Range<Int> = 0..<25, european: (Int?, Int?, Int?) = (nil, nil, nil)
    ) -> ReferenceAirQuality {
        ReferenceAirQuality(
            time: Date(timeIntervalSince1970: 1024 * 3600), usAQIPM25: 50, usAQIPM10: 10, usAQI: 55,
            hourly: offsets.map { ModelPM(time: Date(timeIntervalSince1970: Double(1000 + $0) * 3600), pm25: pm25($0), pm10: nil) },
            europeanAQI: european.0, europeanAQIPM25: european.1, europeanAQIPM10: european.2)
    }

    func snapshot(_ reading: ReferenceAirQuality?, age: Double = 600, error: String? = nil) -> ReferenceSnapshot {
        ReferenceSnapshot(reading: reading, fetchedAt: reading == nil ? nil : now.addingTimeInterval(-age), error: error)
    }

    @Test("the EAQI: same or neighbouring level agrees; two levels apart is higher or lower (both sides of each edge)")
    func levels() throws {
        // Good (≤ 5.0) vs Fair (≤ 15.0): neighbours; vs 15.1 (Moderate): two levels, factor 3.
        #expect(IndexComparator.state(local: try eaqi(5.0), reference: try eaqi(15.0)) == .agrees)
        #expect(IndexComparator.state(local: try eaqi(5.0), reference: try eaqi(15.1)) == .localLower)
        #expect(IndexComparator.state(local: try eaqi(15.1), reference: try eaqi(5.0)) == .localHigher)
        #expect(IndexComparator.state(local: try eaqi(15.0), reference: try eaqi(5.0)) == .agrees)
        // Moderate (≤ 50.0) vs Fair: neighbours; Poor (50.1) vs Fair: two levels.
        #expect(IndexComparator.state(local: try eaqi(50.0), reference: try eaqi(14.0)) == .agrees)
        #expect(IndexComparator.state(local: try eaqi(50.1), reference: try eaqi(14.0)) == .localHigher)
        #expect(IndexComparator.state(local: try eaqi(20), reference: try eaqi(20)) == .agrees)
    }

    @Test("two levels apart but within a factor of 2 (or 5 µg/m³) agrees: the PM rule, both sides of its edge")
    func concentrations() throws {
        // Very poor (90.1) vs Moderate (50.0): two levels, ratio 1.8.
        #expect(IndexComparator.state(local: try eaqi(90.1), reference: try eaqi(50.0)) == .agrees)
        // vs 45.0 (Moderate): ratio 2.002.
        #expect(IndexComparator.state(local: try eaqi(90.1), reference: try eaqi(45.0)) == .localHigher)
        #expect(IndexComparator.state(local: try eaqi(45.0), reference: try eaqi(90.1)) == .localLower)
        let daqi = AirQualityIndexDefinition.ukDAQI
        func uk(_ pm25: Double) throws -> IndexValue {
            try #require(daqi.overall(pm25: pm25, pm10: nil, averaging: .twentyFourHourRunning))
        }
        // DAQI 6 (48) vs 3 (24): three points apart, ratio 2.0; vs 2 (23): ratio 2.09, Δ 25.
        #expect(IndexComparator.state(local: try uk(48), reference: try uk(24)) == .agrees)
        #expect(IndexComparator.state(local: try uk(48), reference: try uk(23)) == .localHigher)
        // DAQI 5 (42) vs 4 (36): neighbouring points.
        #expect(IndexComparator.state(local: try uk(42), reference: try uk(36)) == .agrees)
        let aqhi = AirQualityIndexDefinition.caAQHIPlus
        func ca(_ pm25: Double) throws -> IndexValue { try #require(aqhi.overall(pm25: pm25, pm10: nil, averaging: .oneHour)) }
        // AQHI+ 3 (30) vs 6 (60.0): ratio 0.5 agrees; vs 7 (60.1): ratio 0.499, Δ 30.1.
        #expect(IndexComparator.state(local: try ca(30), reference: try ca(60)) == .agrees)
        #expect(IndexComparator.state(local: try ca(30), reference: try ca(60.1)) == .localLower)
        // The absolute part takes the reconciliation's threshold: with 30.2 µg/m³ allowed, Δ 30.1 agrees; with 30, not.
        var wide = ReconciliationThresholds()
        wide.agreementAbsolute = 30.2
        #expect(IndexComparator.state(local: try ca(30), reference: try ca(60.1), thresholds: wide) == .agrees)
        wide.agreementAbsolute = 30
        #expect(IndexComparator.state(local: try ca(30), reference: try ca(60.1), thresholds: wide) == .localLower)
    }

    @Test("the reference is the same 24-hour running mean over the hours the local mean used")
    func sameHours() throws {
        // The model reads 40 in the hours the station missed and 10 elsewhere: only the 10s count.
        let missing: Set<Int> = [0, 1, 2, 3, 4, 5]
        let reading = model { missing.contains($0) ? 40 : 10 }
        let value = try #require(IndexComparator.referenceValue(
            of: .euEAQI, averaging: .twentyFourHourRunning, hours: hours(pm25: 12, missing: missing), model: reading))
        #expect(value.concentration == 10)
        #expect(value.value == 2)
        #expect(value.averaging == .twentyFourHourRunning)
        // With every hour present the polluted model hours count too: (5·40 + 25 + 18·10) / 24 = 16.9.
        let all = try #require(IndexComparator.referenceValue(
            of: .euEAQI, averaging: .twentyFourHourRunning, hours: hours(pm25: 12), model: reading))
        #expect(all.concentration > 15)
    }

    @Test("18 model hours of the same hours give a value, 17 do not")
    func coverage() throws {
        // Model values at hours 1007...1024: hour 1006 is covered by its end point, so 18 local hours.
        let eighteen = model({ _ in 10 }, covering: 7..<25)
        #expect(IndexComparator.referenceValue(
            of: .euEAQI, averaging: .twentyFourHourRunning, hours: hours(pm25: 10), model: eighteen) != nil)
        let seventeen = model({ _ in 10 }, covering: 8..<25)
        #expect(IndexComparator.referenceValue(
            of: .euEAQI, averaging: .twentyFourHourRunning, hours: hours(pm25: 10), model: seventeen) == nil)
        let result = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10), snapshot: snapshot(seventeen), now: now)
        #expect(result.state == .referenceUnavailable)
        #expect(result.reason.contains("too few of the same hours"))
    }

    @Test("AQHI+ compares the newest hour with the model's mean over that hour")
    func oneHour() throws {
        let reading = model { $0 == 23 ? 20 : ($0 == 24 ? 40 : 5) }
        let value = try #require(IndexComparator.referenceValue(
            of: .caAQHIPlus, averaging: .oneHour, hours: hours(pm25: 31), model: reading))
        #expect(value.concentration == 30)
        #expect(value.value == 3)
    }

    @Test("pending while the local value is a stand-in; reference_unavailable without a fresh reading")
    func states() throws {
        let reading = model { _ in 10 }
        let pending = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10, .instant), hours: hours(pm25: 10), snapshot: snapshot(reading), now: now)
        #expect(pending.state == .pending)
        #expect(pending.reference?.value == 2)
        #expect(IndexComparator.compare(
            index: .euEAQI, local: nil, hours: [], snapshot: snapshot(reading), now: now).state == .pending)

        let none = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10), snapshot: .none, now: now)
        #expect(none.state == .referenceUnavailable)
        #expect(none.reference == nil)
        // 3 h old is still used; a second more is not.
        #expect(IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10), snapshot: snapshot(reading, age: 3 * 3600),
            now: now).state == .agrees)
        let old = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10),
            snapshot: snapshot(reading, age: 3 * 3600 + 1, error: "HTTP 503"), now: now)
        #expect(old.state == .referenceUnavailable)
        #expect(old.reason.contains("HTTP 503"))
    }

    @Test("Open-Meteo's own european_aqi is reported beside the EAQI comparison, never in it, and only for the EAQI")
    func provider() throws {
        let reading = model({ _ in 10 }, european: (95, 95, 20))
        let result = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10), snapshot: snapshot(reading), now: now)
        // 95 on Open-Meteo's scale would be "very poor"; the comparison is on the station's bands: Fair vs Fair.
        #expect(result.state == .agrees)
        #expect(result.reference?.value == 2)
        #expect(result.provider?.value == 95)
        #expect(result.provider?.pm25 == 95)
        #expect(result.provider?.pm10 == 20)
        #expect(result.provider?.note.contains("pre-2024") == true)
        let daqi = IndexComparator.compare(
            index: .ukDAQI, local: nil, hours: hours(pm25: 10), snapshot: snapshot(reading), now: now)
        #expect(daqi.provider == nil)
        let withoutOwn = IndexComparator.compare(
            index: .euEAQI, local: try eaqi(10), hours: hours(pm25: 10), snapshot: snapshot(model { _ in 10 }), now: now)
        #expect(withoutOwn.provider == nil)
    }
}
