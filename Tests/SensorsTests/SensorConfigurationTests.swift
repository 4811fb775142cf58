import Configuration
import JSON
import Testing

@testable import Sensors

@Suite("Sensor configuration")
struct SensorConfigurationTests {
    static func read(_ text: String) throws -> (SensorConfiguration?, ConfigErrors?) {
        let root = ConfigSection(document: try JSONValue.parse(text))
        let configuration = root.section("sensor").flatMap { SensorConfiguration(section: $0) }
        do {
            try root.finish()
            return (configuration, nil)
        } catch {
            return (configuration, error)
        }
    }

    @Test func everyKeyIsRead() throws {
        let (configuration, errors) = try Self.read(
            """
            {"sensor": {"model": "pms5003", "serial": {"path": "/dev/serial/by-id/usb-FTDI", "baud": 9600},
             "interval_s": 120, "set_pin": "GPIO22", "reset_pin": 27, "warm_up_s": 40,
             "duty_cycle": "on", "mode": "active", "response_timeout_s": 4, "stale_after_s": 600, "fault_retry_s": 30}}
            """)
        #expect(errors == nil)
        let sensor = try #require(configuration)
        #expect(
            sensor.model == .pms5003 && sensor.serialPath == "/dev/serial/by-id/usb-FTDI" && sensor.baudRate == 9600)
        #expect(sensor.setPin == .name("GPIO22") && sensor.resetPin == .offset(27))
        #expect(sensor.driver.interval == .seconds(120) && sensor.driver.warmUp == .seconds(40))
        #expect(sensor.driver.dutyCycle == .on && sensor.driver.mode == .active)
        #expect(sensor.driver.responseTimeout == .seconds(4) && sensor.driver.staleAfter == .seconds(600))
        #expect(sensor.driver.faultRetryInterval == .seconds(30))
        #expect(sensor.json["set_pin"] == "GPIO22")
        #expect(sensor.json["serial"]?["path"] == "/dev/serial/by-id/usb-FTDI")
    }

    @Test func defaultsFollowTheModel() throws {
        let (configuration, errors) = try Self.read(#"{"sensor": {"model": "sps30", "i2c": {"address": "0x69"}}}"#)
        #expect(errors == nil)
        let sensor = try #require(configuration)
        #expect(sensor.i2cBus == 1 && sensor.i2cAddress == 0x69 && sensor.i2cDevicePath == "/dev/i2c-1")
        #expect(sensor.driver.interval == .seconds(10) && sensor.driver.warmUp == .seconds(30))
        #expect(sensor.driver.staleAfter == .seconds(30))
        #expect(sensor.json["i2c"]?["address"] == "0x69")
    }

    @Test func everyProblemIsReportedWithItsKeyPath() throws {
        let (_, errors) = try Self.read(
            """
            {"sensor": {"model": "sds011", "serial": {"baud": 9601}, "i2c": {"bus": 1}, "interval_s": 0,
             "set_pin": true, "mode": "fast", "dutycycle": "on"}}
            """)
        let paths = Set((errors?.errors ?? []).map(\.keyPath))
        for path in [
            "sensor.serial.baud", "sensor.i2c", "sensor.interval_s", "sensor.set_pin",
            "sensor.mode",
            "sensor.dutycycle",
        ] {
            #expect(paths.contains(path), "\(path) in \(paths)")
        }
    }

    @Test func aMissingOrUnknownModelIsAnError() throws {
        let (missing, missingErrors) = try Self.read(#"{"sensor": {"serial": {"path": "/dev/ttyUSB0"}}}"#)
        #expect(missing == nil)
        #expect(
            missingErrors?.errors.contains { $0.keyPath == "sensor.model" && $0.message.contains("required") } == true)
        let (unknown, unknownErrors) = try Self.read(#"{"sensor": {"model": "pms9003"}}"#)
        #expect(unknown == nil)
        #expect(unknownErrors?.errors.first?.message.contains("did you mean") == true)
    }

    @Test func pinsOnlyForPlantowerAndPassiveOnlyWithCommands() throws {
        let (_, pinErrors) = try Self.read(#"{"sensor": {"model": "sds011", "reset_pin": "GPIO27"}}"#)
        #expect(pinErrors?.errors.first?.keyPath == "sensor.reset_pin")
        let (_, modeErrors) = try Self.read(#"{"sensor": {"model": "pms3003", "mode": "passive"}}"#)
        #expect(modeErrors?.errors.first?.keyPath == "sensor.mode")
        let (_, addressErrors) = try Self.read(#"{"sensor": {"model": "pmsa003i", "i2c": {"address": "0x80"}}}"#)
        #expect(addressErrors?.errors.first?.keyPath == "sensor.i2c.address")
    }

    @Test func dutyCyclingIsAutomaticForLongIntervals() {
        var settings = DriverSettings(model: .pms5003, interval: .seconds(60))
        #expect(settings.sleepsBetweenSamples(canSleep: true))
        #expect(!settings.sleepsBetweenSamples(canSleep: false))
        settings.interval = .seconds(30)
        #expect(!settings.sleepsBetweenSamples(canSleep: true))
        settings.dutyCycle = .on
        #expect(settings.sleepsBetweenSamples(canSleep: true))
    }

    @Test func theLadderSkipsTheResetWithoutAPin() {
        var ladder = RecoveryLadder(canReset: false)
        #expect(
            [ladder.climb(), ladder.climb(), ladder.climb(), ladder.climb(), ladder.climb()] == [
                .resync, .resendMode, .reopen, .fault, .fault,
            ])
        ladder.reset()
        #expect(ladder.isAtBottom)
        var withPin = RecoveryLadder(canReset: true)
        #expect((0..<5).map { _ in withPin.climb() } == RecoveryStep.allCases)
    }
}
