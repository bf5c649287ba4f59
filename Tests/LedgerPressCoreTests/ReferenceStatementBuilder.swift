import LedgerPressTestSupport

@testable import LedgerPressCore

/// The statement builder as it was before prefix sums (quadratic in periods x entries), kept as the
/// reference the fast builder must match exactly: the same book, or the same overflow.
///
/// > Note: an entry belongs to the periods that contain its business day in the payee's zone (by
/// > ``ReferenceBusinessDay``, with the payee's day start; weeks from the payee's week start);
/// > periods are half-open `[start, end)`. Opening balances sum every earlier entry of the currency.
struct ReferenceStatementBuilder: Sendable {
    var selection: PeriodSelection

    init(selection: PeriodSelection) {
        self.selection = selection
    }

    struct Item {
        let entry: LedgerEntry
        let date: CivilDate
        let offset: Int
    }

    /// The book for one payee. `entries` are all of that payee's entries (any order).
    ///
    /// Throws ``BookOverflow`` when a total of the payee's (a period's sum of one kind, a balance,
    /// a statement line, the year to date or all time) does not fit in `Int64` minor units.
    func book(for payee: Payee, entries: [LedgerEntry], zone: ZoneClock) throws(BookOverflow) -> PayeeBook {
        let items = entries.map { entry -> Item in
            let offset = zone.offset(at: entry.occurredAt.epochSeconds)
            let date = ReferenceBusinessDay.day(entry.occurredAt.epochSeconds, zone: zone, dayStart: payee.dayStart)
            return Item(entry: entry, date: date, offset: offset)
        }.sorted { a, b in
            if a.date != b.date { return a.date < b.date }
            if a.entry.occurredAt != b.entry.occurredAt { return a.entry.occurredAt < b.entry.occurredAt }
            return a.entry.id.utf8.lexicographicallyPrecedes(b.entry.id.utf8)
        }
        let statuses = PayoutStatuses(entries: entries)
        // Latest instant among items[0..<i], for "as of".
        var latestBefore: [Int] = [-1]
        latestBefore.reserveCapacity(items.count + 1)
        for (i, item) in items.enumerated() {
            let best = latestBefore[i]
            latestBefore.append(best < 0 || items[best].entry.occurredAt < item.entry.occurredAt ? i : best)
        }
        let groups = Dictionary(grouping: items.indices, by: { items[$0].entry.amount.currency })
            .sorted { $0.key < $1.key }
        let dates = items.map(\.date)

        var statements: [Statement] = []
        for period in periods(of: dates, weekStart: payee.weekStart) {
            var sections: [CurrencySection] = []
            for (currency, indices) in groups {
                func overflow(_ error: MoneyOverflow) -> BookOverflow {
                    BookOverflow(payeeID: payee.id, period: period.label, currency: currency.code, overflow: error)
                }
                let lo = lowerBound(indices, items) { $0 < period.start }
                let hi = lowerBound(indices, items) { $0 < period.end }
                guard lo < hi else { continue }
                do throws(MoneyOverflow) {
                    let opening = try sum(indices[0..<lo], items, opening: true).change
                    var figures = try sum(indices[lo..<hi], items)
                    try figures.setOpeningBalance(opening)
                    var ytd: Figures?
                    if period.kind == .month, let jan1 = CivilDate(year: period.start.year, month: 1, day: 1) {
                        let y0 = lowerBound(indices, items) { $0 < jan1 }
                        var year = try sum(indices[y0..<hi], items)
                        // The balance on 1 January: the opening balance less what moved from then to the period start.
                        let beforePeriod = try MinorUnits.subtract(
                            year.change, figures.change, total: "year-to-date activity")
                        try year.setOpeningBalance(
                            try MinorUnits.subtract(opening, beforePeriod, total: "year-to-date opening balance"))
                        ytd = year
                    }
                    let slice = indices[lo..<hi].map { items[$0] }
                    var annual: AnnualSummary?
                    if period.kind == .year {
                        // Each month by its definition: the entries whose business day is in it.
                        annual = AnnualSummary(
                            months: try (1...12).map { month throws(MoneyOverflow) in
                                let inMonth = slice.filter { $0.date.month == month }
                                var figures = Figures()
                                for item in inMonth { try figures.add(item.entry.kind, item.entry.amount.minorUnits) }
                                return AnnualSummary.Month(
                                    month: month,
                                    gross: payee.type == .driver
                                        ? try MinorUnits.add(figures.earnings, figures.fees, total: "take")
                                        : figures.earnings,
                                    count: inMonth.filter { $0.entry.kind == .earning }.count)
                            })
                    }
                    sections.append(
                        CurrencySection(
                            currency: currency, figures: figures, lines: try lines(slice, statuses),
                            payouts: payouts(slice, statuses),
                            yearToDate: ytd, annual: annual))
                } catch {
                    throw overflow(error)
                }
            }
            let end = upperIndex(dates, before: period.end)
            let latest = items[latestBefore[end]]
            statements.append(
                Statement(
                    payee: payee, period: period, sections: sections, asOf: latest.entry.occurredAt,
                    asOfOffset: latest.offset))
        }
        var allTime: [(currency: Currency, figures: Figures)] = []
        for (currency, indices) in groups {
            do throws(MoneyOverflow) {
                allTime.append((currency, try sum(indices[...], items)))
            } catch {
                throw BookOverflow(payeeID: payee.id, period: nil, currency: currency.code, overflow: error)
            }
        }
        let last = items[latestBefore[items.count]]
        // Payouts known only from their entries, by definition: per currency and payout id, the entries that carry
        // an id no `payout` row has, summed, with the latest business day among them.
        let booked = Set(entries.filter { $0.kind == .payout }.compactMap { PayoutStatuses.payoutID(of: $0) })
        var unbooked: [UnbookedPayout] = []
        let carried = items.filter { item in
            item.entry.kind != .payout && !(item.entry.payoutID ?? "").isEmpty
                && !booked.contains(item.entry.payoutID ?? "")
        }
        let byPayout = Dictionary(grouping: carried) { [$0.entry.amount.currency.code, $0.entry.payoutID ?? ""] }
        for key in byPayout.keys.sorted(by: { ($0[0], $0[1]) < ($1[0], $1[1]) }) {
            let group = byPayout[key] ?? []
            guard let first = group.first else { continue }
            var total: Int64 = 0
            for item in group {
                do throws(MoneyOverflow) {
                    total = try MinorUnits.add(total, item.entry.amount.minorUnits, total: "payout")
                } catch {
                    throw BookOverflow(payeeID: payee.id, period: nil, currency: key[0], overflow: error)
                }
            }
            unbooked.append(
                UnbookedPayout(
                    payoutID: key[1], currency: first.entry.amount.currency, amount: total,
                    status: statuses.status(of: key[1]), day: group.map(\.date).max() ?? first.date))
        }
        return PayeeBook(
            payee: payee, statements: statements, allTime: allTime, latestEntry: last.entry.occurredAt,
            latestEntryOffset: last.offset, latestDay: last.date,
            payoutSplit: try PayoutSplit(
                payee: payee, statements: statements, latestDay: last.date, unbooked: unbooked))
    }

