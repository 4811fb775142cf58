import AirQuality
import Testing

/// Two channels' minutes and hours combined hour by hour with the A/B rule.
@Suite struct ChannelPairTests {
    /// 2026-11-30T09:00Z as whole hours; `now` is 09:30, so 08:00 is complete and 09:00 in progress.
    private static let hour: Int64 = 498_897
    private static let now = Double(hour) * 3600 + 1800

    /// A channel's minutes: `value(minuteOfHour, hour)` for hours `hours`, up to `now`.
    private func channel(
        hours: ClosedRange<Int64>, live: Bool = true, _ value: (Int, Int64) -> Double
    ) -> ChannelPair.Channel {
        var minutes: [MinuteAggregate] = []
        for hour in hours {
            for offset in 0..<60 {
                let minute = hour * 60 + Int64(offset)
                guard Double(minute) * 60 < Self.now else { continue }
                let pm25 = value(offset, hour)
                minutes.append(MinuteAggregate(
                    minute: minute, count: 1, pm1: nil, pm25: Statistic(pm25), pm10: Statistic(pm25 * 1.5)))
            }
        }
        let aggregates = hours.compactMap { hour in HourlyAggregate(hour: hour, minutes: minutes) }
        return ChannelPair.Channel(hours: aggregates, minutes: minutes, live: live)
    }

    private func wiggle(_ base: Double) -> (Int, Int64) -> Double {
        { minute, _ in base + Double(minute % 4) }
    }

    @Test("agreeing channels: each hour and minute is their mean")
    func agree() throws {
        let pair = ChannelPair(
            a: channel(hours: Self.hour - 1...Self.hour, wiggle(10)),
            b: channel(hours: Self.hour - 1...Self.hour, wiggle(12)), now: Self.now, reference: { _ in nil })
        #expect(pair.currentHour == Self.hour)
        #expect(pair.current.state == .agree)
        let previous = try #require(pair.hours.first { $0.hour == Self.hour - 1 })
        #expect(abs((previous.pm25 ?? 0) - 12.5) < 1e-9)
        #expect(previous.minutes == 60)
        let minute = try #require(pair.minutes.first { $0.minute == (Self.hour - 1) * 60 + 1 })
        #expect(minute.pm25?.mean == 12)
    }

    @Test("an undecided disagreement drops the hour and its minutes; the evaluator then skips it")
    func undecidedDropsHour() {
        let pair = ChannelPair(
            a: channel(hours: Self.hour - 3...Self.hour, wiggle(10)),
            b: channel(hours: Self.hour - 3...Self.hour) { minute, hour in
                hour == Self.hour - 1 ? 40 + Double(minute % 3) : 10 + Double(minute % 4)
            }, now: Self.now, reference: { _ in nil })
        #expect(pair.verdicts[Self.hour - 1]?.state == .disagree)
        #expect(pair.verdicts[Self.hour - 1]?.suspect == nil)
        #expect(!pair.hours.contains { $0.hour == Self.hour - 1 })
        #expect(!pair.minutes.contains { $0.hour == Self.hour - 1 })
        #expect(pair.verdicts[Self.hour - 2]?.state == .agree)
        let local = LocalAirQualityEvaluator().evaluate(hours: pair.hours, minutes: pair.minutes, now: Self.now)
        #expect(local.hourly.last?.hour == Self.hour - 1)
        #expect(local.hourly.last?.pm25 == nil)
        #expect(local.hourly.dropLast().last?.pm25 != nil)
    }

    @Test("with the reference the drifting channel is named and the other one's hour used, flagged")
    func referenceNamesSuspect() throws {
        let pair = ChannelPair(
            a: channel(hours: Self.hour - 1...Self.hour, wiggle(10)),
            b: channel(hours: Self.hour - 1...Self.hour, wiggle(40)), now: Self.now, reference: { _ in 12 })
        let verdict = try #require(pair.verdicts[Self.hour - 1])
        #expect(verdict.suspect == .b)
        #expect(verdict.flagged)
        let hour = try #require(pair.hours.first { $0.hour == Self.hour - 1 })
        #expect(abs((hour.pm25 ?? 0) - 11.5) < 1e-9)
    }

    @Test("a flat channel is stuck and loses against a moving one, without any reference")
    func stuckChannel() throws {
        let pair = ChannelPair(
            a: channel(hours: Self.hour - 1...Self.hour, wiggle(8)),
            b: channel(hours: Self.hour - 1...Self.hour) { _, _ in 35 }, now: Self.now, reference: { _ in nil })
        let verdict = try #require(pair.verdicts[Self.hour - 1])
        #expect(verdict.suspect == .b)
        #expect(verdict.suspectReason == .stuck)
    }

    @Test("a dead channel has no say on the hour in progress; its complete hours still count")
    func deadChannel() throws {
        let pair = ChannelPair(
            a: channel(hours: Self.hour - 1...Self.hour, wiggle(10)),
            b: channel(hours: Self.hour - 1...Self.hour, live: false, wiggle(40)), now: Self.now,
            reference: { _ in nil })
        #expect(pair.current.state == .single)
        #expect(pair.current.used == [.a])
        let current = try #require(pair.minutes.first { $0.minute == Self.hour * 60 + 1 })
        #expect(current.pm25?.mean == 11)
        #expect(pair.verdicts[Self.hour - 1]?.state == .disagree)
    }

    @Test("at the top of the hour, before a minute of it is complete, the verdict is the previous hour's")
    func previousHour() {
        let now = Double(Self.hour) * 3600 + 20
        let minutes = (0..<60).map { offset in
            MinuteAggregate(minute: (Self.hour - 1) * 60 + Int64(offset), count: 1, pm1: nil, pm25: Statistic(10), pm10: nil)
        }
        let hours = [HourlyAggregate(hour: Self.hour - 1, minutes: minutes)].compactMap { $0 }
        let pair = ChannelPair(
            a: ChannelPair.Channel(hours: hours, minutes: minutes, live: true),
            b: ChannelPair.Channel(hours: hours, minutes: minutes, live: true), now: now, reference: { _ in nil })
        #expect(pair.currentHour == Self.hour - 1)
        #expect(pair.current.state == .agree)
    }
}
