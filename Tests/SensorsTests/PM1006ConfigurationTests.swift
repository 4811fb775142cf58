import Configuration
import JSON
import Testing

@testable import Sensors

/// `sensor.model: "pm1006"` in the configuration: accepted on a serial port, listened to (active only), with
/// the generous response timeout and no warm-up.
@Suite("PM1006 configuration")
struct PM1006ConfigurationTests {
    @Test func pm1006IsAcceptedAsASerialListener() throws {
        let (configuration, errors) = try SensorConfigurationTests.read(
            #"{"sensor": {"model": "pm1006", "serial": {"path": "/dev/ttyAMA0"}}}"#)
        #expect(errors == nil)
        let sensor = try #require(configuration)
        #expect(sensor.model == .pm1006 && sensor.model.bus == .serial && sensor.serialPath == "/dev/ttyAMA0")
        #expect(sensor.json["mode"] == "active")
        #expect(sensor.driver.responseTimeout == .seconds(30))
        #expect(sensor.driver.warmUp == .zero)
        #expect(!sensor.model.hasCF1Channel && !sensor.model.acceptsCommands)
    }

    @Test func passiveModeIsRefusedForAListener() throws {
        let (_, errors) = try SensorConfigurationTests.read(#"{"sensor": {"model": "pm1006", "mode": "passive"}}"#)
        #expect(errors?.description.contains("pm1006 has no passive mode") == true)
    }
}
