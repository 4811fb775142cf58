public import FoundationEssentials

/// The local sensor's mean PM for one clock hour (after any correction), as the station's aggregator
/// produces it. A missing value is an hour without enough samples, not a zero.
public struct HourlyPM: Sendable, Hashable, Codable {
    /// The start of the clock hour the mean covers; the hour is [start, start + 1 h).
    public let hourStart: Date
    /// Mean PM2.5 in µg/m³, nil when the hour is missing.
    public let pm25: Double?
    /// Mean PM10 in µg/m³, nil when the hour is missing.
    public let pm10: Double?

    /// The means of the hour starting at `hourStart`.
    public init(hourStart: Date, pm25: Double?, pm10: Double?) {
        self.hourStart = hourStart
        self.pm25 = pm25
        self.pm10 = pm10
    }
}

/// One hourly value of a model (Open-Meteo's CAMS-based `pm2_5`/`pm10`): the concentration *at* `time`.
public struct ModelPM: Sendable, Hashable, Codable {
    /// The model time step.
    public let time: Date
    /// PM2.5 in µg/m³ at `time`; nil when the model wrote `null`.
    public let pm25: Double?
    /// PM10 in µg/m³ at `time`; nil when the model wrote `null`.
    public let pm10: Double?

    /// The model values at `time`.
    public init(time: Date, pm25: Double?, pm10: Double?) {
        self.time = time
        self.pm25 = pm25
        self.pm10 = pm10
    }
}

/// What the regional reference (Open-Meteo) says about the station's place, reduced to what reconciliation
/// and the fallback need.
///
/// `usAQIPM25` and `usAQIPM10` are Open-Meteo's sub-indices of the plain 24-hour mean of the 24 hourly
/// model values *before* `time`; `usAQI` also contains O3, NO2, SO2 and CO and is never compared with the
/// station's PM-only index.
public struct ReferenceAirQuality: Sendable, Hashable, Codable {
    /// The model hour of the `current` values (the current UTC hour, rounded down).
    public let time: Date
    /// `us_aqi_pm2_5`: PM2.5 sub-index of the previous 24 hours.
    public let usAQIPM25: Int?
    /// `us_aqi_pm10`: PM10 sub-index of the previous 24 hours.
    public let usAQIPM10: Int?
    /// `us_aqi`: the maximum over all pollutants (reported, never compared).
    public let usAQI: Int?
    /// Hourly model PM around now (Open-Meteo's `hourly` block, oldest first).
    public let hourly: [ModelPM]
    /// `european_aqi`: Open-Meteo's European AQI over all pollutants, on the EEA's pre-2024 bands mapped onto
    /// Open-Meteo's 0-100+ scale (not the station's 1-6 `eu-eaqi` bands). Reported, never compared.
    public let europeanAQI: Int?
    /// `european_aqi_pm2_5`: its PM2.5 sub-index (24-hour mean, older bands, 0-100+ scale).
    public let europeanAQIPM25: Int?
    /// `european_aqi_pm10`: its PM10 sub-index (24-hour mean, older bands, 0-100+ scale).
    public let europeanAQIPM10: Int?

    /// A reference reading.
    public init(
        time: Date, usAQIPM25: Int?, usAQIPM10: Int?, usAQI: Int?, hourly: [ModelPM], europeanAQI: Int? = nil,
        europeanAQIPM25: Int? = nil, europeanAQIPM10: Int? = nil
    ) {
        self.time = time
        self.usAQIPM25 = usAQIPM25
        self.usAQIPM10 = usAQIPM10
        self.usAQI = usAQI
        self.hourly = hourly
        self.europeanAQI = europeanAQI
        self.europeanAQIPM25 = europeanAQIPM25
        self.europeanAQIPM10 = europeanAQIPM10
    }

    /// The PM-only 24-hour index, `max(us_aqi_pm2_5, us_aqi_pm10)`: the reference's counterpart of the
    /// station's 24-hour-mean PM AQI.
    public var pmAQI: Int? {
        switch (usAQIPM25, usAQIPM10) {
        case (let a?, let b?): max(a, b)
        case (let a?, nil): a
        case (nil, let b?): b
        case (nil, nil): nil
        }
    }

    /// The model's mean over the clock hour [start, start + 1 h): the average of the values at both ends
    /// (the trapezoid rule on an instantaneous series), or the one end that exists.
    public func hourMean(_ pollutant: KeyPath<ModelPM, Double?>, hourStart: Date) -> Double? {
        let end = hourStart.addingTimeInterval(3600)
        let atStart = hourly.first { $0.time == hourStart }?[keyPath: pollutant]
        let atEnd = hourly.first { $0.time == end }?[keyPath: pollutant]
        switch (atStart, atEnd) {
        case (let a?, let b?): return (a + b) / 2
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }
}

/// The latest reference as the station holds it: the last good reading (possibly old), when it was
/// fetched, and the last error if the latest attempt failed.
public struct ReferenceSnapshot: Sendable, Hashable {
    /// The last reading fetched successfully, nil when none ever was.
    public let reading: ReferenceAirQuality?
    /// When ``reading`` was fetched.
    public let fetchedAt: Date?
    /// Why the latest attempt failed; nil when it succeeded.
    public let error: String?

    /// A snapshot.
    public init(reading: ReferenceAirQuality?, fetchedAt: Date?, error: String?) {
        self.reading = reading
        self.fetchedAt = fetchedAt
        self.error = error
    }

    /// Nothing fetched yet, no error either (at start-up, or with Open-Meteo disabled).
    public static let none = ReferenceSnapshot(reading: nil, fetchedAt: nil, error: nil)

    /// Seconds since the reading was fetched.
    public func age(at now: Date) -> Double? { fetchedAt.map { max(0, now.timeIntervalSince($0)) } }

    /// The reading when it was fetched at most `maximumAge` seconds before `now`.
    public func reading(notOlderThan maximumAge: Double, at now: Date) -> ReferenceAirQuality? {
        guard let reading, let age = age(at: now), age <= maximumAge else { return nil }
        return reading
    }
}
