import ArgumentParser
import LedgerPressEngine

/// `--day-start` and `--week-start`, shared by `build` and `check`: the run's business-day cutoffs, for payees
/// without `day_start` or `week_start` in the payees file.
struct BusinessDayOptions: ParsableArguments {
    @Option(
        name: .customLong("day-start"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--day-start"),
            valueName: "HH:MM"))
    var dayStart: String = DayStart.midnight.description

    @Option(
        name: .customLong("week-start"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--week-start"),
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
