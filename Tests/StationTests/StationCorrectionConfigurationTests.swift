import AirQuality
import Configuration
import JSON
import Sensors
import Station
import Testing

/// `sensor.correction` is the station's (issue 14 §3): read with the station's configuration from the sensor's
/// section, which the sensor's reader shares, so neither calls the other's keys unknown.
@Suite("The PM2.5 correction in the station's configuration")
struct StationCorrectionConfigurationTests {
    func parse(_ text: String) throws -> StationConfiguration { try parseConfiguration(text) }

    func problems(_ text: String) -> [ConfigError] { configurationProblems(text) }

    @Test("sensor.correction is read beside the sensor's own keys, and printed after interval_s")
    func readBesideTheSensorsKeys() throws {
        let configuration = try parse(
            """
            {"sensor": {"model": "pms5003", "serial": {"path": "/dev/serial/by-id/usb-FTDI", "baud": 9600},
             "interval_s": 120, "correction": "epa-2021", "set_pin": "GPIO22"},
             "sensor_b": {"model": "sds011", "serial": {"path": "/dev/ttyUSB1"}, "correction": "none"}}
            """)
        #expect(configuration.sensor?.serialPath == "/dev/serial/by-id/usb-FTDI")
        #expect(configuration.correction == .epa2021)
        #expect(configuration.correctionB == PM25CorrectionChoice.none)
        #expect(configuration.effectiveCorrection?.correction == .epa2021)
        let sensor = configuration.json()["sensor"]
        #expect(sensor?["correction"] == "epa-2021")
        guard case .object(let pairs)? = sensor else {
            Issue.record("no sensor section in \(configuration.json())")
            return
        }
        let keys = pairs.map(\.key)
        #expect(keys.firstIndex(of: "correction") == keys.firstIndex(of: "interval_s").map { $0 + 1 }, "\(keys)")
        #expect(configuration.json()["sensor_b"]?["correction"] == "none")
    }

    @Test("auto by default: on an SPS30, never fitted by the EPA, no correction runs and the station says why")
    func autoResolvesForTheSensor() throws {
        let configuration = try parse(#"{"sensor": {"model": "sps30", "i2c": {"address": "0x69"}}}"#)
        #expect(configuration.correction == .auto)
        #expect(configuration.effectiveCorrection?.correction == PM25Correction.none)
        #expect(configuration.effectiveCorrection?.reason?.contains("never fitted") == true)
        #expect(try parse(#"{"sensor": {"model": "pms5003"}}"#).effectiveCorrection?.correction == .epa2022Smoke)
        #expect(try parse("{}").effectiveCorrection == nil)
    }

    @Test("a wrong correction is reported with its key path and a did-you-mean, with the sensor's own problems")
    func aWrongCorrectionIsReported() {
        let found = problems(#"{"sensor": {"model": "sds011", "correction": "epa2021", "mode": "fast"}}"#)
        let paths = Set(found.map(\.keyPath))
        #expect(paths == ["sensor.correction", "sensor.mode"], "\(found)")
        let suggestion = found.first { $0.keyPath == "sensor.correction" }?.message
        #expect(suggestion?.contains("did you mean \"epa-2021\"") == true)
    }

    @Test("readCorrections checks both sections' correction for readers that build no configuration (doctor)")
    func readCorrectionsForOtherReaders() throws {
        let root = try ConfigFile.parse(
            Array(#"{"sensor": {"model": "pms5003", "correction": "epa-2021"}, "sensor_b": {"correction": "nonee"}}"#.utf8),
            source: "test.json")
        _ = root.section("sensor").flatMap { SensorConfiguration(section: $0) }
        _ = root.section("sensor_b")?.string("model")
        StationConfiguration.readCorrections(root)
        do throws(ConfigErrors) {
            try root.finish()
            Issue.record("expected sensor_b.correction's problem")
        } catch {
            #expect(error.errors.map(\.keyPath) == ["sensor_b.correction"], "\(error.errors)")
        }
    }
}
