import LedgerPressCore

/// Turns one Stripe balance movement (a report row or a Dashboard row) into native entries.
///
/// | reporting_category | entries (payee's view) |
/// |---|---|
/// | `charge` | `earning` = gross, `fee` = the fee (negative) |
/// | `refund`, `refund_failure` | `refund` = gross, `fee` = its fee if any |
/// | `dispute`, `dispute_reversal` | `adjustment` = gross, `fee` = its fee if any |
/// | `transfer` | `earning` = net |
/// | `transfer_reversal`, `other_adjustment` | `adjustment` = net |
/// | `fee`, `tax` | `fee` = net |
/// | `payout`, `payout_reversal` | `payout` = net |
struct StripeMovement {
    var id: String
    var occurredAt: Timestamp
    var payeeID: String
    var payeeType: PayeeType
    var category: String
    var gross: Money
    var fee: Money
    var net: Money
    var reference: String?
    var description: String?
    var payoutID: String?
    var payoutStatus: PayoutStatus?
    /// Rows of a platform report are the platform's view: amounts are reversed for the payee.
    var platformView: Bool
    var statusReport: Bool
    var source: SourceLocation

    static let categories = [
        "charge", "refund", "refund_failure", "dispute", "dispute_reversal", "transfer", "transfer_reversal", "fee", "tax",
        "other_adjustment", "payout", "payout_reversal",
    ]

    enum Problem: Error {
        case unknownCategory
        case unbalanced
    }

    /// The entries, or a problem. The fee's sign is read per row: `gross - fee = net` (fee as a
    /// positive cost) or `gross + fee = net` (fee already negative); a row balancing neither way is refused.
    func entries() -> Result<[LedgerEntry], Problem> {
        let cost: Int64
        if gross.minorUnits - fee.minorUnits == net.minorUnits {
            cost = fee.minorUnits
        } else if gross.minorUnits + fee.minorUnits == net.minorUnits {
            cost = -fee.minorUnits
        } else {
            return .failure(.unbalanced)
        }
        let sign: Int64 = platformView ? -1 : 1
        // A payout row's source is the payout itself.
        let isPayout = category == "payout" || category == "payout_reversal"
        let payoutID = self.payoutID ?? (isPayout ? reference : nil)
        func entry(_ suffix: String, _ kind: EntryKind, _ amount: Int64) -> LedgerEntry {
            var made = LedgerEntry(
                id: id + suffix, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, kind: kind,
                amount: Money(minorUnits: sign * amount, currency: net.currency), reference: reference,
                description: description, payoutID: payoutID, payoutStatus: payoutStatus, source: source)
            made.isStatusReport = statusReport
            return made
        }
        var made: [LedgerEntry]
        switch category {
        case "charge": made = [entry("", .earning, gross.minorUnits), entry(":fee", .fee, -cost)]
        case "refund", "refund_failure": made = [entry("", .refund, gross.minorUnits), entry(":fee", .fee, -cost)]
        case "dispute", "dispute_reversal": made = [entry("", .adjustment, gross.minorUnits), entry(":fee", .fee, -cost)]
        case "transfer": made = [entry("", .earning, net.minorUnits)]
        case "transfer_reversal", "other_adjustment": made = [entry("", .adjustment, net.minorUnits)]
        case "fee", "tax": made = [entry("", .fee, net.minorUnits)]
        case "payout", "payout_reversal": made = [entry("", .payout, net.minorUnits)]
        default: return .failure(.unknownCategory)
        }
        // A fee entry only when there is a fee.
        if made.count == 2 && cost == 0 { made.removeLast() }
        return .success(made)
    }

    /// Stripe payout statuses onto native ones: `in_transit` is processing, `canceled` is failed.
    static func payoutStatus(_ text: String) -> PayoutStatus? {
        switch text.lowercased() {
        case "pending": return .pending
        case "in_transit", "processing": return .processing
        case "paid": return .paid
        case "failed", "canceled", "cancelled": return .failed
        default: return nil
        }
    }
}
