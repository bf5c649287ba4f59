/// The fields of a ``LedgerEntry``; mutated only through an entry that holds the only reference to it.
///
/// > Note: laid out to fit one 160-byte heap block (a million entries are a million of these):
/// > the amount's currency as its place in the list of currencies (``PackedCurrency``), the source as an index into
/// > ``SourceFiles`` plus the line, and the small fields last, so that they share words instead of
/// > padding one each.
final class LedgerEntryBox: @unchecked Sendable {
    var id: String
    var payeeID: String
    var payeeName: String?
    var reference: String?
    var description: String?
    var payoutID: String?
    var occurredAt: Timestamp
    var minorUnits: Int64
    var currency: PackedCurrency
    var sourceFile: UInt32
    var sourceLine: UInt32
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
        minorUnits = amount.minorUnits
        currency = PackedCurrency(amount.currency)
        self.reference = reference
        self.description = description
        self.payoutID = payoutID
        self.payoutStatus = payoutStatus
        (sourceFile, sourceLine) = SourceFiles.shared.pack(source)
        self.isStatusReport = isStatusReport
    }

    private init(copying other: LedgerEntryBox) {
        id = other.id
        occurredAt = other.occurredAt
        payeeID = other.payeeID
        payeeType = other.payeeType
        payeeName = other.payeeName
        kind = other.kind
        minorUnits = other.minorUnits
        currency = other.currency
        reference = other.reference
        description = other.description
        payoutID = other.payoutID
        payoutStatus = other.payoutStatus
        sourceFile = other.sourceFile
        sourceLine = other.sourceLine
        isStatusReport = other.isStatusReport
    }

    func copy() -> LedgerEntryBox { LedgerEntryBox(copying: self) }

    var amount: Money {
        get { Money(minorUnits: minorUnits, currency: currency.currency) }
        set {
            minorUnits = newValue.minorUnits
            currency = PackedCurrency(newValue.currency)
        }
    }

    var source: SourceLocation {
        get { SourceFiles.shared.location(file: sourceFile, line: sourceLine) }
        set { (sourceFile, sourceLine) = SourceFiles.shared.pack(newValue) }
    }
}

/// A ``Currency`` in two bytes: its position in ``Currency/listed`` (every currency is on the list).
struct PackedCurrency: Sendable, Equatable {
    private var index: UInt16

    init(_ currency: Currency) {
        guard let index = Currency.positions[currency.code] else { preconditionFailure("an ISO 4217 currency") }
        self.index = index
    }

    var currency: Currency { Currency.listed[Int(index)] }
}