    /// Every period of the selected kinds that holds at least one of the (sorted) dates, oldest first.
    func periods(of dates: [CivilDate], weekStart: Weekday) -> [Period] {
        var result = Set<Period>()
        for kind in selection.kinds {
            var last: Period?
            for date in dates where last.map({ !$0.contains(date) }) ?? true {
                let period = Period.containing(date, kind: kind, weekStart: weekStart)
                result.insert(period)
                last = period
            }
        }
        for range in selection.ranges {
            let i = upperIndex(dates, before: range.start)
            if i < dates.count, dates[i] < range.end { result.insert(range) }
        }
        return result.sorted()
    }

    func upperIndex(_ dates: [CivilDate], before limit: CivilDate) -> Int {
        var lo = 0
        var hi = dates.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if dates[mid] < limit { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func lowerBound(_ indices: [Int], _ items: [Item], _ isBefore: (CivilDate) -> Bool) -> Int {
        var lo = 0
        var hi = indices.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBefore(items[indices[mid]].date) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The figures of the entries at `indices`; with `opening`, an overflow is named as the opening balance.
    func sum(_ indices: ArraySlice<Int>, _ items: [Item], opening: Bool = false) throws(MoneyOverflow) -> Figures {
        var figures = Figures()
        for i in indices {
            do throws(MoneyOverflow) {
                try figures.add(items[i].entry.kind, items[i].entry.amount.minorUnits)
            } catch {
                throw opening ? MoneyOverflow(total: "opening balance") : error
            }
        }
        return figures
    }

    /// Statement lines: one per reference, or per entry without one; sorted by time, reference, entry id.
    func lines(_ slice: [Item], _ statuses: PayoutStatuses) throws(MoneyOverflow) -> [StatementLine] {
        let ordered = slice.sorted { a, b in
            if a.entry.occurredAt != b.entry.occurredAt { return a.entry.occurredAt < b.entry.occurredAt }
            return a.entry.id.utf8.lexicographicallyPrecedes(b.entry.id.utf8)
        }
        var lines: [StatementLine] = []
        var lineByReference: [String: Int] = [:]
        for item in ordered {
            let entry = item.entry
            let reference = entry.reference.flatMap { $0.isEmpty ? nil : $0 }
            if let reference, let index = lineByReference[reference] {
                try lines[index].figures.add(entry.kind, entry.amount.minorUnits)
                if lines[index].description == nil {
                    lines[index].description = entry.description.flatMap { $0.isEmpty ? nil : $0 }
                }
                if lines[index].payoutID == nil, let payout = PayoutStatuses.payoutID(of: entry) {
                    lines[index].payoutID = payout
                    lines[index].payoutStatus = statuses.status(of: payout)
                }
                continue
            }
            var figures = Figures()
            try figures.add(entry.kind, entry.amount.minorUnits)
            let payout = PayoutStatuses.payoutID(of: entry)
            if let reference { lineByReference[reference] = lines.count }
            lines.append(
                StatementLine(
                    occurredAt: entry.occurredAt, localOffset: item.offset, day: item.date, reference: reference,
                    description: entry.description.flatMap { $0.isEmpty ? nil : $0 }, payoutID: payout,
                    payoutStatus: statuses.status(of: payout), figures: figures, firstEntryID: entry.id))
        }
        return lines.sorted { a, b in
            if a.occurredAt != b.occurredAt { return a.occurredAt < b.occurredAt }
            let ra = a.reference ?? ""
            let rb = b.reference ?? ""
            if ra != rb { return ra.utf8.lexicographicallyPrecedes(rb.utf8) }
            return a.firstEntryID.utf8.lexicographicallyPrecedes(b.firstEntryID.utf8)
        }
    }

    func payouts(_ slice: [Item], _ statuses: PayoutStatuses) -> [PayoutLine] {
        slice.filter { $0.entry.kind == .payout }
            .sorted { a, b in
                if a.entry.occurredAt != b.entry.occurredAt { return a.entry.occurredAt < b.entry.occurredAt }
                return a.entry.id.utf8.lexicographicallyPrecedes(b.entry.id.utf8)
            }
            .map { item in
                let id = PayoutStatuses.payoutID(of: item.entry) ?? item.entry.id
                return PayoutLine(
                    payoutID: id, occurredAt: item.entry.occurredAt, localOffset: item.offset, day: item.date,
                    amount: item.entry.amount.minorUnits, status: statuses.status(of: id))
            }
    }
}
