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
        "charge", "refund", "refund_failure", "dispute", "dispute_reversal", "transfer", "transfer_reversal", "fee",
        "tax",
        "other_adjustment", "payout", "payout_reversal",
    ]

    enum Problem: Error {
        case unknownCategory
        case unbalanced
    }

    /// The entries, or a problem. The fee's sign is read per row: `gross - fee = net` (fee as a
    /// positive cost) or `gross + fee = net` (fee already negative); a row balancing neither way is refused.
    func entries(texts: EntryTexts) -> Result<[LedgerEntry], Problem> {
        // Amounts are within ±AmountParser.limit, yet every sum here is checked: an overflow is unbalanced.
        let cost: Int64
        if let difference = try? MinorUnits.subtract(gross.minorUnits, fee.minorUnits, total: "gross - fee"),
            difference == net.minorUnits
        {
            cost = fee.minorUnits
        } else if let sum = try? MinorUnits.add(gross.minorUnits, fee.minorUnits, total: "gross + fee"),
            sum == net.minorUnits,
            let negated = try? MinorUnits.negate(fee.minorUnits, total: "fee")
        {
            cost = negated
        } else {
            return .failure(.unbalanced)
        }
        // A payout row's source is the payout itself.
        let isPayout = category == "payout" || category == "payout_reversal"
        let payoutID = self.payoutID ?? (isPayout ? reference : nil)
        // The platform's view is reversed for the payee.
        func signed(_ amount: Int64) throws(MoneyOverflow) -> Int64 {
            platformView ? try MinorUnits.negate(amount, total: "amount") : amount
        }
        func entry(_ suffix: String, _ kind: EntryKind, _ amount: Int64) throws(MoneyOverflow) -> LedgerEntry {
            var made = LedgerEntry(
                id: id + suffix, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, kind: kind,
                amount: Money(minorUnits: try signed(amount), currency: net.currency), reference: reference,
                description: description, payoutID: payoutID, payoutStatus: payoutStatus, source: source,
                texts: texts)
            made.isStatusReport = statusReport
            return made
        }
        var made: [LedgerEntry]
        do throws(MoneyOverflow) {
            let feeAmount = try MinorUnits.negate(cost, total: "fee")
            switch category {
            case "charge": made = [try entry("", .earning, gross.minorUnits), try entry(":fee", .fee, feeAmount)]
            case "refund", "refund_failure":
                made = [try entry("", .refund, gross.minorUnits), try entry(":fee", .fee, feeAmount)]
            case "dispute", "dispute_reversal":
                made = [try entry("", .adjustment, gross.minorUnits), try entry(":fee", .fee, feeAmount)]
            case "transfer": made = [try entry("", .earning, net.minorUnits)]
            case "transfer_reversal", "other_adjustment": made = [try entry("", .adjustment, net.minorUnits)]
            case "fee", "tax": made = [try entry("", .fee, net.minorUnits)]
            case "payout", "payout_reversal": made = [try entry("", .payout, net.minorUnits)]
            default: return .failure(.unknownCategory)
            }
        } catch {
            return .failure(.unbalanced)
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
