import CheckedConversions

/// The station's own minutes and hours when it has two PM sensors (channels A and B): each clock hour is
/// judged by ``ChannelAgreement`` on the two channels' hourly means, and the hour's minutes and mean come
/// from the channels the verdict uses — their mean when they agree, one of them when the other is the suspect
/// or absent, none when the disagreement cannot be resolved (the hour then is missing, as an hour without
/// enough samples is, and the NowCast skips it). Pure: aggregates in, aggregates and verdicts out.
public struct ChannelPair: Sendable {
    /// Readings all the same over the hour (spread at most this, µg/m³) mean a stuck channel.
    public static let stuckSpread = 0.05
    /// Minutes an hour needs before a flat channel counts as stuck (fewer are too few to tell).
    public static let stuckMinimumMinutes = 10
    /// A flat channel below this level is clean air, not a stuck channel, µg/m³ (the zero rule covers it).
    public static let stuckMinimumLevel = 1.0

    /// One channel's recent data.
    public struct Channel: Sendable {
        /// Its hourly aggregates (complete hours and the current one).
        public var hours: [HourlyAggregate]
        /// Its recent minute aggregates, the one being collected included.
        public var minutes: [MinuteAggregate]
        /// Whether the channel's sensor is working now; a dead one has no say on the current hour.
        public var live: Bool

        /// A channel from its parts.
        public init(hours: [HourlyAggregate], minutes: [MinuteAggregate], live: Bool) {
            self.hours = hours
            self.minutes = minutes
            self.live = live
        }
    }

    /// The combined hours (those with a value), any order.
    public private(set) var hours: [HourlyAggregate] = []
    /// The combined minutes, any order.
    public private(set) var minutes: [MinuteAggregate] = []
    /// The verdict of every hour either channel has.
    public private(set) var verdicts: [Int64: ChannelAgreement] = [:]
    /// The hour the ``current`` verdict is about: the current clock hour when either channel has data in it,
    /// else the one before.
    public private(set) var currentHour: Int64
    /// The verdict on ``currentHour``.
    public var current: ChannelAgreement {
        verdicts[currentHour]
            ?? ChannelAgreement.evaluate(a: nil, b: nil, reference: nil)
    }

    /// Combines the channels.
    /// - Parameters:
    ///   - now: seconds since 1970; the current hour is the one containing it.
    ///   - reference: the reference's mean PM2.5 for an hour (whole hours since 1970), µg/m³, or nil.
    public init(a: Channel, b: Channel, now: Double, reference: (Int64) -> Double?) {
        let clockHour = Int64(flooringTime: now / 3600)
        let hoursA = Dictionary(a.hours.map { ($0.hour, $0) }, uniquingKeysWith: { $1 })
        let hoursB = Dictionary(b.hours.map { ($0.hour, $0) }, uniquingKeysWith: { $1 })
        let minutesA = Dictionary(grouping: a.minutes, by: \.hour)
        let minutesB = Dictionary(grouping: b.minutes, by: \.hour)
        let hasCurrent = hoursA[clockHour] != nil || hoursB[clockHour] != nil || minutesA[clockHour] != nil
            || minutesB[clockHour] != nil
        currentHour = hasCurrent ? clockHour : clockHour - 1
        let keys = Set(hoursA.keys).union(hoursB.keys).union(minutesA.keys).union(minutesB.keys)
        for key in keys {
            let ownMinutesA = minutesA[key] ?? []
            let ownMinutesB = minutesB[key] ?? []
            // A dead channel has no say on the hour in progress; complete hours keep what it measured.
            let hourA = key == clockHour && !a.live ? nil : hoursA[key] ?? HourlyAggregate(hour: key, minutes: ownMinutesA)
            let hourB = key == clockHour && !b.live ? nil : hoursB[key] ?? HourlyAggregate(hour: key, minutes: ownMinutesB)
            let verdict = ChannelAgreement.evaluate(
                a: hourA.flatMap { Self.evidence($0, minutes: ownMinutesA) },
                b: hourB.flatMap { Self.evidence($0, minutes: ownMinutesB) }, reference: reference(key))
            verdicts[key] = verdict
            let useA = verdict.used.contains(.a)
            let useB = verdict.used.contains(.b)
            if let hour = Self.merge(useA ? hourA : nil, useB ? hourB : nil) { hours.append(hour) }
            minutes += Self.merge(minutes: useA ? ownMinutesA : [], useB ? ownMinutesB : [])
        }
    }

    /// A channel's evidence for an hour: its PM2.5 mean, and whether its readings stayed flat.
    static func evidence(_ hour: HourlyAggregate, minutes: [MinuteAggregate]) -> ChannelAgreement.Evidence? {
        guard let mean = hour.pm25 else { return nil }
        let readings = minutes.compactMap(\.pm25)
        var stuck = false
        if readings.count >= stuckMinimumMinutes, let low = readings.map(\.minimum).min(),
            let high = readings.map(\.maximum).max()
        {
            stuck = high - low <= stuckSpread && mean >= stuckMinimumLevel
        }
        return ChannelAgreement.Evidence(mean: mean, stuck: stuck)
    }

    /// The mean of two hourly aggregates field by field (one alone when the other is nil or lacks a field).
    static func merge(_ a: HourlyAggregate?, _ b: HourlyAggregate?) -> HourlyAggregate? {
        guard let a, let b else { return a ?? b }
        return HourlyAggregate(
            hour: a.hour, minutes: max(a.minutes, b.minutes), pm1: mean(a.pm1, b.pm1), pm25: mean(a.pm25, b.pm25),
            pm10: mean(a.pm10, b.pm10), pm25CF1: mean(a.pm25CF1, b.pm25CF1),
            temperature: mean(a.temperature, b.temperature), humidity: mean(a.humidity, b.humidity))
    }

    /// Minute by minute, the mean of the two channels' minutes (one alone where the other has none).
    static func merge(minutes a: [MinuteAggregate], _ b: [MinuteAggregate]) -> [MinuteAggregate] {
        var byMinute = Dictionary(a.map { ($0.minute, $0) }, uniquingKeysWith: { $1 })
        for minute in b {
            guard let other = byMinute[minute.minute] else {
                byMinute[minute.minute] = minute
                continue
            }
            byMinute[minute.minute] = MinuteAggregate(
                minute: minute.minute, count: other.count + minute.count, pm1: mean(other.pm1, minute.pm1),
                pm25: mean(other.pm25, minute.pm25), pm10: mean(other.pm10, minute.pm10),
                pm25CF1: mean(other.pm25CF1, minute.pm25CF1), temperature: mean(other.temperature, minute.temperature),
                humidity: mean(other.humidity, minute.humidity))
        }
        return Array(byMinute.values)
    }

    static func mean(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b else { return a ?? b }
        return (a + b) / 2
    }

    static func mean(_ a: Statistic?, _ b: Statistic?) -> Statistic? {
        guard let a, let b else { return a ?? b }
        return Statistic(mean: (a.mean + b.mean) / 2, minimum: min(a.minimum, b.minimum), maximum: max(a.maximum, b.maximum))
    }
}
