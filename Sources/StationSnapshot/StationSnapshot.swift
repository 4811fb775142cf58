public import AirQuality
public import FoundationEssentials

/// The station's state at one moment: one immutable value, the single source every HTTP route renders from.
///
/// The station builds a new snapshot whenever something changes (a sample, a reference fetch, an LED change,
/// and at least every few seconds so ages stay true) and hands it to the endpoint's publisher, which
/// re-renders the bodies. Fields hold domain values (``AQILevel`` and friends come from `AirQuality`);
/// presentation (text, emoji, colours, tips) is derived, never stored twice.
public struct StationSnapshot: Sendable {
    /// Which station this is.
    public var station: StationIdentity
    /// When the snapshot was taken; ages (`age_s`) are measured to this time.
    public var time: Date
    /// When the process started (for `breeze_process_start_time_seconds`); nil when unknown.
    public var startedAt: Date?
    /// The particulate sensor.
    public var sensor: SensorStatus
    /// The second particulate sensor (`sensor_b`, channel B); nil when none is configured.
    public var sensorB: SensorStatus?
    /// How channels A and B compare over the current hour (`single` without a second sensor).
    public var agreement = ChannelAgreement.evaluate(a: nil, b: nil, reference: nil)
    /// Temperature, humidity and pressure at the station (the climate sensor, else the PM sensor's own);
    /// nil when neither measures them or the newest reading is too old.
    public var climate: ClimateReading?
    /// The AQI the station reports (local or regional); nil when there is none at all.
    public var aqi: AQIReading?
    /// Why the AQI comes from where it does (``AQISourceSelector``); nil before the station decided.
    public var selection: AQISelection?
    /// The local indices behind it: instantaneous, NowCast, 24-hour.
    public var localIndices: LocalIndices
    /// The configured air-quality indices (`aqi.index` first, then `aqi.also`) from the local data.
    public var indices: [IndexReading] = []
    /// The latest Open-Meteo reference for the same place.
    public var reference: ReferenceStatus
    /// How the local sensor compares with the reference (``Reconciler``); nil while there is nothing to
    /// reconcile (no complete local hour of PM2.5 in the last 24 hours).
    public var reconciliation: Reconciliation?
    /// What the LEDs show.
    public var leds: LEDStatus
    /// Up to 24 hourly values, oldest first, for the status page's chart.
    public var recentHours: [HourlyAQI]
    /// The counters every area reports (frames, checksum errors, resyncs, reference fetches...).
    public var counters: StationCounters
    /// What the other areas count (the store and restarts, the MQTT publisher), as their own values: `/metrics`
    /// asks them for their families when it is rendered (``MetricSource``), so any area adds families without
    /// renderer changes and nothing is rendered on a refresh nobody reads.
    public var metricSources: [any MetricSource]
    /// The Open-Meteo services (cities, pollen, climate) as the Open-Meteo work renders them.
    public var services: OpenMeteoServices
    /// The community uploaders' status, one per enabled service (`uploads` of `/api/v1/current` and the
    /// `breeze_upload_*` families, rendered by ``UploadsDocument``); empty when none is enabled.
    public var uploads: [UploadStatus] = []

    /// A snapshot; everything but the station and the time has an "unknown" default.
    public init(
        station: StationIdentity,
        time: Date,
        startedAt: Date? = nil,
        sensor: SensorStatus = SensorStatus(),
        aqi: AQIReading? = nil,
        selection: AQISelection? = nil,
        localIndices: LocalIndices = LocalIndices(),
        reference: ReferenceStatus = .pending,
        reconciliation: Reconciliation? = nil,
        leds: LEDStatus = LEDStatus(),
        recentHours: [HourlyAQI] = [],
        counters: StationCounters = StationCounters(),
        metricSources: [any MetricSource] = [],
        services: OpenMeteoServices = OpenMeteoServices()
    ) {
        self.station = station
        self.time = time
        self.startedAt = startedAt
        self.sensor = sensor
        self.aqi = aqi
        self.selection = selection
        self.localIndices = localIndices
        self.reference = reference
        self.reconciliation = reconciliation
        self.leds = leds
        self.recentHours = recentHours
        self.counters = counters
        self.metricSources = metricSources
        self.services = services
    }

    /// Whether there is something worth serving: sensor data or reference data (`/readyz`).
    public var isReady: Bool {
        sensor.hasReading || reference.reading != nil
    }

    /// Seconds from `date` to the snapshot's time, never negative; nil for nil.
    public func age(of date: Date?) -> Double? {
        date.map { max(0, time.timeIntervalSince($0)) }
    }

    /// The share line (`/api/v1/share`, the share button); nil without an AQI.
    public var shareText: String? {
        aqi.map { ShareText.make(place: station.name, index: $0.value) }
    }
}

/// Which station this is and where.
public struct StationIdentity: Sendable, Hashable {
    /// The name users gave it, e.g. "Balcony".
    public var name: String
    /// Degrees north; nil when the station has no location.
    public var latitude: Double?
    /// Degrees east; nil when the station has no location.
    public var longitude: Double?

    /// An identity.
    public init(name: String, latitude: Double?, longitude: Double?) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }
}
