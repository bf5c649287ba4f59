/// The fields of a ``LedgerEntry``; mutated only through an entry that holds the only reference to it.
///
/// > Note: laid out to fit one 128-byte heap block with nothing else on the heap (a million entries are a
/// > million of these): the id inline (``PackedID``), the texts as numbers in ``EntryTexts``, the amount's
/// > currency as its place in the list of currencies (``PackedCurrency``), the source as an index into
/// > ``SourceFiles`` plus the line, and the small fields last, so that they share words instead of
/// > padding one each.
final class LedgerEntryBox: @unchecked Sendable {
    private(set) var packedID: PackedID
    var occurredAt: Timestamp
    var minorUnits: Int64
    private var payeeIDText: EntryTexts.Number
    private var payeeNameText: EntryTexts.Number
    private var referenceText: EntryTexts.Number
    private var descriptionText: EntryTexts.Number
    private var payoutIDText: EntryTexts.Number
    var sourceFile: UInt32
    var sourceLine: UInt32
    var currency: PackedCurrency
    var payeeType: PayeeType
    var kind: EntryKind
    var payoutStatus: PayoutStatus?
    var isStatusReport: Bool

    init(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String?, kind: EntryKind,
        amount: Money, reference: String?, description: String?, payoutID: String?, payoutStatus: PayoutStatus?,
        source: SourceLocation, isStatusReport: Bool
    ) {
        (payeeIDText, payeeNameText, referenceText, descriptionText, payoutIDText) = EntryTexts.shared.numbers(
            payeeID: payeeID, payeeName: payeeName, reference: reference, description: description, payoutID: payoutID)
        packedID = PackedID(id)
        self.occurredAt = occurredAt
        self.payeeType = payeeType
        self.kind = kind
        minorUnits = amount.minorUnits
        currency = PackedCurrency(amount.currency)
        self.payoutStatus = payoutStatus
        (sourceFile, sourceLine) = SourceFiles.shared.pack(source)
        self.isStatusReport = isStatusReport
    }

    private init(copying other: LedgerEntryBox) {
        packedID = other.packedID
        occurredAt = other.occurredAt
        payeeIDText = other.payeeIDText
        payeeType = other.payeeType
        payeeNameText = other.payeeNameText
        kind = other.kind
        minorUnits = other.minorUnits
        currency = other.currency
        referenceText = other.referenceText
        descriptionText = other.descriptionText
        payoutIDText = other.payoutIDText
        payoutStatus = other.payoutStatus
        sourceFile = other.sourceFile
        sourceLine = other.sourceLine
        isStatusReport = other.isStatusReport
    }

    func copy() -> LedgerEntryBox { LedgerEntryBox(copying: self) }

    var id: String {
        get { packedID.string }
        set { packedID = PackedID(newValue) }
    }
    func hasID(_ other: String) -> Bool { packedID.equals(other) }

    var payeeNumber: EntryTexts.Number { payeeIDText }

    var payeeID: String {
        get { EntryTexts.shared.text(payeeIDText) ?? "" }
        set { payeeIDText = EntryTexts.shared.number(of: newValue, lane: .payeeID) }
    }
    var payeeName: String? {
        get { EntryTexts.shared.text(payeeNameText) }
        set { payeeNameText = EntryTexts.shared.number(of: newValue, lane: .payeeName) }
    }
    var reference: String? {
        get { EntryTexts.shared.text(referenceText) }
        set { referenceText = EntryTexts.shared.number(of: newValue, lane: .reference) }
    }
    var description: String? {
        get { EntryTexts.shared.text(descriptionText) }
        set { descriptionText = EntryTexts.shared.number(of: newValue, lane: .description) }
    }
    var payoutID: String? {
        get { EntryTexts.shared.text(payoutIDText) }
        set { payoutIDText = EntryTexts.shared.number(of: newValue, lane: .payoutID) }
    }

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
