/// Computes a payee's statements from their entries. Pure: the same entries give the same book.
///
/// > Note: an entry belongs to the periods that contain its business day in the payee's zone
/// > (``BusinessCalendar``, with the payee's day and week start); periods are half-open `[start, end)`. Opening balances sum every earlier entry of the currency.
/// > A book costs O(n log n) for n entries plus O(1) per statement and currency for its figures
/// > (running sums, ``CurrencyHistory``), plus its lines.
public struct StatementBuilder: Sendable {
    public var selection: PeriodSelection

    public init(selection: PeriodSelection) {
        self.selection = selection
    }

    /// The book for one payee. `entries` are all of that payee's entries (any order).
    ///
    /// Throws ``BookOverflow`` when a total of the payee's (a period's sum of one kind, a balance,
    /// a statement line, the year to date or all time) does not fit in `Int64` minor units.
    public func book(for payee: Payee, entries: [LedgerEntry], zone: ZoneClock) throws(BookOverflow) -> PayeeBook {
        let calendar = BusinessCalendar(zone: zone, dayStart: payee.dayStart, weekStart: payee.weekStart)
        let timeline = PayeeTimeline(entries: entries, calendar: calendar)
        let histories = CurrencyHistory.split(timeline)
        let statuses = PayoutStatuses(entries: entries)
        var lines = StatementLines(timeline: timeline, statuses: statuses)
        var statements: [Statement] = []
        for period in timeline.periods(selection) {
            let startDay = period.start.daysSinceEpoch
            let endDay = period.end.daysSinceEpoch
            var sections: [CurrencySection] = []
            for history in histories {
                let lo = history.index(before: startDay)
                let hi = history.index(before: endDay)
                guard lo < hi else { continue }
                do throws(MoneyOverflow) {
                    let opening = try history.openingBalance(before: lo)
                    var figures = try history.figures(lo..<hi)
                    try figures.setOpeningBalance(opening)
                    var ytd: Figures?
                    if period.kind.hasYearToDate, let jan1 = CivilDate(year: period.start.year, month: 1, day: 1) {
                        let y0 = history.index(before: jan1.daysSinceEpoch)
                        var year = try history.figures(y0..<hi)
                        // The balance on 1 January: the opening balance less what moved from then to the period start.
                        let beforePeriod = try MinorUnits.subtract(
                            year.movement, figures.movement, total: "year-to-date activity")
                        try year.setOpeningBalance(
                            try MinorUnits.subtract(opening, beforePeriod, total: "year-to-date opening balance"))
                        ytd = year
                    }
                    let slice = Array(history.entryIndices[lo..<hi])
                    let payouts = lines.payouts(slice)
                    let sectionLines = try lines.lines(slice)
                    var distance = DistanceTotals()
                    for line in sectionLines where !line.distance.isEmpty { try distance.absorb(line.distance) }
                    sections.append(
                        CurrencySection(
                            currency: history.currency, figures: figures, lines: sectionLines,
                            payouts: payouts, yearToDate: ytd,
                            annual: period.kind == .year
                                ? try annual(period, history, driver: payee.type == .driver) : nil,
                            distance: distance))
                } catch {
                    throw BookOverflow(
                        payeeID: payee.id, period: period.label, currency: history.currency.code, overflow: error)
                }
            }
            let latest = timeline.latestBefore[timeline.position(before: endDay)]
            statements.append(
                Statement(
                    payee: payee, period: period, sections: sections, asOf: entries[latest].occurredAt,
                    asOfOffset: timeline.offsets[latest]))
        }
        var allTime: [(currency: Currency, figures: Figures)] = []
        for history in histories {
            do throws(MoneyOverflow) {
                allTime.append((history.currency, try history.figures(0..<history.entryIndices.count)))
            } catch {
                throw BookOverflow(payeeID: payee.id, period: nil, currency: history.currency.code, overflow: error)
            }
        }
        let last = timeline.latestBefore[entries.count]
        let latestDay = CivilDate(daysSinceEpoch: timeline.days[last])
        let unbooked = try UnbookedPayout.find(
            payeeID: payee.id, entries: entries, days: timeline.days, statuses: statuses)
        return PayeeBook(
            payee: payee, statements: statements, allTime: allTime, latestEntry: entries[last].occurredAt,
            latestEntryOffset: timeline.offsets[last], latestDay: latestDay,
            payoutSplit: try PayoutSplit(
                payee: payee, statements: statements, latestDay: latestDay, unbooked: unbooked))
    }

    /// A year's months (running sums: O(1) each) and the count of each month's `earning` entries.
    func annual(_ year: Period, _ history: CurrencyHistory, driver: Bool) throws(MoneyOverflow) -> AnnualSummary {
        var months: [AnnualSummary.Month] = []
        for month in 1...12 {
            guard let first = CivilDate(year: year.start.year, month: month, day: 1) else { continue }
            let next = month == 12 ? year.end : CivilDate(year: year.start.year, month: month + 1, day: 1) ?? year.end
            let lo = history.index(before: first.daysSinceEpoch)
            let hi = history.index(before: next.daysSinceEpoch)
            let figures = try history.figures(lo..<hi)
            let count = history.entryIndices[lo..<hi].reduce(0) { $0 + (history.entries[$1].kind == .earning ? 1 : 0) }
            months.append(
                AnnualSummary.Month(month: month, gross: try AnnualSummary.gross(figures, driver: driver), count: count)
            )
        }
        return AnnualSummary(months: months)
    }
}
