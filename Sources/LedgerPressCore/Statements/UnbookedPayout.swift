/// A payout known only from its entries: entries carry its `payout_id`, but no `payout` row of that id has
/// arrived (a platform that reports a payout as pending on the entries it will pay before the payout itself).
///
/// > Note: its amount is the sum of its entries in one currency (what the payout will take from the balance,
/// > which still holds it), its status the latest on its entries (``PayoutStatuses``), and its day the latest
/// > business day of its entries. Once a `payout` row of its id arrives it is an ordinary payout.
public struct UnbookedPayout: Sendable, Equatable {
    public var payoutID: String
    public var currency: Currency
    public var amount: Int64
    public var status: PayoutStatus?
    public var day: CivilDate

    public init(payoutID: String, currency: Currency, amount: Int64, status: PayoutStatus?, day: CivilDate) {
        self.payoutID = payoutID
        self.currency = currency
        self.amount = amount
        self.status = status
        self.day = day
    }

    /// The payouts of `entries` (one payee's) that have no `payout` row, sorted by currency code, then payout id
    /// (UTF-8 bytes). `days`: each entry's business day number, by entry index.
    public static func find(
        payeeID: String, entries: [LedgerEntry], days: [Int], statuses: PayoutStatuses
    ) throws(BookOverflow) -> [UnbookedPayout] {
        var booked: Set<String> = []
        for entry in entries where entry.kind == .payout {
            if let id = PayoutStatuses.payoutID(of: entry) { booked.insert(id) }
        }
        var found: [String: UnbookedPayout] = [:]
        for (index, entry) in entries.enumerated() where entry.kind != .payout {
            guard let id = entry.payoutID, !id.isEmpty, !booked.contains(id) else { continue }
            let currency = entry.amount.currency
            let key = currency.code + "\u{0}" + id
            let day = CivilDate(daysSinceEpoch: days[index])
            if var payout = found[key] {
                do throws(MoneyOverflow) {
                    payout.amount = try MinorUnits.add(payout.amount, entry.amount.minorUnits, total: "payout \(id)")
                } catch {
                    throw BookOverflow(payeeID: payeeID, period: nil, currency: currency.code, overflow: error)
                }
                if payout.day < day { payout.day = day }
                found[key] = payout
            } else {
                found[key] = UnbookedPayout(
                    payoutID: id, currency: currency, amount: entry.amount.minorUnits, status: statuses.status(of: id),
                    day: day)
            }
        }
        return found.values.sorted { a, b in
            a.currency.code != b.currency.code
                ? a.currency.code.utf8Precedes(b.currency.code) : a.payoutID.utf8Precedes(b.payoutID)
        }
    }
}
