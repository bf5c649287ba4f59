/// The kinds of statement period.
public enum PeriodKind: String, Sendable, CaseIterable, Comparable {
    case day, week, month, range

    /// Day, week, month, range: shortest first.
    var order: Int {
        switch self {
        case .day: return 0
        case .week: return 1
        case .month: return 2
        case .range: return 3
        }
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

    /// The day, ISO week or month that contains `date`.
    public static func containing(_ date: CivilDate, kind: PeriodKind) -> Period {
        switch kind {
        case .day: return Period(kind: .day, start: date, end: date.adding(days: 1))
        case .week:
            let monday = date.startOfISOWeek
            return Period(kind: .week, start: monday, end: monday.adding(days: 7))
        case .month: return Period(kind: .month, start: date.startOfMonth, end: date.startOfNextMonth)
        case .range: return Period(kind: .range, start: date, end: date.adding(days: 1))
        }
    }

    /// A custom range with both dates inclusive.
    public static func range(from first: CivilDate, through last: CivilDate) -> Period {
        Period(kind: .range, start: first, end: last.adding(days: 1))
    }

    /// `2026-10-14`, `2026-W43`, `2026-10`, `2026-10-01_2026-10-15`; also the file-name stem.
    public var label: String {
        switch kind {
        case .day: return start.description
        case .week:
            let week = start.isoWeek
            return CivilDate.pad(week.year, 4) + "-W" + CivilDate.pad(week.week, 2)
        case .month: return CivilDate.pad(start.year, 4) + "-" + CivilDate.pad(start.month, 2)
        case .range: return start.description + "_" + end.adding(days: -1).description
        }
    }

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
