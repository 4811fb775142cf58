// libFuzzer harness: Open-Meteo answers through parsing (single place and batched cities) and every
// renderer of the snapshot they feed (status page, /api/v1/current, metrics, MQTT state, the reference block).
// Built only by `make fuzz` (BREEZE_FUZZ=1, -sanitize=fuzzer,address); traps are the harness's findings.
import AirQuality
import FoundationEssentials
import HTTPClient
import JSON
import MQTT
import OpenMeteo
import StationSnapshot

/// The station's clock in the harness: the fixtures' hour (2026-11-30T14:00Z), so seed answers parse.
let now = Date(timeIntervalSince1970: 1_796_047_200)
let places = [(52.52, 13.42), (48.85, 2.35), (28.61, 77.21)].compactMap { latitude, longitude in
    GeoCoordinate(latitude: latitude, longitude: longitude).map { NamedPlace(name: "City", coordinate: $0) }
}

/// Every rendering of `snapshot`, as the endpoint and the MQTT publisher produce them.
func renderEverything(_ snapshot: StationSnapshot) {
    _ = StatusPage.render(snapshot)
    _ = CurrentDocument.render(snapshot).serialized()
    _ = PrometheusText.render(StationMetrics.families(snapshot))
    _ = MQTTStatePayload.render(snapshot).serialized()
}

func snapshot(reference: ReferenceStatus, aqi: Int?, ticker: [CityAQI], sensorPM: Double?, age: Double) -> StationSnapshot {
    StationSnapshot(
        station: StationIdentity(name: "Fuzz", latitude: 52.52, longitude: 13.42), time: now,
        startedAt: now.addingTimeInterval(-age),
        sensor: SensorStatus(
            model: "PMS5003", health: .ok, readingTime: now.addingTimeInterval(-age), pm1_0: sensorPM, pm2_5: sensorPM,
            pm10: sensorPM),
        aqi: aqi.map { AQIReading(value: $0, source: .openMeteo, basis: .average24h, pollutant: .pm2_5, isBeyondIndex: $0 > 500) },
        reference: reference, recentHours: [HourlyAQI(start: now.addingTimeInterval(-3600), aqi: aqi, pm2_5: sensorPM)],
        services: OpenMeteoServices(ticker: ticker))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenMeteo(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the HTTP status class, so error bodies (reason excerpts) are explored too.
    let status = body[0] % 8 == 0 ? 400 + Int(body[0] % 3) * 50 : 200
    let response = HTTPResponse(status: status, body: Array(body.dropFirst()), url: "http://127.0.0.1:1/v1/air-quality?apikey=SECRETKEY")
    let reference: ReferenceStatus
    var aqi: Int?
    switch Result(catching: { () throws(OpenMeteoError) in try AirQualityReading.parse(response, now: now) }) {
    case .success(let reading):
        // What parsing accepts lies in the documented ranges.
        for value in [reading.pm25, reading.pm10] { precondition(value.map(PlausibleRanges.particulate.contains) ?? true, "PM out of range") }
        for value in [reading.usAQI, reading.usAQIPM25, reading.usAQIPM10] { precondition(value.map(PlausibleRanges.usAQI.contains) ?? true, "AQI out of range") }
        precondition(PlausibleRanges.times(now: now).contains(reading.time), "time out of range")
        _ = reading.json.serialized()
        aqi = reading.pmAQI
        reference = .available(ReferenceReading(
            time: reading.time, fetchedAt: now, usAQI: reading.usAQI, pm2_5: reading.pm25, pm10: reading.pm10,
            ozone: reading.ozone, nitrogenDioxide: reading.nitrogenDioxide, sulphurDioxide: reading.sulphurDioxide,
            carbonMonoxide: reading.carbonMonoxide))
    case .failure(let error):
        precondition(!error.description.contains("SECRETKEY"), "the key leaked into an error")
        reference = .unavailable(error: error.description, last: nil)
    }
    var ticker: [CityAQI] = []
    if let cities = try? CitiesAirQuality.parse(response, places: places, now: now) {
        _ = cities.json.serialized()
        ticker = cities.cities.map { CityAQI(name: $0.place.name, aqi: $0.usAQI) }
    }
    renderEverything(snapshot(reference: reference, aqi: aqi, ticker: ticker, sensorPM: nil, age: 5))
    // The renderers' own defence: any number of the body, unchecked, as every value of a snapshot (a
    // snapshot file, a sensor gone wild, a clock stepped by centuries must not crash a renderer either).
    if case .some(let document) = try? JSONValue.parse(Array(body.dropFirst())) {
        var numbers: [Double] = []
        func collect(_ value: JSONValue) {
            guard numbers.count < 8 else { return }
            switch value {
            case .number(let number): numbers.append(number)
            case .array(let items): items.forEach(collect)
            case .object(let pairs): pairs.forEach { collect($0.value) }
            default: break
            }
        }
        collect(document)
        for number in numbers {
            let raw = ReferenceReading(
                time: now.addingTimeInterval(-min(max(number, -1e12), 1e12)), fetchedAt: now, usAQI: Int(clampingRounded: number),
                pm2_5: number, pm10: number, ozone: number, nitrogenDioxide: number, sulphurDioxide: number,
                carbonMonoxide: number)
            renderEverything(snapshot(
                reference: .available(raw), aqi: Int(clampingRounded: number), ticker: [CityAQI(name: "X", aqi: Int(clampingRounded: number))],
                sensorPM: number, age: number))
        }
    }
    return 0
}
