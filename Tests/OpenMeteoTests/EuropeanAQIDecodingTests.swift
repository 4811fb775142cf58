import AirQuality
import Foundation
import OpenMeteo
import OpenMeteoTestSupport
import Testing

@Suite("Decoding Open-Meteo's european_aqi fields")
struct EuropeanAQIDecodingTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    func reading(_ members: String) async throws -> AirQualityReading {
        let transport = RecordingTransport(status: 200, body: OpenMeteoFixtures.currentAirQuality(european: members))
        return try await OpenMeteoClient(transport: transport).currentAirQuality(at: berlin)
    }

    @Test("european_aqi, _pm2_5 and _pm10 are read and reach the reference reconciliation uses")
    func values() async throws {
        let reading = try await reading(OpenMeteoFixtures.europeanAQIMembers)
        #expect(reading.europeanAQI == 38)
        #expect(reading.europeanAQIPM25 == 38)
        #expect(reading.europeanAQIPM10 == 17)
        #expect(reading.reference.europeanAQI == 38)
        #expect(reading.reference.europeanAQIPM25 == 38)
        #expect(reading.reference.europeanAQIPM10 == 17)
        // The US values are untouched by the new members.
        #expect(reading.usAQIPM25 == 61)
    }

    @Test("missing or null members are nil, the rest of the reading stands")
    func missing() async throws {
        let none = try await reading("")
        #expect(none.europeanAQI == nil)
        #expect(none.reference.europeanAQIPM25 == nil)
        let nulls = try await reading(#""european_aqi":null,"european_aqi_pm2_5":null,"european_aqi_pm10":12"#)
        #expect(nulls.europeanAQI == nil)
        #expect(nulls.europeanAQIPM10 == 12)
        #expect(nulls.pm25 == 17.9)
    }

    @Test("hostile values (negative, absurd, beyond 0-10,000) reject the answer naming the field; the edges are kept")
    func hostile() async throws {
        for (members, field) in [
            (#""european_aqi":1e300"#, "current.european_aqi"),
            (#""european_aqi_pm2_5":-1"#, "current.european_aqi_pm2_5"),
            (#""european_aqi_pm10":10001"#, "current.european_aqi_pm10"),
        ] {
            do {
                _ = try await reading(members)
                Issue.record("accepted \(members)")
            } catch {
                #expect("\(error)".contains(field), "\(error)")
            }
        }
        // A string is not a number: ignored like any other non-number value.
        let text = try await reading(#""european_aqi":"12""#)
        #expect(text.europeanAQI == nil)
        let edges = try await reading(#""european_aqi":10000,"european_aqi_pm2_5":0,"european_aqi_pm10":62.5"#)
        #expect(edges.europeanAQI == 10000)
        #expect(edges.europeanAQIPM25 == 0)
        #expect(edges.europeanAQIPM10 == 63)
        #expect(PlausibleRanges.europeanAQI == 0...10_000)
    }
}
