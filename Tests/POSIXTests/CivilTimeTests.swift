import Testing

@testable import POSIX

@Suite("Civil time")
struct CivilTimeTests {
    @Test(arguments: [
        (Int64(1970), Int64(1), Int64(1), Int64(0)),
        (2000, 3, 1, 11_017),
        (2024, 2, 29, 19_782),
        (2026, 12, 2, 20_789),
        (1969, 12, 31, -1),
        (1900, 3, 1, -25_508),
        (0, 1, 1, -719_528),
        (9999, 12, 31, 2_932_896),
    ])
    func daysAndDatesAgree(year: Int64, month: Int64, day: Int64, days: Int64) {
        #expect(CivilTime.days(year: year, month: month, day: day) == days)
        let date = CivilTime.date(fromDays: days)
        #expect(date.year == year && date.month == month && date.day == day)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        var expected = (year: Int64(1900), month: Int64(1), day: Int64(1))
        let first = CivilTime.days(year: 1900, month: 1, day: 1)
        for days in first..<(first + 146_097) {
            let date = CivilTime.date(fromDays: days)
            guard date == expected else {
                Issue.record("day \(days): \(date), expected \(expected)")
                return
            }
            #expect(CivilTime.days(year: date.year, month: date.month, day: date.day) == days)
            expected.day += 1
            if expected.day > CivilTime.daysIn(month: expected.month, year: expected.year) {
                expected.day = 1
                expected.month += 1
                if expected.month > 12 {
                    expected.month = 1
                    expected.year += 1
                }
            }
        }
    }

    @Test func secondsBelongToTheDayThatHoldsThem() {
        #expect(CivilTime.days(containingSecond: 0) == 0)
        #expect(CivilTime.days(containingSecond: 86_399) == 0)
        #expect(CivilTime.days(containingSecond: 86_400) == 1)
        #expect(CivilTime.days(containingSecond: -1) == -1)
        #expect(CivilTime.days(containingSecond: -86_400) == -1)
        #expect(CivilTime.days(containingSecond: -86_401) == -2)
    }

    @Test func leapYears() {
        #expect(CivilTime.isLeap(2024) && CivilTime.isLeap(2000) && !CivilTime.isLeap(1900) && !CivilTime.isLeap(2026))
        #expect(CivilTime.daysIn(month: 2, year: 2024) == 29 && CivilTime.daysIn(month: 2, year: 2100) == 28)
        #expect(CivilTime.daysIn(month: 4, year: 2026) == 30 && CivilTime.daysIn(month: 12, year: 2026) == 31)
    }
}
