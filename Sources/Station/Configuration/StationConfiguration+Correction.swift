public import AirQuality
public import Configuration
import JSON
import Sensors

extension StationConfiguration {
    /// Reads `correction` from a sensor section (`sensor` or `sensor_b`): `auto` when absent.
    ///
    /// The key lives in the sensor's section because it belongs with the sensor in the user's mind, but the
    /// station applies it (a driver reports what the sensor measured), so the station reads it; the section is
    /// shared with ``Sensors/SensorConfiguration``'s reader, so neither reports the other's keys as unknown.
    static func readCorrection(_ section: ConfigSection?) -> PM25CorrectionChoice {
        section?.choice("correction", as: PM25CorrectionChoice.self) ?? .auto
    }

    /// Reads `sensor.correction` and `sensor_b.correction` of `root`, recording problems there: for readers of
    /// the file that do not build a whole configuration (`doctor`), so the keys are checked the same way.
    public static func readCorrections(_ root: ConfigSection) {
        for key in ["sensor", "sensor_b"] where root.contains(key) {
            _ = readCorrection(root.section(key))
        }
    }

    /// The correction that runs on `sensor` (`auto` resolved), and why `auto` chose none, if it did; nil
    /// without a sensor.
    public var effectiveCorrection: (correction: PM25Correction, reason: String?)? {
        sensor.map { correction.resolved(hasCF1Channel: $0.model.hasCF1Channel, sensorName: $0.model.displayName) }
    }

    /// A sensor section's effective values with its `correction`, after `interval_s` where the file and
    /// docs/configuration.md list it.
    static func sensorJSON(_ sensor: SensorConfiguration?, correction: PM25CorrectionChoice) -> JSONValue {
        guard let sensor, case .object(var pairs) = sensor.json else { return .null }
        let position = (pairs.firstIndex { $0.key == "interval_s" }).map { $0 + 1 } ?? pairs.endIndex
        pairs.insert(("correction", .string(correction.rawValue)), at: position)
        return .object(pairs)
    }
}
