import AirQuality
import Foundation
import JSON
import OpenMeteoTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("breeze-station demo", .serialized)
struct DemoCommandTests {
    @Test("the whole station on an emulated sensor: says where to look, takes another port when its own is taken, serves the sensor's AQI, cleans up on Ctrl-C")
    func demo() async throws {
        // A port that is taken: the fake's.
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let taken = fake.server.port
        let demo = try StationProcess(["demo", "--no-openmeteo", "--listen", "127.0.0.1:\(taken)", "--scenario", "steady"])
        let said = await demo.wait(60) { demo.stdout.contains("Stop with Ctrl-C") || demo.exited != nil }
        #expect(said, "\(demo.stdout)\n\(demo.stderr)")
        let text = demo.stdout
        #expect(text.contains("port \(taken) is taken: listening on"), "\(text)")
        #expect(text.contains("Status page  http://127.0.0.1:"))
        #expect(text.contains("Open-Meteo   off"))
        let port = try #require(text.range(of: "Status page  http://127.0.0.1:").flatMap { range in
            UInt16(text[range.upperBound...].prefix { $0.isNumber })
        })
        #expect(port != UInt16(taken))
        // Two "History" lines: the API call and the database file; the file's is the one with a path.
        let directory = try #require(text.range(of: "History      /").map { range in
            "/" + String(text[range.upperBound...].prefix { $0 != " " && $0 != "\n" })
        })
        #expect(directory.hasSuffix("/history.db"))

        // The emulated sensor's value (steady 10 µg/m³) after the warm-up, local, drawn on the terminal LED.
        var current = JSONValue.null
        let local = try await demo.wait(60) {
            current = try await getJSON("/api/v1/current", port: port)
            return current["aqi"]?["source"] == "local"
        }
        #expect(local, "\(current)")
        let expected = try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: 10).value)
        #expect(current["aqi"]?["value"] == .number(Double(expected)))
        let colour = AQILevel(index: expected).color.hex
        #expect(await demo.wait(10) { demo.ledFrames.last == colour }, "\(demo.ledFrames.suffix(3))")

        demo.send(SIGINT)
        let exit = await demo.waitForExit(within: 10)
        #expect(exit?.status == 0, "\(demo.stderr)")
        #expect(demo.ledFrames.last == "off")
        #expect(demo.stdout.contains("removed /"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
