import Measurements
import Testing

@Suite("One particulate measurement from the sensor to the store")
struct ParticulateMeasurementTests {
    @Test("channels a sensor does not have stay nil, and values keep their units (µg/m³, °C, %)")
    func absentChannels() {
        // An SDS011: PM2.5 and PM10 only.
        let sds011 = ParticulateMeasurement(pm25: 12.3, pm10: 20.1)
        #expect(sds011.pm1 == nil)
        #expect(sds011.pm4 == nil)
        #expect(sds011.pm25CF1 == nil)
        #expect(sds011.temperature == nil)
        #expect(sds011.relativeHumidity == nil)
        #expect(sds011.formaldehyde == nil)
        #expect(sds011.particlesOver0_3um == nil)
        #expect(sds011.pm25 == 12.3)
        #expect(sds011.pm10 == 20.1)
    }

    @Test("the pipeline's copy with the station's humidity leaves the sensor's reading as it came")
    func valueSemantics() {
        let fromSensor = ParticulateMeasurement(pm1: 5, pm25: 8, pm10: 11, pm25CF1: 9, relativeHumidity: 40)
        var forAggregation = fromSensor
        forAggregation.relativeHumidity = 85
        forAggregation.temperature = 3.5
        #expect(fromSensor.relativeHumidity == 40)
        #expect(fromSensor.temperature == nil)
        #expect(forAggregation != fromSensor)
        #expect(Set([fromSensor, forAggregation, fromSensor]).count == 2)
    }
}
