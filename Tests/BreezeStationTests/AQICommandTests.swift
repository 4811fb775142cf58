import Foundation
import Testing

@Suite("breeze-station aqi")
struct AQICommandTests {
    @Test("PM2.5 9.1 µg/m³ is AQI 51, Moderate")
    func pm25() async throws {
        let result = try await StationBinary.run(["aqi", "pm2_5", "9.1"])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["pollutant"] as? String == "pm2_5")
        #expect(json["averaging"] as? String == "24h")
        #expect(json["concentration"] as? Double == 9.1)
        #expect(json["aqi"] as? Int == 51)
        #expect(json["level"] as? String == "moderate")
        #expect(json["text"] as? String == "Moderate")
        #expect(json["color"] as? String == "#ff9500")
        #expect(json["epa_category"] as? String == "Moderate")
        #expect(json["beyond_index"] as? Bool == false)
        #expect((json["emoji"] as? String)?.isEmpty == false)
    }

    @Test("the NowCast example gives 38.4 and 108")
    func nowCast() async throws {
        let result = try await StationBinary.run([
            "aqi", "pm2_5", "--nowcast", "45,38.2,30.7,24.1,19.6,15.8,12.3,11.0,10.1,9.4,8.9,8.2",
        ])
        #expect(result.status == 0)
        let json = try result.json()
        #expect(json["averaging"] as? String == "nowcast")
        #expect(json["concentration"] as? Double == 38.4)
        #expect(json["aqi"] as? Int == 108)
        #expect(json["level"] as? String == "unhealthy_sensitive")
    }

    @Test("an empty NowCast field is a missing hour")
    func nowCastGap() async throws {
        let json = try await StationBinary.run(["aqi", "pm2_5", "--nowcast", "21,,35,49.2,48.6,53.7,66.2,69.2,64.9,50,43,34.9"]).json()
        #expect(json["aqi"] as? Int == 87)
    }

    @Test("no index: null with a reason")
    func undefined() async throws {
        let json = try await StationBinary.run(["aqi", "o3", "0.201"]).json()
        #expect(json["aqi"] is NSNull)
        #expect((json["reason"] as? String)?.contains("0.200") == true)
        #expect(json["level"] is NSNull)
    }

    @Test("above the top breakpoint: beyond_index")
    func beyond() async throws {
        let json = try await StationBinary.run(["aqi", "pm2_5", "500.4"]).json()
        #expect(json["aqi"] as? Int == 849)
        #expect(json["beyond_index"] as? Bool == true)
        #expect(json["level"] as? String == "hazardous")
    }

    @Test("explicit averaging", arguments: [
        (["o3", "0.165", "--averaging", "1h"], 151), (["so2", "605", "--averaging=24h"], 301), (["co", "1.1"], 13),
    ])
    func averaging(_ arguments: [String], _ expected: Int) async throws {
        let result = try await StationBinary.run(["aqi"] + arguments)
        #expect(result.status == 0)
        #expect(try result.json()["aqi"] as? Int == expected)
    }

    @Test("bad input exits 2 with one line naming the bad argument", arguments: [
        (["aqi", "pm2_5", "-1"], "-1"),
        (["aqi", "pm2_5", "abc"], "abc"),
        (["aqi", "pm25", "10"], "pm25"),
        (["aqi", "pm2_5", "10", "--averaging", "8h"], "8h"),
        (["aqi", "pm2_5", "10", "--averaging", "2h"], "2h"),
        (["aqi", "pm2_5", "--nowcast", "1,x"], "x"),
        (["aqi", "o3", "--nowcast", "1,2"], "o3"),
        (["aqi", "pm2_5", "10", "--bogus"], "--bogus"),
        (["aqi", "pm2_5"], "concentration"),
        (["aqi", "pm2_5", "nan"], "nan"),
    ])
    func badInput(_ arguments: [String], _ named: String) async throws {
        let result = try await StationBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.contains(named))
    }
}

@Suite("breeze-station commands")
struct CommandLineTests {
    @Test("--help works on every subcommand", arguments: ["aqi", "version"])
    func help(_ command: String) async throws {
        let result = try await StationBinary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: breeze-station \(command)"))
    }

    @Test("the root help lists the commands")
    func rootHelp() async throws {
        let result = try await StationBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("aqi"))
        #expect(result.stdout.contains("version"))
    }

    @Test("version")
    func version() async throws {
        let result = try await StationBinary.run(["version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("breeze-station "))
        let json = try await StationBinary.run(["version", "--json"]).json()
        #expect(json["name"] as? String == "breeze-station")
    }

    @Test("an unknown command exits 2")
    func unknown() async throws {
        let result = try await StationBinary.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("frobnicate"))
    }
}
