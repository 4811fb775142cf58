import Foundation
import LEDs
import Testing

@Suite("Night schedule and local time")
struct NightScheduleTests {
    @Test(
        "times of day are HH:MM on a 24-hour clock",
        arguments: [("22:00", 1320), ("07:00", 420), ("7:05", 425), ("00:00", 0), ("23:59", 1439)])
    func parsing(_ text: String, _ minutes: Int) {
        #expect(TimeOfDay(parsing: text)?.minutes == minutes)
    }

    @Test("malformed times are refused", arguments: ["24:00", "12:60", "12", "12:5", "1200", "-1:00", "ab:cd", ""])
    func malformed(_ text: String) {
        #expect(TimeOfDay(parsing: text) == nil)
    }

    static func schedule(_ start: String, _ end: String) -> NightSchedule {
        NightSchedule(start: TimeOfDay(parsing: start)!, end: TimeOfDay(parsing: end)!, mode: .off)
    }

    @Test("a night across midnight: 22:00 inclusive to 07:00 exclusive")
    func acrossMidnight() {
        let night = Self.schedule("22:00", "07:00")
        let hour = 3600
        #expect(!night.isNight(secondOfDay: 22 * hour - 1))
        #expect(night.isNight(secondOfDay: 22 * hour))
        #expect(night.isNight(secondOfDay: 0))
        #expect(night.isNight(secondOfDay: 7 * hour - 1))
        #expect(!night.isNight(secondOfDay: 7 * hour))
        #expect(night.secondsUntilChange(secondOfDay: 21 * hour) == hour)
        #expect(night.secondsUntilChange(secondOfDay: 23 * hour) == 8 * hour)
        #expect(night.secondsUntilChange(secondOfDay: 22 * hour) == 9 * hour)
    }

    @Test("a night within one day: 01:00 to 05:30")
    func withinDay() {
        let night = Self.schedule("01:00", "05:30")
        #expect(!night.isNight(secondOfDay: 0))
        #expect(night.isNight(secondOfDay: 3600))
        #expect(!night.isNight(secondOfDay: 5 * 3600 + 1800))
    }

    @Test("local time of day follows the UTC offset, east and west, across the date line of UTC")
    func localTime() {
        let utcMidnight = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(LocalTime(date: utcMidnight, utcOffset: 3600).secondOfDay == 3600)
        #expect(LocalTime(date: utcMidnight, utcOffset: -5 * 3600).secondOfDay == 19 * 3600)
        #expect(LocalTime(date: utcMidnight.addingTimeInterval(-1), utcOffset: 0).secondOfDay == 86_399)
    }

    @Test("the system time zone gives the C library's offset")
    func systemTimeZone() {
        let date = Date(timeIntervalSince1970: 1_767_225_600)
        var seconds = time_t(1_767_225_600)
        var parts = tm()
        localtime_r(&seconds, &parts)
        #expect(SystemTimeZone().utcOffset(at: date) == Int(parts.tm_gmtoff))
    }
}
