import AirQuality
import FoundationEssentials
import Testing

@Suite("AQI source: the local sensor, or Open-Meteo as the fallback")
struct AQISourceSelectionTests {
    let reference = Scenario.snapshot(Scenario.reference(usAQIPM25: 61, usAQIPM10: 14, usAQI: 140) { _ in 15 })

    @Test("a healthy sensor with an index is shown")
    func local() {
        let selection = AQISourceSelector.select(health: .ok, localAQI: 48, reference: reference, now: Scenario.now)
        #expect(selection.source == .local)
        #expect(selection.aqi == 48)
        #expect(selection.level == .good)
    }

    @Test("stale, fault or absent: Open-Meteo's PM index, source open-meteo", arguments: [
        LocalSensorHealth.stale, .fault, .absent,
    ])
    func fallback(_ health: LocalSensorHealth) {
        let selection = AQISourceSelector.select(health: health, localAQI: 48, reference: reference, now: Scenario.now)
        #expect(selection.source == .openMeteo)
        #expect(selection.source.rawValue == "open-meteo")
        #expect(selection.aqi == 61)
        #expect(abs((selection.referenceAge ?? 0) - 300) < 0.01)
        #expect(selection.reason.contains("local sensor \(health.rawValue)"))
    }

    @Test("both directions: the sensor fails, the fallback takes over; it returns, it takes over again")
    func bothDirections() {
        var sources: [AQISource] = []
        for (health, aqi) in [(LocalSensorHealth.ok, 48), (.stale, 48), (.fault, nil), (.warmingUp, nil), (.ok, 52)] as [(LocalSensorHealth, Int?)] {
            sources.append(AQISourceSelector.select(health: health, localAQI: aqi, reference: reference, now: Scenario.now).source)
        }
        #expect(sources == [.local, .openMeteo, .openMeteo, .openMeteo, .local])
    }

    @Test("warming up: the sensor's index as soon as it has one")
    func warmingUp() {
        #expect(AQISourceSelector.select(health: .warmingUp, localAQI: 30, reference: reference, now: Scenario.now).source == .local)
        let early = AQISourceSelector.select(health: .warmingUp, localAQI: nil, reference: reference, now: Scenario.now)
        #expect(early.source == .openMeteo)
        #expect(early.reason.contains("no index yet"))
    }

    @Test("no usable reference: none, with the age and the error")
    func none() {
        let old = Scenario.snapshot(Scenario.reference { _ in 15 }, age: 7 * 3600, error: "air quality: timed out")
        let selection = AQISourceSelector.select(health: .absent, localAQI: nil, reference: old, now: Scenario.now)
        #expect(selection.source == .none)
        #expect(selection.aqi == nil)
        #expect(selection.level == nil)
        #expect(selection.reason.contains("7.0 h old"))
        #expect(selection.reason.contains("air quality: timed out"))
        let never = AQISourceSelector.select(health: .fault, localAQI: nil, reference: .none, now: Scenario.now)
        #expect(never.source == .none)
        #expect(never.referenceAge == nil)
    }

    @Test("a reference without PM sub-indices is not shown")
    func noPMIndex() {
        let partial = Scenario.snapshot(Scenario.reference(usAQIPM25: nil, usAQIPM10: nil, usAQI: 80) { _ in 15 })
        #expect(AQISourceSelector.select(health: .stale, localAQI: nil, reference: partial, now: Scenario.now).source == .none)
    }
}
