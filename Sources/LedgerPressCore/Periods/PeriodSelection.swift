import Foundation

/// Which statements a run builds: period kinds plus any number of custom ranges.
public struct PeriodSelection: Sendable, Equatable {
    public var kinds: [PeriodKind]
    public var ranges: [Period]

    public init(kinds: [PeriodKind] = [.day, .week, .month], ranges: [Period] = []) {
        self.kinds = kinds.filter(\.isCalendar)
        self.ranges = ranges
    }

    /// Parses `2026-10-01..2026-10-15` (both dates inclusive; the first not after the last; years in
    /// ``CivilDate/supportedYears``).
    public static func parseRange(_ text: String) -> Period? {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let first = CivilDate(iso: parts[0]), let last = CivilDate(iso: parts[1]),
            first <= last, CivilDate.supportedYears.contains(first.year), CivilDate.supportedYears.contains(last.year)
        else { return nil }
        return Period.range(from: first, through: last)
    }
}
