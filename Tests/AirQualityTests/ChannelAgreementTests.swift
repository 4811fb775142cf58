import AirQuality
import Testing

/// The EPA's PurpleAir A/B rule (Barkjohn et al. 2021): an hour is invalid only when the channels differ by
/// more than 5 µg/m³ and by more than 70 %; then the suspect is named where the evidence allows.
@Suite struct ChannelAgreementTests {
    private func verdict(_ a: Double?, _ b: Double?, reference: Double? = nil) -> ChannelAgreement {
        ChannelAgreement.evaluate(
            a: a.map { ChannelAgreement.Evidence(mean: $0) }, b: b.map { ChannelAgreement.Evidence(mean: $0) },
            reference: reference)
    }

    @Test("boundaries: both conditions are needed, and each bound itself still agrees", arguments: [
        // (A, B, disagree)
        (10.0, 15.0, false),  // exactly 5 µg/m³ (40 %): not more than 5
        (0.0, 5.0, false),  // exactly 5 µg/m³ at 200 %: the absolute bound alone saves it
        (0.0, 5.1, true),  // just over 5 µg/m³ at 200 %
        (2.0, 7.01, true),
        (13.0, 27.0, false),  // 14 µg/m³ at exactly 70 %: not more than 70 %
        (13.0, 27.1, true),  // 14.1 µg/m³ at 70.3 %
        (100.0, 130.0, false),  // 30 µg/m³ but 26 %: smoke, a large absolute gap is normal
        (1.0, 5.0, false),  // 133 % but 4 µg/m³: clean air, a large relative gap is normal
        (30.0, 8.0, true),  // order does not matter
    ])
    func boundaries(a: Double, b: Double, disagree: Bool) {
        #expect(ChannelAgreement.disagree(a, b) == disagree)
        let result = verdict(a, b)
        #expect(result.state == (disagree ? .disagree : .agree))
        #expect(result.difference == abs(a - b))
        #expect(result.flagged == disagree)
    }

    @Test("agreeing channels: the station's value is their mean, the relative difference |A-B|·2/(A+B)")
    func agreeingMean() {
        let result = verdict(10, 14)
        #expect(result.value == 12)
        #expect(result.used == [.a, .b])
        #expect(result.relativeDifference == 8.0 / 24.0)
        #expect(result.suspect == nil)
        #expect(verdict(0, 0).relativeDifference == 0)
    }

    @Test("one channel alone is single and used; none at all has no value")
    func single() {
        let onlyA = verdict(12, nil)
        #expect(onlyA.state == .single)
        #expect(onlyA.value == 12)
        #expect(onlyA.used == [.a])
        #expect(onlyA.difference == nil)
        let onlyB = verdict(nil, 7)
        #expect(onlyB.used == [.b])
        #expect(onlyB.value == 7)
        let none = verdict(nil, nil)
        #expect(none.state == .single)
        #expect(none.value == nil)
        #expect(none.used.isEmpty)
    }

    @Test("a stuck channel is the suspect when the other moved; both stuck falls to the next rule")
    func stuck() {
        let result = ChannelAgreement.evaluate(
            a: ChannelAgreement.Evidence(mean: 40, stuck: true), b: ChannelAgreement.Evidence(mean: 9), reference: nil)
        #expect(result.state == .disagree)
        #expect(result.suspect == .a)
        #expect(result.suspectReason == .stuck)
        #expect(result.value == 9)
        #expect(result.used == [.b])
        let both = ChannelAgreement.evaluate(
            a: ChannelAgreement.Evidence(mean: 40, stuck: true), b: ChannelAgreement.Evidence(mean: 9, stuck: true),
            reference: 10)
        #expect(both.suspect == .a)
        #expect(both.suspectReason == .farFromReference)
    }

    @Test("a channel reading zero while the other does not is the suspect")
    func zero() {
        let result = verdict(22, 0.3)
        #expect(result.suspect == .b)
        #expect(result.suspectReason == .zero)
        #expect(result.value == 22)
    }

    @Test("the reference names the channel beyond the EPA bounds from it when the other is within them")
    func reference() {
        let farB = verdict(10, 40, reference: 12)
        #expect(farB.suspect == .b)
        #expect(farB.suspectReason == .farFromReference)
        #expect(farB.value == 10)
        #expect(farB.flagged)
        let farA = verdict(45, 14, reference: 12)
        #expect(farA.suspect == .a)
        #expect(farA.value == 14)
    }

    @Test("undecided: no reference, or both channels on the same side of it: the hour has no value")
    func undecided() {
        for result in [verdict(10, 40), verdict(10, 30, reference: 20), verdict(10, 40, reference: 200)] {
            #expect(result.state == .disagree)
            #expect(result.suspect == nil)
            #expect(result.value == nil)
            #expect(result.used.isEmpty)
            #expect(result.flagged)
        }
    }
}
