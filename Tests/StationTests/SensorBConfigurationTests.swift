import Configuration
import Foundation
import JSON
import Sensors
import Station
import StationSnapshot
import Testing
import Uploads

/// `sensor_b`: the second PM sensor's section, with the same keys as `sensor`.
@Suite("The sensor_b section")
struct SensorBConfigurationTests {
    private let tests = StationConfigurationTests()

    @Test("a second PMS5003 on another UART or a PMSA003I on I²C, read with sensor's keys")
    func keys() throws {
        let serial = try tests.parse(
            #"{"sensor": {"model": "pms5003"}, "sensor_b": {"model": "pms5003", "serial": {"path": "/dev/ttyAMA1"}, "interval_s": 10}}"#)
        #expect(serial.sensorB?.model == .pms5003)
        #expect(serial.sensorB?.serialPath == "/dev/ttyAMA1")
        #expect(serial.json()["sensor_b"]?["interval_s"] == 10)
        let i2c = try tests.parse(#"{"sensor": {"model": "pms5003"}, "sensor_b": {"model": "pmsa003i", "i2c": {"bus": 1}}}"#)
        #expect(i2c.sensorB?.model == .pmsa003i)
        #expect(i2c.json()["sensor_b"]?["model"] == "pmsa003i")
        #expect(try tests.parse(#"{"sensor": {"model": "pms5003"}}"#).sensorB == nil)
    }

    @Test("sensor_b's problems name sensor_b's keys: unknown keys, and the device sensor already uses")
    func problems() {
        #expect(tests.problems(#"{"sensor_b": {"model": "pms5003", "intervall_s": 10}}"#).contains {
            $0.contains("sensor_b.intervall_s") && $0.contains("interval_s")
        })
        #expect(tests.problems(#"{"sensor": {"model": "pms5003"}, "sensor_b": {"model": "pms7003"}}"#) == [
            "sensor_b.serial.path: /dev/serial0 is sensor's too; channel B needs its own sensor"
        ])
        #expect(tests.problems(#"{"sensor": {"model": "sps30"}, "sensor_b": {"model": "sps30"}}"#).count == 1)
    }
}
