import Foundation
import Testing

@Suite("breeze-station aqi --index")
struct AQIIndexCommandTests {
    @Test("EEA: PM2.5 17 µg/m³ is band 3, Moderate, in the EEA's colour")
    func europe() async throws {
        let result = try await StationBinary.run(["aqi", "--index", "eu-eaqi", "pm2_5", "17"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["index"] as? String == "eu-eaqi")
        #expect(json["pollutant"] as? String == "pm2_5")
        #expect(json["averaging"] as? String == "24h")
        #expect(json["value"] as? Int == 3)
        #expect(json["level"] as? String == "moderate")
        #expect(json["text"] as? String == "Moderate")
        #expect(json["color"] as? String == "#f0e641")
        #expect(json["beyond_index"] as? Bool == false)
        #expect((json["source"] as? String)?.contains("European Environment Agency") == true)
    }

    @Test("every index by name", arguments: [
        (["uk-daqi", "pm10", "76"], 7, "high"), (["ca-aqhi-plus", "pm2_5", "100.1"], 11, "very_high"),
        (["in-naqi", "pm2_5", "200"], 362, "very_poor"), (["cn-aqi", "pm2_5", "36"], 52, "good"),
        (["us-epa", "pm2_5", "9.1"], 51, "moderate"),
    ])
    func byName(_ arguments: [String], _ value: Int, _ level: String) async throws {
        let result = try await StationBinary.run(["aqi", "--index"] + arguments)
        #expect(result.status == 0)
        let json = try result.json()
        #expect((json["value"] as? Int ?? json["aqi"] as? Int) == value)
        #expect(json["level"] as? String == level)
    }

    @Test("AQHI+ above 100 µg/m³ displays 10+")
    func tenPlus() async throws {
        let json = try await StationBinary.run(["aqi", "--index=ca-aqhi-plus", "pm2_5", "150"]).json()
        #expect(json["display"] as? String == "10+")
        #expect(json["averaging"] as? String == "1h")
    }

    @Test("--index us-epa prints exactly what the plain command prints")
    func usUnchanged() async throws {
        let plain = try await StationBinary.run(["aqi", "pm2_5", "35.5"])
        let named = try await StationBinary.run(["aqi", "--index", "us-epa", "pm2_5", "35.5"])
        #expect(plain.status == 0)
        #expect(named.stdout == plain.stdout)
    }

    @Test("bad input exits 2 with one line naming the bad argument", arguments: [
        (["aqi", "--index", "eu-aqi", "pm2_5", "17"], "eu-aqi"),
        (["aqi", "--index", "eu-eaqi", "o3", "0.1"], "o3"),
        (["aqi", "--index", "ca-aqhi-plus", "pm10", "5"], "pm10"),
        (["aqi", "--index", "eu-eaqi", "pm2_5", "-3"], "-3"),
        (["aqi", "--index", "eu-eaqi", "pm2_5", "x1"], "x1"),
        (["aqi", "--index", "eu-eaqi", "pm2_5"], "concentration"),
        (["aqi", "--index", "eu-eaqi", "pm2_5", "17", "--averaging", "1h"], "1h"),
        (["aqi", "--index", "eu-eaqi", "pm2_5", "--nowcast", "1,2"], "--nowcast"),
        (["aqi", "--index", "eu-eaqi", "pm2_5", "17", "18"], "18"),
        (["aqi", "--index"], "--index"),
    ])
    func badInput(_ arguments: [String], _ named: String) async throws {
        let result = try await StationBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(named))
    }

    @Test("--help lists the indices")
    func help() async throws {
        let result = try await StationBinary.run(["aqi", "--help"])
        #expect(result.status == 0)
        for name in ["us-epa", "eu-eaqi", "uk-daqi", "ca-aqhi-plus", "in-naqi", "cn-aqi"] {
            #expect(result.stdout.contains(name), "\(name)")
        }
    }
}
