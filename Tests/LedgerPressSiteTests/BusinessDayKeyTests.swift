import LedgerPressCore
import LedgerPressRender
import Testing

@testable import LedgerPressSite

/// A payee's day and week start reach their key (so a changed cutoff renders their folder again), and the run's
/// defaults reach the manifest's options; the defaults add nothing (a site built before them keeps its keys).
@Suite struct BusinessDayKeyTests {
    static func payee(dayStart: DayStart = .midnight, weekStart: Weekday = .monday) -> Payee {
        Payee(
            id: "drv_1", type: .driver, name: "Ann", timeZone: "America/New_York", locale: "en_US",
            dayStart: dayStart, weekStart: weekStart)
    }

    @Test func dayAndWeekStartsReachThePayeeKey() throws {
        let plain = PayeeKey(payee: Self.payee(), context: "c").static
        let legacy = PayeeKey(
            payee: Payee(id: "drv_1", type: .driver, name: "Ann", timeZone: "America/New_York", locale: "en_US"),
            context: "c"
        ).static
        #expect(plain == legacy)
        let four = PayeeKey(payee: Self.payee(dayStart: try #require(DayStart(parsing: "04:00"))), context: "c")
        let sunday = PayeeKey(payee: Self.payee(weekStart: .sunday), context: "c")
        #expect(Set([plain, four.static, sunday.static]).count == 3)
    }

    @Test func runDefaultsReachTheManifestOptions() throws {
        let templates = try ChartFiguresTests.templates()
        let plain = Manifest.Options(SiteOptions(), templates: templates)
        #expect(plain.defaultDayStart == nil && plain.defaultWeekStart == nil)
        var options = SiteOptions()
        options.defaultDayStart = try #require(DayStart(parsing: "04:00"))
        options.defaultWeekStart = .sunday
        let cutoffs = Manifest.Options(options, templates: templates)
        #expect(cutoffs.defaultDayStart == "04:00" && cutoffs.defaultWeekStart == "sunday")
        #expect(cutoffs != plain)
    }
}
