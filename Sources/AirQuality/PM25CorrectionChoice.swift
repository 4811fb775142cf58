/// `sensor.correction` as configured: one of the ``PM25Correction``s, or `auto`, which picks the EPA's
/// extended-smoke correction for sensors it was fitted on and none for the others. Raw values are the
/// configuration's strings.
public enum PM25CorrectionChoice: String, Sendable, CaseIterable, Codable {
    /// The EPA 2022 extended-smoke correction for the Plantower family (its CF=1 channel); none elsewhere.
    case auto
    /// No correction.
    case none
    /// Always ``PM25Correction/epa2021``.
    case epa2021 = "epa-2021"
    /// Always ``PM25Correction/epa2022Smoke``.
    case epa2022Smoke = "epa-2022-smoke"

    /// The correction this choice runs for a sensor, and why `auto` chose none, if it did.
    ///
    /// - Parameters:
    ///   - hasCF1Channel: whether the sensor reports the CF=1 PM2.5 the EPA fitted its corrections on
    ///     (Plantower); the others (SDS011, SPS30, HPMA115, PM1006) were never fitted.
    ///   - sensorName: the sensor's model, for the reason.
    public func resolved(hasCF1Channel: Bool, sensorName: String) -> (correction: PM25Correction, reason: String?) {
        switch self {
        case .none: return (.none, nil)
        case .epa2021: return (.epa2021, nil)
        case .epa2022Smoke: return (.epa2022Smoke, nil)
        case .auto:
            guard hasCF1Channel else {
                return (
                    .none,
                    "the EPA corrections were fitted on Plantower CF=1 readings; the \(sensorName) was never "
                        + "fitted, so its value is shown uncorrected")
            }
            return (.epa2022Smoke, nil)
        }
    }
}
