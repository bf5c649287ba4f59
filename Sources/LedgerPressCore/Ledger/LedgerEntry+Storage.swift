/// The fields of a ``LedgerEntry``; mutated only through an entry that holds the only reference to it.
///
/// > Note: the one-byte fields come last, so that they share one word instead of padding one each
/// > (a million entries are a million of these).
final class LedgerEntryBox: @unchecked Sendable {
    var id: String
    var occurredAt: Timestamp
    var payeeID: String
    var payeeName: String?
    var amount: Money
    var reference: String?
    var description: String?
    var payoutID: String?
    var source: SourceLocation
    var payeeType: PayeeType
    var kind: EntryKind
    var payoutStatus: PayoutStatus?
    var isStatusReport: Bool

    init(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String?, kind: EntryKind,
        amount: Money, reference: String?, description: String?, payoutID: String?, payoutStatus: PayoutStatus?,
        source: SourceLocation, isStatusReport: Bool
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.payeeID = payeeID
        self.payeeType = payeeType
        self.payeeName = payeeName
        self.kind = kind
        self.amount = amount
        self.reference = reference
        self.description = description
        self.payoutID = payoutID
        self.payoutStatus = payoutStatus
        self.source = source
        self.isStatusReport = isStatusReport
    }

    func copy() -> LedgerEntryBox {
        LedgerEntryBox(
            id: id, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, payeeName: payeeName, kind: kind,
            amount: amount, reference: reference, description: description, payoutID: payoutID, payoutStatus: payoutStatus,
            source: source, isStatusReport: isStatusReport)
    }
}
