import FoundationEssentials
import StationSnapshot
import Testing
import Uploads

@Suite("What the uploaders read from a snapshot")
struct SnapshotReadingsTests {
    @Test("the snapshot's climate reading is what Sensor.Community gets: °C, %, Pa and the time it was taken")
    func climateFromTheSnapshot() {
        let taken = Date(timeIntervalSince1970: 1_800_000_000)
        var snapshot = StationSnapshot(station: StationIdentity(name: "t", latitude: nil, longitude: nil), time: taken)
        #expect(SnapshotReadings.climate(snapshot) == nil)
        snapshot.climate = ClimateReading(
            temperature: 21.5, relativeHumidity: 55, pressure: 100_900, source: .climate, model: "bme280", time: taken)
        let read = SnapshotReadings.climate(snapshot)
        #expect(read?.time == taken)
        #expect(read?.climate == SensorCommunityReadings.Climate(temperature: 21.5, humidity: 55, pressure: 100_900))
    }
}
