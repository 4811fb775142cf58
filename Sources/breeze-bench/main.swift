// `make bench`: speed and memory measurements of the station's parts. Not a test: numbers are printed for
// the closing notes and for comparing builds, never asserted.
import AirQuality
import CheckedConversions
import Configuration

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` `iterations` times and prints nanoseconds per iteration.
func measure(_ name: String, iterations: Int, _ body: () throws -> Int) rethrows {
    var sink = 0
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
        for _ in 0..<iterations { sink &+= try body() }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let perIteration = nanoseconds / Double(iterations)
    print("\(name): \(Int(clampingRounded: perIteration)) ns/op over \(iterations) ops (checksum \(sink & 0xFF))")
}

func maximumResidentSetKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

print("Breeze Station benchmarks")
let concentrations = (0..<1000).map { Double($0) * 0.37 }
try measure("AQI sub-index, PM2.5 24 h", iterations: 1_000_000) {
    let value = concentrations[Int.random(in: 0..<concentrations.count)]
    return try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: value).value ?? 0
}
let hours: [Double?] = [45.0, 38.2, 30.7, 24.1, 19.6, 15.8, 12.3, 11.0, 10.1, 9.4, 8.9, 8.2]
try measure("NowCast index, 12 hours", iterations: 200_000) {
    try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: hours).value ?? 0
}
// Configuration reading is linear: n cities cost about n times one (issue 20 §6: 16,000 took 25.6 s before).
let city = #"{"name": "Berlin", "latitude": 52.52, "longitude": 13.41}"#
for count in [100, 1_000, 16_000] {
    let document = Array(("{\"openmeteo\": {\"cities\": [" + Array(repeating: city, count: count).joined(separator: ",") + "]}}").utf8)
    try measure("config with \(count) cities, parsed and checked", iterations: count >= 16_000 ? 5 : 50) {
        let root = try ConfigFile.parse(document, source: "bench.json")
        let cities = root.section("openmeteo")?.sections("cities", maximumCount: 100)?.count ?? 0
        _ = try? root.finish()
        return cities
    }
}
print("max RSS: \(maximumResidentSetKilobytes()) KiB")
