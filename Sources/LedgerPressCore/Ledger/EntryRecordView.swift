/// Where each field is in an entry's record (``EntryRecords``): 88 bytes, the texts as their numbers in the
/// records' ``EntryTexts``.
enum RecordLayout {
    static let size = 88
    static let id = 0  // PackedID.Words, 32 bytes
    static let epochSeconds = 32  // Int64
    static let nanoseconds = 40  // Int32
    static let offsetSeconds = 44  // Int32
    static let minorUnits = 48  // Int64
    static let payeeID = 56  // the five texts: EntryTexts.Number each
    static let payeeName = 60
    static let reference = 64
    static let description = 68
    static let payoutID = 72
    static let sourceFile = 76  // UInt32
    static let sourceLine = 80  // UInt32
    static let currency = 84  // PackedCurrency, UInt16
    static let facts = 86  // PackedFacts, UInt8
    static let extras = 87  // UInt8: 1 when the description's text holds a PackedExtras (issue 50)
}

/// An entry's fields read in place from its record, without making the entry: for passes that only read the
/// fields of every entry (a payee's key, grouping the ledger by payee).
public struct EntryRecordView {
    let bytes: UnsafeRawPointer
    let texts: EntryTexts

    private func number(_ offset: Int) -> EntryTexts.Number {
        bytes.loadUnaligned(fromByteOffset: offset, as: EntryTexts.Number.self)
    }
    private var facts: PackedFacts { PackedFacts(raw: bytes.load(fromByteOffset: RecordLayout.facts, as: UInt8.self)) }

    public var id: String { packedID.string(texts) }
    /// The id as the record keeps it (its text is ``PackedID/string(_:)`` of the records' table).
    var packedID: PackedID { PackedID(words: bytes.loadUnaligned(as: PackedID.Words.self)) }
    public var occurredAt: Timestamp {
        Timestamp(
            epochSeconds: bytes.loadUnaligned(fromByteOffset: RecordLayout.epochSeconds, as: Int64.self),
            nanoseconds: bytes.loadUnaligned(fromByteOffset: RecordLayout.nanoseconds, as: Int32.self),
            offsetSeconds: bytes.loadUnaligned(fromByteOffset: RecordLayout.offsetSeconds, as: Int32.self))
    }
    public var payeeID: String { texts.text(payeeNumber) ?? "" }
    /// The payee id's number in the records' table: equal numbers are equal payee id bytes.
    var payeeNumber: EntryTexts.Number { number(RecordLayout.payeeID) }
    /// The payee name's number (0: none).
    var payeeNameNumber: EntryTexts.Number { number(RecordLayout.payeeName) }
    public var payeeType: PayeeType { facts.payeeType }
    public var payeeName: String? { texts.text(number(RecordLayout.payeeName)) }
    public var kind: EntryKind { facts.kind }
    public var amount: Money {
        Money(
            minorUnits: bytes.loadUnaligned(fromByteOffset: RecordLayout.minorUnits, as: Int64.self),
            currency: PackedCurrency(index: bytes.loadUnaligned(fromByteOffset: RecordLayout.currency, as: UInt16.self))
                .currency)
    }
    public var reference: String? { texts.text(number(RecordLayout.reference)) }
    public var description: String? { hasExtras ? extras.description : texts.text(number(RecordLayout.description)) }
    public var payoutID: String? { texts.text(number(RecordLayout.payoutID)) }
    public var payoutStatus: PayoutStatus? { facts.payoutStatus }
    public var isStatusReport: Bool { facts.isStatusReport }
    public var payoutArrival: CivilDate? { hasExtras ? extras.extras.payoutArrival : nil }
    public var distance: Distance? { hasExtras ? extras.extras.distance : nil }
    private var hasExtras: Bool { bytes.load(fromByteOffset: RecordLayout.extras, as: UInt8.self) != 0 }
    private var extras: (extras: PackedExtras, description: String?) {
        PackedExtras.split(texts.text(number(RecordLayout.description)))
    }

    /// The entry itself, made from the record (its own copy of the fields).
    var entry: LedgerEntry { LedgerEntry(box: LedgerEntryBox(record: bytes, texts: texts)) }
}
