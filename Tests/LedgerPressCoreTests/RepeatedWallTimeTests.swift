import Testing

@testable import LedgerPressCore

/// The hour a zone shows twice when clocks go back: what makes a statement show a line's offset.
@Suite struct RepeatedWallTimeTests {
    @Test func fallBackHoursAreFoundAndSpringForwardIsNot() {
        // New York, 2026-11-01: 06:00 UTC is 01:00 EST; 01:00–02:00 local happens from 05:00 to 07:00 UTC.
        let november = Int64(1_793_509_200)  // 2026-11-01T05:00:00Z
        #expect(
            ZoneClock.repeatedWallTimes(zone: "America/New_York", from: november - 86_400, through: november + 86_400)
                == [november..<(november + 7_200)])
        // Spring forward (2026-03-08) repeats nothing.
        let march = Int64(1_772_953_200)  // 2026-03-08T07:00:00Z
        #expect(
            ZoneClock.repeatedWallTimes(zone: "America/New_York", from: march - 86_400, through: march + 86_400).isEmpty
        )
        // Berlin, 2026-10-25: 02:00–03:00 local happens from 00:00 to 02:00 UTC.
        let october = Int64(1_792_886_400)  // 2026-10-25T00:00:00Z
        #expect(
            ZoneClock.repeatedWallTimes(zone: "Europe/Berlin", from: october, through: october + 3_600) == [
                october..<(october + 7_200)
            ])
        #expect(ZoneClock.repeatedWallTimes(zone: "UTC", from: 0, through: 4_000_000_000).isEmpty)
        #expect(ZoneClock.repeatedWallTimes(zone: "Nowhere/City", from: 0, through: 4_000_000_000).isEmpty)
    }
}
