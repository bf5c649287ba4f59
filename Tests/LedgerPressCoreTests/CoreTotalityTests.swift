import Testing

@testable import LedgerPressCore

/// Years outside 1900–2199 are refused where a time is read; no force-unwrap in the core is reachable.
@Suite struct CoreTotalityTests {
    @Test(arguments: [
        ("0000-10-03T10:00:00Z", 0), ("1899-12-31T23:59:59Z", 1899), ("2200-01-01T00:00:00Z", 2200),
        ("9999-12-31T23:59:59+14:00", 9999),
    ])
    func yearsOutsideTheRangeAreRefused(text: String, year: Int) {
        #expect(RFC3339.read(text) == .failure(.yearOutOfRange(year)))
        #expect(RFC3339.parse(text) == nil)
    }

    @Test(arguments: ["1900-01-01T00:00:00Z", "2199-12-31T23:59:59Z", "1900-01-01T00:00:00+14:00"])
    func yearsAtTheEdgesAreRead(text: String) {
        #expect(RFC3339.parse(text) != nil)
    }

    @Test func malformedIsNotAYearProblem() {
        #expect(RFC3339.read("0000-13-03T10:00:00Z") == .failure(.malformed))
        #expect(RFC3339.read("hello") == .failure(.malformed))
    }

    @Test func rangesOutsideTheYearsAreRefused() {
        #expect(PeriodSelection.parseRange("0000-01-01..0000-01-02") == nil)
        #expect(PeriodSelection.parseRange("2199-12-01..2200-01-02") == nil)
        #expect(PeriodSelection.parseRange("1900-01-01..2199-12-31") != nil)
    }

    @Test func periodKindsOrderWithoutLookups() {
        #expect(PeriodKind.allCases.sorted() == [.day, .week, .month, .year, .range])
        #expect(PeriodKind.day < .range && !(PeriodKind.month < .week))
    }

    @Test func utcIsBuiltWithoutAFailableLookup() {
        #expect(ZoneClock.utc.identifier == "UTC")
        #expect(ZoneClock.utc.offset(at: 1_790_000_000) == 0)
        #expect(BusinessCalendar(zone: .utc).day(of: 0) == CivilDate(year: 1970, month: 1, day: 1))
    }

    @Test func timestampsFormatForEveryInt64() {
        // SOURCE_DATE_EPOCH reaches this: Int64.min trapped in `local - 86_399`.
        #expect(Timestamp.format(epochSeconds: Int64.min, offsetSeconds: 0).hasSuffix("+00:00"))
        #expect(Timestamp.format(epochSeconds: Int64.max, offsetSeconds: 3_600).hasSuffix("+01:00"))
        #expect(Timestamp.format(epochSeconds: -1, offsetSeconds: 0) == "1969-12-31T23:59:59+00:00")
        #expect(Timestamp.format(epochSeconds: -86_400, offsetSeconds: 0) == "1969-12-31T00:00:00+00:00")
        #expect(Timestamp.format(epochSeconds: 1_790_000_000, offsetSeconds: -14_400) == "2026-09-21T10:13:20-04:00")
    }
}
