import LedgerPressCore

/// The net activity of one currency section, day by day: what a week or month statement's chart shows.
///
/// One bar per business day of the period, in order, days without activity included as 0. A day's figure is
/// the sum of the net activity (`earnings + tips + fees + adjustments + refunds + tax`, payouts left out) of the
/// statement lines of that day, a line counting to the business day of its first entry (``StatementLine/day``,
/// the one rule of ``BusinessCalendar``); so the bars add up exactly to the section's net activity, and each
/// bar to the lines of its day.
///
/// > Note: integer minor units only; every sum is overflow-checked. Day, year and custom-range statements
/// > have no chart.
public struct NetChart: Sendable, Equatable {
    /// One local date and its net activity, in minor units.
    public struct Day: Sendable, Equatable {
        public var date: CivilDate
        public var net: Int64
    }

    /// `chart-USD`: the id of the chart's block in the Markdown and of its elements in the HTML.
    public var id: String
    public var currency: Currency
    public var kind: PeriodKind
    /// Every date of the period, first to last.
    public var days: [Day]
    /// The section's net activity, the sum of `days`.
    public var total: Int64

    /// The chart of one section of a week or month statement.
    ///
    /// Nil for other periods, and (never for a statement the builder made) when a line's local date falls
    /// outside the period, a day's sum would not fit in `Int64`, or the days do not add up to the section.
    public init?(section: CurrencySection, period: Period) {
        guard NetChart.isCharted(period.kind) else { return nil }
        let first = period.start.daysSinceEpoch
        let count = period.end.daysSinceEpoch - first
        guard count > 0, count <= 31 else { return nil }
        var sums = [Int64](repeating: 0, count: count)
        for line in section.lines {
            let index = line.day.daysSinceEpoch - first
            guard index >= 0, index < count else { return nil }
            let (sum, overflow) = sums[index].addingReportingOverflow(line.figures.netActivity)
            guard !overflow else { return nil }
            sums[index] = sum
        }
        var total: Int64 = 0
        for sum in sums {
            let (next, overflow) = total.addingReportingOverflow(sum)
            guard !overflow else { return nil }
            total = next
        }
        guard total == section.figures.netActivity else { return nil }
        self.id = "chart-" + section.currency.code
        self.currency = section.currency
        self.kind = period.kind
        self.days = sums.enumerated().map { Day(date: period.start.adding(days: $0.offset), net: $0.element) }
        self.total = total
    }

    /// Whether statements of `kind` have a chart: weeks and months (a day is one bar, a year too many).
    public static func isCharted(_ kind: PeriodKind) -> Bool {
        switch kind {
        case .week, .month: return true
        case .day, .year, .range: return false
        }
    }

    /// The highest day's net (at least 0) and the lowest (at most 0).
    var range: (high: Int64, low: Int64) {
        (days.reduce(0) { max($0, $1.net) }, days.reduce(0) { min($0, $1.net) })
    }
}
