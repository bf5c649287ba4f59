import ArgumentParser
import LedgerPressEngine

/// `--day-start` and `--week-start`, shared by `build` and `check`: the run's business-day cutoffs, for payees
/// without `day_start` or `week_start` in the payees file.
struct BusinessDayOptions: ParsableArguments {
    @Option(
        name: .customLong("day-start"),
        help: ArgumentHelp(
            "The local time each payee's business day starts at (default 00:00): with 04:00 the day 2026-10-14 runs from 04:00 on the 14th to 04:00 on the 15th, and every period is made of such days.",
            valueName: "HH:MM"))
    var dayStart: String = DayStart.midnight.description

    @Option(
        name: .customLong("week-start"),
        help: ArgumentHelp(
            "The weekday each payee's week starts on (default monday: ISO weeks, 2026-W43); weeks from another day are named by their first day (2026-10-11-week).",
            valueName: "weekday"))
    var weekStart: String = Weekday.monday.rawValue

    func validate() throws {
        if DayStart(parsing: dayStart) == nil {
            throw ValidationError("--day-start: expected \(DayStart.expected), got '\(dayStart)'")
        }
        if Weekday(name: weekStart) == nil {
            throw ValidationError("--week-start: expected \(Weekday.expected), got '\(weekStart)'")
        }
    }

    /// Sets the run's defaults (``validate()`` has accepted both).
    func apply(to options: inout SiteOptions) {
        options.defaultDayStart = DayStart(parsing: dayStart) ?? .midnight
        options.defaultWeekStart = Weekday(name: weekStart) ?? .monday
    }
}
