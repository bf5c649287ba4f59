import Testing

@testable import LedgerPressCore

@Suite struct TimeTests {
    @Test func parsesRFC3339WithOffsets() throws {
        let utc = try #require(RFC3339.parse("2026-10-03T14:22:05Z"))
        let ny = try #require(RFC3339.parse("2026-10-03T10:22:05-04:00"))
        #expect(utc == ny)
        #expect(utc.epochSeconds == 1_791_037_325)
        #expect(ny.offsetSeconds == -14_400)
        let fraction = try #require(RFC3339.parse("2026-10-03T14:22:05.250+00:00"))
        #expect(fraction.nanoseconds == 250_000_000)
        #expect(RFC3339.parse("2026-10-03 14:22:05z") != nil)
    }

    @Test(arguments: [
        "2026-10-03T14:22:05", "2026-02-30T00:00:00Z", "2026-10-03T24:00:00Z", "2026-10-03T14:22:60Z", "2026-10-03",
        "2026-10-03T14:22:05+0400", "2026-10-03T14:22:05+04:00 ", "03/10/2026 14:22", "2026-13-01T00:00:00Z", "",
        "2026-10-03T14:22:05.Z",
    ])
    func rejectsBadTimestamps(text: String) {
        #expect(RFC3339.parse(text) == nil)
    }

    @Test func civilDatesRoundTrip() throws {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
        }
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(iso: "2026-10-14")?.isoWeekday == 3)
    }

    @Test func newYorkDaysAcrossDaylightSaving() throws {
        let ny = BusinessCalendar(zone: try #require(ZoneClock(identifier: "America/New_York")))
        func hours(_ text: String) throws -> Int64 {
            let date = try #require(CivilDate(iso: text))
            return (ny.start(of: date.adding(days: 1)) - ny.start(of: date)) / 3600
        }
        #expect(try hours("2026-03-08") == 23)
        #expect(try hours("2026-11-01") == 25)
        #expect(try hours("2026-11-02") == 24)
        // Both 01:30s of 2026-11-01 are on that local day.
        let first = try #require(RFC3339.parse("2026-11-01T01:30:00-04:00"))
        let second = try #require(RFC3339.parse("2026-11-01T01:30:00-05:00"))
        #expect(ny.day(of: first.epochSeconds).description == "2026-11-01")
        #expect(ny.day(of: second.epochSeconds).description == "2026-11-01")
        #expect(second.epochSeconds - first.epochSeconds == 3600)
        // 23:59:59 local on 2026-10-31 is still October.
        let late = try #require(RFC3339.parse("2026-11-01T03:59:59Z"))
        #expect(ny.day(of: late.epochSeconds).description == "2026-10-31")
        #expect(ny.zone.localText(second) == "2026-11-01T01:30:00-05:00")
    }

    @Test func berlinDaysAcrossDaylightSaving() throws {
        let berlin = BusinessCalendar(zone: try #require(ZoneClock(identifier: "Europe/Berlin")))
        func hours(_ text: String) throws -> Int64 {
            let date = try #require(CivilDate(iso: text))
            return (berlin.start(of: date.adding(days: 1)) - berlin.start(of: date)) / 3600
        }
        #expect(try hours("2026-03-29") == 23)
        #expect(try hours("2026-10-25") == 25)
        let midnight = try #require(RFC3339.parse("2026-10-31T23:00:00Z"))
        #expect(berlin.day(of: midnight.epochSeconds).description == "2026-11-01")
        #expect(ZoneClock(identifier: "Mars/Olympus") == nil)
    }

    @Test func formatsLocalTimestamps() {
        #expect(Timestamp.format(epochSeconds: 1_793_514_600, offsetSeconds: -18_000) == "2026-11-01T01:30:00-05:00")
        #expect(Timestamp.format(epochSeconds: 0, offsetSeconds: 0) == "1970-01-01T00:00:00+00:00")
        #expect(Timestamp.format(epochSeconds: -1, offsetSeconds: 19_800) == "1970-01-01T05:29:59+05:30")
    }
}
