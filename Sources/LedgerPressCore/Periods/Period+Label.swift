extension Period {
    /// The period a ``label`` names: `2026-10-14`, `2026-W43`, `2026-10-11-week` (a week from a day other than a
    /// Monday), `2026-10`, `2026` or `2026-10-01_2026-10-15`; nil for any other text (including a week that the ISO
    /// year does not have, and `-week` after a Monday). `Period(label: p.label) == p`.
    public init?(label: String) {
        let parts = label.split(separator: "_", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let first = CivilDate(iso: String(parts[0])), let last = CivilDate(iso: String(parts[1])),
                first <= last
            else { return nil }
            self = .range(from: first, through: last)
        } else if label.utf8.count == 10, let date = CivilDate(iso: label) {
            self = .containing(date, kind: .day)
        } else if label.utf8.count == 15, label.hasSuffix(Period.weekSuffix),
            let first = CivilDate(iso: String(label.prefix(10))), first.isoWeekday != 1
        {
            self = Period(kind: .week, start: first, end: first.adding(days: 7))
        } else if label.utf8.count == 4, let date = CivilDate(iso: label + "-01-01") {
            self = .containing(date, kind: .year)
        } else if label.utf8.count == 7, let date = CivilDate(iso: label + "-01") {
            self = .containing(date, kind: .month)
        } else if label.utf8.count == 8, let dash = label.firstIndex(of: "-"), label[dash...].hasPrefix("-W"),
            let year = Int(label[..<dash]), let week = Int(label[label.index(dash, offsetBy: 2)...]), week >= 1,
            let january4 = CivilDate(year: year, month: 1, day: 4)
        {
            let monday = january4.startOfISOWeek.adding(days: 7 * (week - 1))
            guard monday.isoWeek == (year, week) else { return nil }
            self = .containing(monday, kind: .week)
        } else {
            return nil
        }
    }
}
