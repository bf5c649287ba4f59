/// One currency's entries of a payee, in statement order, with running sums by kind: the figures of any
/// run of them (a period, the time before it, the year to date) cost a subtraction, not a pass.
///
/// > Note: running sums are used only when the magnitudes of all the currency's entries add up within
/// > `Int64`: then no sum of any of them, in any order, can overflow, and a difference of running sums is
/// > exactly what adding the entries one by one gives. Otherwise (only thousands of amounts near the
/// > limit reach that) every figure is added entry by entry with checked arithmetic, so an overflow
/// > throws and names the same total as it always did.
struct CurrencyHistory {
    let currency: Currency
    /// Entry indices of this currency's entries, in statement order.
    let entryIndices: [Int]
    /// The local day of each, in the same order.
    let days: [Int]
    /// `running[i]`: the sums of the first `i` entries; empty when ``exact`` is false.
    let running: [KindSums]
    /// Whether the magnitudes of all these entries add up within `Int64`.
    let exact: Bool
    let entries: [LedgerEntry]

    /// The payee's currencies, sorted by code, each with its entries.
    static func split(_ timeline: PayeeTimeline) -> [CurrencyHistory] {
        var groupOf: [Currency: Int] = [:]
        var groups: [(currency: Currency, indices: [Int])] = []
        for index in timeline.order {
            let currency = timeline.entries[index].amount.currency
            if let group = groupOf[currency] {
                groups[group].indices.append(index)
            } else {
                groupOf[currency] = groups.count
                groups.append((currency, [index]))
            }
        }
        return groups.sorted { $0.currency < $1.currency }.map { group in
            CurrencyHistory(currency: group.currency, entryIndices: group.indices, timeline: timeline)
        }
    }

    init(currency: Currency, entryIndices: [Int], timeline: PayeeTimeline) {
        self.currency = currency
        self.entryIndices = entryIndices
        self.entries = timeline.entries
        days = entryIndices.map { timeline.days[$0] }
        var magnitudes: UInt64 = 0
        var fits = true
        for index in entryIndices {
            let (sum, overflow) = magnitudes.addingReportingOverflow(
                timeline.entries[index].amount.minorUnits.magnitude)
            magnitudes = sum
            if overflow || sum > UInt64(Int64.max) {
                fits = false
                break
            }
        }
        exact = fits
        guard fits else {
            running = []
            return
        }
        var running: [KindSums] = []
        running.reserveCapacity(entryIndices.count + 1)
        var sums = KindSums()
        running.append(sums)
        for index in entryIndices {
            let entry = timeline.entries[index]
            sums.add(entry.kind, entry.amount.minorUnits)
            running.append(sums)
        }
        self.running = running
    }

    /// How many of the entries have a local day before `day`.
    func index(before day: Int) -> Int { PayeeTimeline.lowerBound(days, day) }

    /// The figures of the entries at `range` (opening balance zero).
    func figures(_ range: Range<Int>) throws(MoneyOverflow) -> Figures {
        if exact { return Figures(exact: running[range.upperBound] - running[range.lowerBound]) }
        var figures = Figures()
        for i in range {
            let entry = entries[entryIndices[i]]
            try figures.add(entry.kind, entry.amount.minorUnits)
        }
        return figures
    }

    /// The sum of the first `count` entries (the balance before them); an overflow is named as the opening balance.
    func openingBalance(before count: Int) throws(MoneyOverflow) -> Int64 {
        if exact { return running[count].change }
        do throws(MoneyOverflow) {
            return try figures(0..<count).movement
        } catch {
            throw MoneyOverflow(total: "opening balance")
        }
    }
}
