/// The kinds of statement period.
///
/// > Note: every use is an exhaustive `switch` or derived from `allCases`, so a new kind is an addition the
/// > compiler walks through.
public enum PeriodKind: String, Sendable, CaseIterable, Comparable {
    case day, week, month, year, range

    /// Day, week, month, year, range: shortest first.
    var order: Int {
        switch self {
        case .day: return 0
        case .week: return 1
        case .month: return 2
        case .year: return 3
        case .range: return 4
        }
    }

    /// The kinds `--periods` may name (every kind but `range`, which `--range` asks for), in order.
    public static var calendarKinds: [PeriodKind] { allCases.filter(\.isCalendar) }

    /// Whether the kind's periods tile the calendar (each day in exactly one of them); a custom range does not.
    public var isCalendar: Bool {
        switch self {
        case .day, .week, .month, .year: return true
        case .range: return false
        }
    }

    /// Whether statements of the kind add the year to date: months do (a year is its own year to date).
    public var hasYearToDate: Bool {
        switch self {
        case .month: return true
        case .day, .week, .year, .range: return false
        }
    }

    /// `day, week, month or year`: what `--periods` expects.
    public static var calendarKindsText: String {
        let names = calendarKinds.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    public static func < (a: PeriodKind, b: PeriodKind) -> Bool { a.order < b.order }
}

/// A statement period: local dates `[start, end)` in the payee's time zone.
///
/// > Note: half-open: `end` is the first date not included. A custom range given as
/// > `2026-10-01..2026-10-15` has `end` 2026-10-16.
public struct Period: Sendable, Hashable, Comparable {
    public let kind: PeriodKind
    public let start: CivilDate
    public let end: CivilDate

    public init(kind: PeriodKind, start: CivilDate, end: CivilDate) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    /// The day, week (ISO, or starting on `weekStart`), month or year that contains `date`.
    public static func containing(_ date: CivilDate, kind: PeriodKind, weekStart: Weekday = .monday) -> Period {
        switch kind {
        case .day: return Period(kind: .day, start: date, end: date.adding(days: 1))
        case .week:
            let first = date.adding(days: -((date.isoWeekday - weekStart.isoNumber + 7) % 7))
            return Period(kind: .week, start: first, end: first.adding(days: 7))
        case .month: return Period(kind: .month, start: date.startOfMonth, end: date.startOfNextMonth)
        case .year:
            return Period(
                kind: .year, start: CivilDate(unchecked: date.year, 1, 1),
                end: CivilDate(unchecked: date.year + 1, 1, 1))
        case .range: return Period(kind: .range, start: date, end: date.adding(days: 1))
        }
    }

    /// A custom range with both dates inclusive.
    public static func range(from first: CivilDate, through last: CivilDate) -> Period {
        Period(kind: .range, start: first, end: last.adding(days: 1))
    }

    /// `2026-10-14`, `2026-W43`, `2026-10`, `2026`, `2026-10-01_2026-10-15`; also the file-name stem.
    ///
    /// A week that starts on a Monday is an ISO week (`2026-W43`); one that starts on another weekday
    /// (``Weekday``) is named by its first day: `2026-10-11-week`, never mistaken for an ISO week.
    public var label: String {
        switch kind {
        case .day: return start.description
        case .week:
            guard start.isoWeekday == 1 else { return start.description + Period.weekSuffix }
            let week = start.isoWeek
            return CivilDate.pad(week.year, 4) + "-W" + CivilDate.pad(week.week, 2)
        case .month: return CivilDate.pad(start.year, 4) + "-" + CivilDate.pad(start.month, 2)
        case .year: return CivilDate.pad(start.year, 4)
        case .range: return start.description + "_" + end.adding(days: -1).description
        }
    }

    /// `-week`: the end of the label of a week that does not start on a Monday (`2026-10-11-week`).
    static let weekSuffix = "-week"

    /// The last date included.
    public var lastDay: CivilDate { end.adding(days: -1) }

    public func contains(_ date: CivilDate) -> Bool { start <= date && date < end }

    /// Newest first is `>`: by start, then by length (shorter first), then kind.
    public static func < (a: Period, b: Period) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        return a.kind < b.kind
    }
}
