import LedgerPressCore

/// A payee's payouts by status, per currency, for the home page: what is on its way (pending,
/// processing), what was paid in the latest month, and what failed and came back.
///
/// > Note: built from the payouts of the statements this run made, each payout counted once (by id and
/// > currency) with the status the ledger settled on; amounts are shown as positive sums of money
/// > leaving (a failed payout's reversal is a separate entry and not counted here).
struct PayoutSplit: Equatable {
    struct Sums: Equatable {
        var pending: Int64 = 0
        var processing: Int64 = 0
        var paidThisMonth: Int64 = 0
        var failed: Int64 = 0
        var count = 0
    }

    /// Per currency code, in code order.
    var byCurrency: [(currency: Currency, sums: Sums)]

    static func == (a: PayoutSplit, b: PayoutSplit) -> Bool {
        a.byCurrency.map(\.currency) == b.byCurrency.map(\.currency)
            && a.byCurrency.map(\.sums) == b.byCurrency.map(\.sums)
    }

    /// `month`: the local month (year, month) that counts as "this month" (the month of the payee's latest entry).
    init(statements: [Statement], month: (year: Int, month: Int)) {
        var seen: Set<String> = []
        var sums: [String: (Currency, Sums)] = [:]
        for statement in statements {
            for section in statement.sections {
                for payout in section.payouts
                where seen.insert(section.currency.code + "\u{0}" + payout.payoutID).inserted {
                    var entry = sums[section.currency.code] ?? (section.currency, Sums())
                    let leaving = -payout.amount
                    entry.1.count += 1
                    switch payout.status {
                    case .pending?, nil: entry.1.pending += leaving
                    case .processing?: entry.1.processing += leaving
                    case .failed?: entry.1.failed += leaving
                    case .paid?:
                        let local = PayoutSplit.localDate(payout.occurredAt, offset: payout.localOffset)
                        if local.year == month.year && local.month == month.month { entry.1.paidThisMonth += leaving }
                    }
                    sums[section.currency.code] = entry
                }
            }
        }
        byCurrency = sums.keys.sorted().compactMap { sums[$0].map { (currency: $0.0, sums: $0.1) } }
    }

    /// The local calendar date of an instant at a known offset.
    static func localDate(_ time: Timestamp, offset: Int) -> CivilDate {
        let local = time.epochSeconds + Int64(offset)
        return CivilDate(daysSinceEpoch: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400))
    }
}
