import LedgerPressTestSupport
import Testing

@testable import LedgerPressCore

/// The one rule for local time: business days with a day start and a week start, across DST changes.
@Suite struct BusinessCalendarTests {
    static func calendar(_ zone: String, _ start: String, week: Weekday = .monday) throws -> BusinessCalendar {
        BusinessCalendar(
            zone: try #require(ZoneClock(identifier: zone)), dayStart: try #require(DayStart(parsing: start)),
            weekStart: week)
    }

    /// The instant of an RFC 3339 text (a typo in a test is recorded, and reads as 1970).
    static func instant(_ text: String) -> Int64 {
        guard let time = RFC3339.parse(text) else {
            Issue.record("not a timestamp: \(text)")
            return 0
        }
        return time.epochSeconds
    }

    /// The date of a `YYYY-MM-DD` text (a typo in a test is recorded, and reads as 1970-01-01).
    static func date(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            Issue.record("not a date: \(text)")
            return CivilDate(daysSinceEpoch: 0)
        }
        return date
    }

    static func trip(_ id: String, _ time: String, cents: Int64 = 1_000) throws -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: try #require(RFC3339.parse(time)), payeeID: "drv", payeeType: .driver, kind: .earning,
            amount: Money(minorUnits: cents, currency: try #require(Currency(code: "USD"))),
            source: SourceLocation(file: "t.csv", line: 2))
    }

    @Test func tripsAt0359And0400OnAMondayAreInDifferentWeeks() throws {
        // Monday 2026-10-12 in New York: 03:59 is still Sunday's business day, so the week before.
        let entries = [
            try Self.trip("a", "2026-10-12T03:59:00-04:00"), try Self.trip("b", "2026-10-12T04:00:00-04:00", cents: 7),
        ]
        let payee = Payee(
            id: "drv", type: .driver, name: "D", timeZone: "America/New_York", locale: "en_US",
            dayStart: try #require(DayStart(parsing: "04:00")))
        let book = try StatementBuilder(selection: PeriodSelection(kinds: [.day, .week])).book(
            for: payee, entries: entries, zone: try #require(ZoneClock(identifier: "America/New_York")))
        let labels = book.statements.map(\.period.label)
        #expect(labels == ["2026-W41", "2026-10-11", "2026-10-12", "2026-W42"])
        let earnings = book.statements.map { $0.sections[0].figures.earnings }
        #expect(earnings == [1_000, 1_000, 7, 7])
        // At midnight both are on Monday, in one week.
        let plain = try StatementBuilder(selection: PeriodSelection(kinds: [.week])).book(
            for: Payee(id: "drv", type: .driver, name: "D", timeZone: "America/New_York", locale: "en_US"),
            entries: entries, zone: try #require(ZoneClock(identifier: "America/New_York")))
        #expect(plain.statements.map(\.period.label) == ["2026-W42"])
    }

    @Test func aSundayWeekStartGetsLabelsThatAreNotISOWeeks() throws {
        let entries = [try Self.trip("a", "2026-10-17T12:00:00Z"), try Self.trip("b", "2026-10-18T12:00:00Z")]
        let payee = Payee(
            id: "drv", type: .driver, name: "D", timeZone: "UTC", locale: "en_US", weekStart: .sunday)
        let book = try StatementBuilder(selection: PeriodSelection(kinds: [.week])).book(
            for: payee, entries: entries, zone: .utc)
        #expect(book.statements.map(\.period.label) == ["2026-10-11-week", "2026-10-18-week"])
        #expect(book.statements.map(\.period.start.isoWeekday) == [7, 7])
        for statement in book.statements { #expect(Period(label: statement.period.label) == statement.period) }
        #expect(Period(label: "2026-10-12-week") == nil)  // a Monday week is named 2026-W42
        #expect(Period(label: "2026-W42")?.start == Self.date("2026-10-12"))
    }

    @Test func newYorkSpringForwardWithA0230Cutoff() throws {
        // 2026-03-08: 02:00 EST jumps to 03:00 EDT, so 02:30 never shows; the day starts at 03:00 EDT (07:00Z).
        let ny = try Self.calendar("America/New_York", "02:30")
        #expect(ny.start(of: Self.date("2026-03-08")) == Self.instant("2026-03-08T07:00:00Z"))
        #expect(ny.day(of: Self.instant("2026-03-08T06:59:59Z")) == Self.date("2026-03-07"))
        #expect(ny.day(of: Self.instant("2026-03-08T07:00:00Z")) == Self.date("2026-03-08"))
        #expect(ny.start(of: Self.date("2026-03-07")) == Self.instant("2026-03-07T02:30:00-05:00"))
        #expect(ny.start(of: Self.date("2026-03-09")) == Self.instant("2026-03-09T02:30:00-04:00"))
        // 23 h 30 min on each side of the gap: 47 h for two days, the hour the clocks skip.
        #expect(ny.start(of: Self.date("2026-03-08")) - ny.start(of: Self.date("2026-03-07")) == 84_600)
        #expect(ny.start(of: Self.date("2026-03-09")) - ny.start(of: Self.date("2026-03-08")) == 84_600)
    }

    @Test func newYorkFallBackWithA0230CutoffAndInTheRepeatedHour() throws {
        // 2026-11-01: 02:00 EDT goes back to 01:00 EST; 02:30 shows once (EST), so 2026-10-31 lasts 25 hours.
        let ny = try Self.calendar("America/New_York", "02:30")
        #expect(ny.start(of: Self.date("2026-11-01")) == Self.instant("2026-11-01T02:30:00-05:00"))
        #expect(ny.start(of: Self.date("2026-11-01")) - ny.start(of: Self.date("2026-10-31")) == 90_000)
        #expect(ny.day(of: Self.instant("2026-11-01T01:59:59-05:00")) == Self.date("2026-10-31"))
        // With a 01:30 cutoff, inside the repeated hour: the day starts at the first 01:30 (EDT), and the second
        // 01:00-01:30 (EST) stays on 2026-11-01 although its wall time is before the cutoff.
        let repeated = try Self.calendar("America/New_York", "01:30")
        #expect(repeated.start(of: Self.date("2026-11-01")) == Self.instant("2026-11-01T01:30:00-04:00"))
        #expect(repeated.day(of: Self.instant("2026-11-01T01:29:59-04:00")) == Self.date("2026-10-31"))
        #expect(repeated.day(of: Self.instant("2026-11-01T01:30:00-04:00")) == Self.date("2026-11-01"))
        #expect(repeated.day(of: Self.instant("2026-11-01T01:10:00-05:00")) == Self.date("2026-11-01"))
        #expect(repeated.day(of: Self.instant("2026-11-01T01:30:00-05:00")) == Self.date("2026-11-01"))
        #expect(repeated.start(of: Self.date("2026-11-02")) - repeated.start(of: Self.date("2026-11-01")) == 90_000)
    }

    @Test func lordHoweHalfHourShiftsWithA0230Cutoff() throws {
        // Australia/Lord_Howe: +10:30 standard, +11:00 summer. 2026-04-05 02:00 goes back to 01:30; 2026-10-04
        // 02:00 jumps to 02:30.
        let lh = try Self.calendar("Australia/Lord_Howe", "02:30")
        #expect(lh.start(of: Self.date("2026-04-05")) == Self.instant("2026-04-05T02:30:00+10:30"))
        #expect(lh.start(of: Self.date("2026-04-05")) - lh.start(of: Self.date("2026-04-04")) == 88_200)
        #expect(lh.start(of: Self.date("2026-10-04")) == Self.instant("2026-10-04T02:30:00+11:00"))
        #expect(lh.start(of: Self.date("2026-10-04")) - lh.start(of: Self.date("2026-10-03")) == 84_600)
        // A cutoff inside the skipped half hour starts at the first instant after it (02:30 summer time)...
        let gap = try Self.calendar("Australia/Lord_Howe", "02:15")
        #expect(gap.start(of: Self.date("2026-10-04")) == Self.instant("2026-10-04T02:30:00+11:00"))
        #expect(gap.day(of: Self.instant("2026-10-04T01:59:59+10:30")) == Self.date("2026-10-03"))
        // ...and one inside the repeated half hour at its first occurrence, the second belonging to that day.
        let twice = try Self.calendar("Australia/Lord_Howe", "01:45")
        #expect(twice.start(of: Self.date("2026-04-05")) == Self.instant("2026-04-05T01:45:00+11:00"))
        #expect(twice.day(of: Self.instant("2026-04-05T01:35:00+10:30")) == Self.date("2026-04-05"))
        #expect(twice.day(of: Self.instant("2026-04-05T01:44:59+11:00")) == Self.date("2026-04-04"))
    }

    /// Every day of 2026 in each zone and cutoff: the days tile time (each starts where the one before ends, later
    /// than it started, and every second around each start is on the right side); around each UTC offset change
    /// the rule agrees with the definition (``ReferenceBusinessDay``) on every start and every 10 minutes.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Europe/Berlin", "America/St_Johns", "UTC"])
    func daysNeverOverlapOrLeaveAGap(zone: String) throws {
        let clock = try #require(ZoneClock(identifier: zone))
        var changes = 0
        for start in ["00:00", "01:30", "01:45", "02:00", "02:15", "02:30", "04:00", "23:59"] {
            let calendar = try Self.calendar(zone, start)
            let dayStart = calendar.dayStart
            let first = Self.date("2026-01-01").daysSinceEpoch
            var previous = calendar.start(of: first - 1)
            for day in first..<(first + 366) {
                let begins = calendar.start(of: day)
                let ends = calendar.start(of: day + 1)
                #expect(begins > previous, "\(zone) \(start) \(CivilDate(daysSinceEpoch: day))")
                #expect(calendar.day(of: begins).daysSinceEpoch == day)
                #expect(calendar.day(of: begins - 1).daysSinceEpoch == day - 1)
                previous = begins
                guard clock.offset(at: begins) != clock.offset(at: ends) else { continue }
                changes += 1
                for near in (day - 1)...(day + 2) {
                    let date = CivilDate(daysSinceEpoch: near)
                    #expect(
                        calendar.start(of: near)
                            == ReferenceBusinessDay.start(of: date, zone: clock, dayStart: dayStart),
                        "\(zone) \(start) \(date)")
                }
                for t in stride(from: calendar.start(of: day - 1), to: calendar.start(of: day + 2), by: 600) {
                    #expect(calendar.day(of: t) == ReferenceBusinessDay.day(t, zone: clock, dayStart: dayStart))
                }
            }
        }
        #expect(changes == (zone == "UTC" ? 0 : 16))
    }

    @Test func dayAndWeekStartsParseStrictly() {
        #expect(DayStart(parsing: "04:00")?.minutes == 240)
        #expect(DayStart(parsing: "23:59")?.description == "23:59")
        #expect(DayStart(parsing: "00:00") == .midnight)
        for bad in ["4:00", "24:00", "04:60", "0400", "04:00 ", "", "-1:00", "04:0x"] {
            #expect(DayStart(parsing: bad) == nil)
        }
        #expect(Weekday(name: "Sunday") == .sunday)
        #expect(Weekday(name: "sun") == nil)
        #expect(Weekday.allCases.map(\.isoNumber) == Array(1...7))
        #expect(Weekday.expected == "a weekday: monday, tuesday, wednesday, thursday, friday, saturday or sunday")
    }

    @Test func yearPeriodsAreLabelledByTheirYear() throws {
        let year = Period.containing(Self.date("2026-10-14"), kind: .year)
        #expect(year.label == "2026")
        #expect(year.start == Self.date("2026-01-01") && year.end == Self.date("2027-01-01"))
        #expect(Period(label: "2026") == year)
        #expect(Period(label: "20x6") == nil)
        #expect(PeriodKind.calendarKinds == [.day, .week, .month, .year])
        #expect(PeriodKind.calendarKindsText == "day, week, month or year")
    }
}
