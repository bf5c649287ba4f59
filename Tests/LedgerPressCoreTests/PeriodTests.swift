// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

@Suite struct PeriodTests {
    func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test(arguments: [
        ("2026-12-31", "2026-W53"), ("2027-01-01", "2026-W53"), ("2027-01-03", "2026-W53"), ("2027-01-04", "2027-W01"),
        ("2026-01-01", "2026-W01"), ("2025-12-29", "2026-W01"), ("2026-02-02", "2026-W06"), ("2026-10-14", "2026-W42"),
        ("2026-10-19", "2026-W43"), ("2020-12-31", "2020-W53"), ("2021-01-03", "2020-W53"),
    ])
    func isoWeekLabels(day: String, label: String) {
        let week = Period.containing(date(day), kind: .week)
        #expect(week.label == label)
        #expect(week.start.isoWeekday == 1)
        #expect(week.end.daysSinceEpoch - week.start.daysSinceEpoch == 7)
        #expect(week.contains(date(day)))
    }

    @Test func monthEdges() {
        let february = Period.containing(date("2028-02-29"), kind: .month)
        #expect(february.label == "2028-02")
        #expect(february.start == date("2028-02-01"))
        #expect(february.end == date("2028-03-01"))
        let december = Period.containing(date("2026-12-31"), kind: .month)
        #expect(december.end == date("2027-01-01"))
        #expect(!december.contains(date("2027-01-01")))
        #expect(december.contains(date("2026-12-01")))
    }

    @Test func dayLabels() {
        let day = Period.containing(date("2026-10-14"), kind: .day)
        #expect(day.label == "2026-10-14")
        #expect(day.end == date("2026-10-15"))
    }

    @Test func customRangesIncludeBothDates() throws {
        let range = try #require(PeriodSelection.parseRange("2026-10-01..2026-10-15"))
        #expect(range.label == "2026-10-01_2026-10-15")
        #expect(range.start == date("2026-10-01"))
        #expect(range.end == date("2026-10-16"))
        #expect(range.contains(date("2026-10-15")))
        #expect(!range.contains(date("2026-10-16")))
        #expect(PeriodSelection.parseRange("2026-10-15..2026-10-01") == nil)
        #expect(PeriodSelection.parseRange("2026-10-01-2026-10-15") == nil)
        #expect(PeriodSelection.parseRange("2026-10-01..2026-02-30") == nil)
        #expect(PeriodSelection.parseRange("2026-10-01..2026-10-01")?.label == "2026-10-01_2026-10-01")
    }
}

@Suite struct PeriodLabelTests {
    @Test(arguments: [
        "2026-10-14", "2026-W43", "2026-W01", "2026-W53", "2027-W01", "2026-10", "2026-12", "2026-10-01_2026-10-15",
        "2026-10-01_2026-10-01", "2026", "1900", "2026-10-11-week", "2026-10-13-week",
    ])
    func labelRoundTrips(_ label: String) throws {
        let period = try #require(Period(label: label))
        #expect(period.label == label)
    }

    @Test func everyPeriodOfTwoYearsRoundTrips() throws {
        let start = try #require(CivilDate(year: 2025, month: 12, day: 20))
        for offset in 0..<800 {
            let date = start.adding(days: offset)
            for kind in PeriodKind.calendarKinds {
                for weekStart in Weekday.allCases {
                    let period = Period.containing(date, kind: kind, weekStart: weekStart)
                    #expect(Period(label: period.label) == period)
                }
            }
        }
    }

    @Test(arguments: [
        "", "20261", "026", "2026-13", "2026-10-12-week", "2026-10-11-weak", "2026-10-11week", "2025-W53", "2026-W00",
        "2026-W54", "2026-10-15_2026-10-01", "2026-10-1", "x026-W10",
        "2026-10-01_",
    ])
    func otherTextIsNoLabel(_ text: String) {
        #expect(Period(label: text) == nil)
    }
}
