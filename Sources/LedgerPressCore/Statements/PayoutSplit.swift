/// A payee's payouts by status, per currency, for the home page: what is on its way (pending,
/// processing), what was paid in the latest month, and what failed and came back.
///
/// > Note: built from the payouts of the statements this run made, each payout counted once (by id and
/// > currency) with the status the ledger settled on; amounts are shown as positive sums of money
/// > leaving (a failed payout's reversal is a separate entry and not counted here). "This month" is the
/// > month of the payee's latest business day, and a payout is paid in it when its business day is
/// > (``BusinessCalendar``, as the statements count it). Every sum is checked: a total that does not fit
/// > in `Int64` minor units is ``BookOverflow``, never a wrapped number.
public struct PayoutSplit: Sendable, Equatable {
    public struct Sums: Sendable, Equatable {
        public var pending: Int64 = 0
        public var processing: Int64 = 0
        public var paidThisMonth: Int64 = 0
        public var failed: Int64 = 0
        public var count = 0

        public init() {}
    }

    /// The first day of "this month": the month of the payee's latest business day.
    public var month: CivilDate
    /// Per currency code, in code order.
    public var byCurrency: [(currency: Currency, sums: Sums)]

    public static func == (a: PayoutSplit, b: PayoutSplit) -> Bool {
        a.month == b.month && a.byCurrency.map(\.currency) == b.byCurrency.map(\.currency)
            && a.byCurrency.map(\.sums) == b.byCurrency.map(\.sums)
    }

    /// `latestDay`: the payee's latest business day, whose month counts as "this month".
    public init(payee: Payee, statements: [Statement], latestDay: CivilDate) throws(BookOverflow) {
        month = latestDay.startOfMonth
        var seen: Set<String> = []
        var sums: [String: (Currency, Sums)] = [:]
        for statement in statements {
            for section in statement.sections {
                for payout in section.payouts
                where seen.insert(section.currency.code + "\u{0}" + payout.payoutID).inserted {
                    var entry = sums[section.currency.code] ?? (section.currency, Sums())
                    do throws(MoneyOverflow) {
                        try PayoutSplit.add(payout, to: &entry.1, month: month)
                    } catch {
                        throw BookOverflow(
                            payeeID: payee.id, period: nil, currency: section.currency.code, overflow: error)
                    }
                    sums[section.currency.code] = entry
                }
            }
        }
        byCurrency = sums.keys.sorted().compactMap { sums[$0].map { (currency: $0.0, sums: $0.1) } }
    }

    /// Adds one payout (as money leaving) to the sum of its status.
    static func add(_ payout: PayoutLine, to sums: inout Sums, month: CivilDate) throws(MoneyOverflow) {
        let leaving = try MinorUnits.negate(payout.amount, total: "payouts")
        sums.count += 1
        switch payout.status {
        case .pending?, nil: sums.pending = try MinorUnits.add(sums.pending, leaving, total: "pending payouts")
        case .processing?:
            sums.processing = try MinorUnits.add(sums.processing, leaving, total: "processing payouts")
        case .failed?: sums.failed = try MinorUnits.add(sums.failed, leaving, total: "failed payouts")
        case .paid?:
            guard payout.day.startOfMonth == month else { return }
            sums.paidThisMonth = try MinorUnits.add(sums.paidThisMonth, leaving, total: "payouts paid this month")
        }
    }
}
