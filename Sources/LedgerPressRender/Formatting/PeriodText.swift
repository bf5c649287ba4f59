import LedgerPressCore

/// English titles and dates for people (ISO dates stay in labels, file names and CSV).
public enum PeriodText {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December"]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// `14 October 2026`
    /// `November 2026`
    public static func monthName(year: Int, month: Int) -> String { "\(months[month - 1]) \(year)" }

    public static func long(_ date: CivilDate) -> String { "\(date.day) \(months[date.month - 1]) \(date.year)" }

    /// `October 2026`, `Week 43, 2026`, `Wednesday 14 October 2026`, `1 October 2026 to 15 October 2026`.
    public static func title(_ period: Period) -> String {
        switch period.kind {
        case .day: return "\(weekdays[period.start.isoWeekday - 1]) \(long(period.start))"
        case .week:
            let week = period.start.isoWeek
            return "Week \(week.week), \(week.year)"
        case .month: return "\(months[period.start.month - 1]) \(period.start.year)"
        case .range: return "\(long(period.start)) to \(long(period.lastDay))"
        }
    }

    public static func kindLabel(_ kind: PeriodKind) -> String {
        switch kind {
        case .day: return "Day"
        case .week: return "Week"
        case .month: return "Month"
        case .range: return "Custom range"
        }
    }

    /// `2026-10-03 14:22` in the given offset (the payee's local time).
    public static func shortTime(_ timestamp: Timestamp, offset: Int) -> String {
        let text = Timestamp.format(epochSeconds: timestamp.epochSeconds, offsetSeconds: offset)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// `2026-10-31 22:10 (UTC-04:00)`
    public static func asOf(_ timestamp: Timestamp, offset: Int) -> String {
        let text = Timestamp.format(epochSeconds: timestamp.epochSeconds, offsetSeconds: offset)
        return shortTime(timestamp, offset: offset) + " (UTC" + String(text.suffix(6)) + ")"
    }
}
