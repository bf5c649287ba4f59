/// A payee's payouts by status, per currency, for the home page: what is on its way (pending,
/// processing), what was paid in the latest month, and what failed and came back; and the part of the
/// balance that payouts known only from their entries already hold.
///
/// > Note: built from the payouts of the statements this run made, each payout counted once (by id and
/// > currency) with the status the ledger settled on; amounts are shown as positive sums of money
/// > leaving (a failed payout's reversal is a separate entry and not counted here). A payout known only from
/// > its entries (they carry its `payout_id`, but no `payout` row of that id has arrived: ``UnbookedPayout``)
/// > counts too, as the sum of its entries, with the status from its entries (``PayoutStatuses``); its money is
/// > still in the balance, and ``Sums/inPending`` and its siblings say how much. "This month" is the month of the
/// > payee's latest business day, and a payout is paid in it when its business day is (``BusinessCalendar``, as
/// > the statements count it). Every sum is checked: a total that does not fit in `Int64` minor units is
/// > ``BookOverflow``, never a wrapped number.
public struct PayoutSplit: Sendable, Equatable {
    /// One currency's payouts by status, in minor units, and the part of the balance payouts known only from their entries hold.
    public struct Sums: Sendable, Equatable {
        public var pending: Int64 = 0
        public var processing: Int64 = 0
        public var paidThisMonth: Int64 = 0
        public var failed: Int64 = 0
        public var count = 0
        /// The part of the balance in payouts known only from their entries, by their status (pending or no
        /// status, processing, paid). A failed one's money is simply still owed.
        public var inPending: Int64 = 0
        public var inProcessing: Int64 = 0
        public var inPaid: Int64 = 0

        public init() {}

        /// Whether some of the balance is in payouts known only from their entries.
        public var holdsBalance: Bool { inPending != 0 || inProcessing != 0 || inPaid != 0 }
    }

    /// The first day of "this month": the month of the payee's latest business day.
    public var month: CivilDate
    /// Per currency code, in code order.
    public var byCurrency: [(currency: Currency, sums: Sums)]
    /// The payouts on their way (pending, processing or no status) whose row says when they arrive (issue 50),
    /// by arrival date, then currency and payout id; nothing is guessed for the others.
    public var onTheirWay: [OnItsWay] = []

    /// A payout on its way with its expected arrival date; `amount` is the money leaving, positive.
    public struct OnItsWay: Sendable, Equatable {
        public var payoutID: String
        public var currency: Currency
        public var amount: Int64
        public var status: PayoutStatus?
        public var arrival: CivilDate
    }

    public static func == (a: PayoutSplit, b: PayoutSplit) -> Bool {
        a.month == b.month && a.byCurrency.map(\.currency) == b.byCurrency.map(\.currency)
            && a.byCurrency.map(\.sums) == b.byCurrency.map(\.sums) && a.onTheirWay == b.onTheirWay
    }

    /// `latestDay`: the payee's latest business day, whose month counts as "this month"; `unbooked`: the payouts
    /// known only from their entries (``UnbookedPayout/find(payeeID:entries:days:statuses:)``).
    public init(
        payee: Payee, statements: [Statement], latestDay: CivilDate, unbooked: [UnbookedPayout] = []
    ) throws(BookOverflow) {
        month = latestDay.startOfMonth
        var seen: Set<String> = []
        var sums: [String: (Currency, Sums)] = [:]
        func overflow(_ currency: Currency, _ error: MoneyOverflow) -> BookOverflow {
            BookOverflow(payeeID: payee.id, period: nil, currency: currency.code, overflow: error)
        }
        for statement in statements {
            for section in statement.sections {
                for payout in section.payouts
                where seen.insert(section.currency.code + "\u{0}" + payout.payoutID).inserted {
                    var entry = sums[section.currency.code] ?? (section.currency, Sums())
                    do throws(MoneyOverflow) {
                        let leaving = try MinorUnits.negate(payout.amount, total: "payouts")
                        try PayoutSplit.add(leaving, payout.status, day: payout.day, to: &entry.1, month: month)
                        if let arrival = payout.arrival, payout.status != .paid, payout.status != .failed {
                            onTheirWay.append(
                                OnItsWay(
                                    payoutID: payout.payoutID, currency: section.currency, amount: leaving,
                                    status: payout.status, arrival: arrival))
                        }
                    } catch {
                        throw overflow(section.currency, error)
                    }
                    sums[section.currency.code] = entry
                }
            }
        }
        for payout in unbooked {
            var entry = sums[payout.currency.code] ?? (payout.currency, Sums())
            do throws(MoneyOverflow) {
                // What the payout will take from the balance is what its entries added to it.
                try PayoutSplit.add(payout.amount, payout.status, day: payout.day, to: &entry.1, month: month)
                switch payout.status {
                case .pending?, nil:
                    entry.1.inPending = try MinorUnits.add(entry.1.inPending, payout.amount, total: "pending payouts")
                case .processing?:
                    entry.1.inProcessing = try MinorUnits.add(
                        entry.1.inProcessing, payout.amount, total: "processing payouts")
                case .paid?: entry.1.inPaid = try MinorUnits.add(entry.1.inPaid, payout.amount, total: "paid payouts")
                case .failed?: break
                }
            } catch {
                throw overflow(payout.currency, error)
            }
            sums[payout.currency.code] = entry
        }
        byCurrency = sums.keys.sorted().compactMap { sums[$0].map { (currency: $0.0, sums: $0.1) } }
        onTheirWay.sort { a, b in
            if a.arrival != b.arrival { return a.arrival < b.arrival }
            if a.currency.code != b.currency.code { return a.currency.code < b.currency.code }
            return a.payoutID.utf8Precedes(b.payoutID)
        }
    }

    /// Adds one payout (as money leaving, `leaving`) to the sum of its status.
    static func add(
        _ leaving: Int64, _ status: PayoutStatus?, day: CivilDate, to sums: inout Sums, month: CivilDate
    ) throws(MoneyOverflow) {
        sums.count += 1
        switch status {
        case .pending?, nil: sums.pending = try MinorUnits.add(sums.pending, leaving, total: "pending payouts")
        case .processing?:
            sums.processing = try MinorUnits.add(sums.processing, leaving, total: "processing payouts")
        case .failed?: sums.failed = try MinorUnits.add(sums.failed, leaving, total: "failed payouts")
        case .paid?:
            guard day.startOfMonth == month else { return }
            sums.paidThisMonth = try MinorUnits.add(sums.paidThisMonth, leaving, total: "payouts paid this month")
        }
    }
}
