import CheckedConversions

/// Where the relative humidity for the EPA corrections came from. Raw values are the API's
/// `correction_rh_source` strings.
public enum CorrectionHumiditySource: String, Sendable, Hashable, CaseIterable, Codable {
    /// The station's climate sensor (`climate`: SHT3x, SHT4x, BME280).
    case climate
    /// The particulate sensor's own (PMS5003T/ST).
    case sensor
    /// Open-Meteo's modelled humidity at the station's place.
    case openMeteo = "open-meteo"
}

/// The relative humidity the EPA corrections use, picked from the sources in order of how close they are
/// to the sensor's air: the climate sensor, the PM sensor's own, Open-Meteo's regional model. Each counts
/// only while it is younger than its age limit, so a source that stops reporting gives way to the next one
/// at once and never holds the pipeline. Pure: candidates and time in, a choice out.
public struct CorrectionHumidity: Sendable, Hashable {
    /// One source's latest value.
    public struct Candidate: Sendable, Hashable {
        /// Relative humidity, %.
        public var relativeHumidity: Double
        /// When it was measured or fetched, seconds since 1970.
        public var time: Double
        /// The oldest it may be, seconds.
        public var maximumAge: Double

        /// A candidate.
        public init(relativeHumidity: Double, time: Double, maximumAge: Double) {
            self.relativeHumidity = relativeHumidity
            self.time = time
            self.maximumAge = maximumAge
        }

        func isFresh(at now: Double) -> Bool {
            relativeHumidity.isFinite && now - time <= maximumAge
        }
    }

    /// Above this relative humidity (%), optical sensors count droplets as particles (fog): readings are
    /// flagged (`sensor.humidity_flag`).
    public static let foggyAbove: Double = 90

    /// The humidity used, %, clamped to 0-100; nil when no source is fresh.
    public let relativeHumidity: Double?
    /// Which source gave it; nil when none did.
    public let source: CorrectionHumiditySource?
    /// Why there is no humidity (each source's state), when there is none.
    public let missingReason: String?

    /// The first fresh source among `climate`, `sensor` and `openMeteo` (in that order) at `now`
    /// (seconds since 1970). A nil candidate is a source the station does not have or that has not
    /// reported.
    public init(climate: Candidate?, sensor: Candidate?, openMeteo: Candidate?, now: Double) {
        let ordered: [(CorrectionHumiditySource, Candidate?)] = [(.climate, climate), (.sensor, sensor), (.openMeteo, openMeteo)]
        if let (source, candidate) = ordered.first(where: { $0.1?.isFresh(at: now) == true }), let candidate {
            relativeHumidity = min(100, max(0, candidate.relativeHumidity))
            self.source = source
            missingReason = nil
            return
        }
        relativeHumidity = nil
        source = nil
        func state(_ name: String, _ candidate: Candidate?, missing: String) -> String {
            guard let candidate else { return "\(name) \(missing)" }
            let age = Int(clampingRounded: max(0, now - candidate.time))
            return "\(name) is \(age) s old (limit \(Int(clampingRounded: candidate.maximumAge)) s)"
        }
        missingReason =
            "no fresh relative humidity: "
            + [
                state("the climate sensor", climate, missing: "has no reading"),
                state("the PM sensor's own", sensor, missing: "is not measured"),
                state("Open-Meteo's", openMeteo, missing: "has not been fetched"),
            ].joined(separator: "; ")
    }

    /// Whether the humidity is above ``foggyAbove``; nil when unknown.
    public var isFoggy: Bool? { relativeHumidity.map { $0 > Self.foggyAbove } }
}
