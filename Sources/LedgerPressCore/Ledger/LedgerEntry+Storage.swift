/// The fields of a ``LedgerEntry``; mutated only through an entry that holds the only reference to it.
///
/// > Note: laid out to fit one 112-byte heap block with nothing else on the heap (a million entries are a
/// > million of these): the id inline (``PackedID``), the texts as numbers in the run's ``EntryTexts`` (which
/// > the box holds: the texts live as long as the entries), the amount's currency as its place in the list of
/// > currencies (``PackedCurrency``), the source as an index into the table's ``SourceFiles`` plus the line,
/// > the four small fields in one byte (``PackedFacts``), and last one byte that says whether the description's
/// > text also holds a payout arrival or a job's distance (issue 50, ``PackedExtras``): those few entries number
/// > `extras + description` as their description text, so the box keeps to its 112 bytes.
final class LedgerEntryBox: @unchecked Sendable {
    private(set) var packedID: PackedID
    var occurredAt: Timestamp
    var minorUnits: Int64
    /// The table of this entry's texts and source file.
    let texts: EntryTexts
    private var payeeIDText: EntryTexts.Number
    private var payeeNameText: EntryTexts.Number
    private var referenceText: EntryTexts.Number
    private var descriptionText: EntryTexts.Number
    private var payoutIDText: EntryTexts.Number
    var sourceFile: UInt32
    var sourceLine: UInt32
    var currency: PackedCurrency
    private var facts: PackedFacts
    /// Whether `descriptionText` numbers ``PackedExtras/text(_:description:)`` (the entry has a payout arrival or a
    /// distance) rather than the description itself.
    private var hasExtras: Bool

    init(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String?, kind: EntryKind,
        amount: Money, reference: String?, description: String?, payoutID: String?, payoutStatus: PayoutStatus?,
        source: SourceLocation, isStatusReport: Bool, extras: PackedExtras = PackedExtras(),
        texts: EntryTexts
    ) {
        self.texts = texts
        hasExtras = !extras.isEmpty
        (payeeIDText, payeeNameText, referenceText, descriptionText, payoutIDText) = texts.numbers(
            payeeID: payeeID, payeeName: payeeName, reference: reference,
            description: extras.isEmpty ? description : PackedExtras.text(extras, description: description),
            payoutID: payoutID)
        packedID = PackedID(id, texts: texts)
        self.occurredAt = occurredAt
        minorUnits = amount.minorUnits
        currency = PackedCurrency(amount.currency)
        facts = PackedFacts(
            payeeType: payeeType, kind: kind, payoutStatus: payoutStatus, isStatusReport: isStatusReport)
        (sourceFile, sourceLine) = texts.files.pack(source)
    }

    /// The entry of a ``NumberedEntry``, its texts numbered in `numbers`' table, read at `line` of `sourceFile`.
    init(_ numbered: NumberedEntry, numbers: ChunkNumbers, sourceFile: UInt32, line: Int) {
        texts = numbers.table
        packedID = numbered.packedID.renumbered(numbers.number)
        occurredAt = numbered.occurredAt
        minorUnits = numbered.minorUnits
        currency = numbered.currency
        facts = numbered.facts
        hasExtras = numbered.hasExtras
        payeeIDText = numbers.number(numbered.texts.0)
        payeeNameText = numbers.number(numbered.texts.1)
        referenceText = numbers.number(numbered.texts.2)
        descriptionText = numbers.number(numbered.texts.3)
        payoutIDText = numbers.number(numbered.texts.4)
        if line >= 0, line < Int(UInt32.max) {
            (self.sourceFile, sourceLine) = (sourceFile, UInt32(line))
        } else {
            var location = texts.files.location(file: sourceFile, line: 0)
            location.line = line
            (self.sourceFile, sourceLine) = texts.files.pack(location)
        }
    }

    private init(copying other: LedgerEntryBox) {
        packedID = other.packedID
        occurredAt = other.occurredAt
        minorUnits = other.minorUnits
        texts = other.texts
        payeeIDText = other.payeeIDText
        payeeNameText = other.payeeNameText
        referenceText = other.referenceText
        descriptionText = other.descriptionText
        payoutIDText = other.payoutIDText
        sourceFile = other.sourceFile
        sourceLine = other.sourceLine
        currency = other.currency
        facts = other.facts
        hasExtras = other.hasExtras
    }

    func copy() -> LedgerEntryBox { LedgerEntryBox(copying: self) }

    /// The bytes of a record (``EntryRecords``): every field but the table, the texts as their numbers in it.
    static let recordSize = RecordLayout.size

    /// The entry whose fields a record holds (written by ``write(to:)`` from an entry of `texts`).
    init(record: UnsafeRawPointer, texts: EntryTexts) {
        self.texts = texts
        packedID = PackedID(words: record.loadUnaligned(as: PackedID.Words.self))
        occurredAt = Timestamp(
            epochSeconds: record.loadUnaligned(fromByteOffset: RecordLayout.epochSeconds, as: Int64.self),
            nanoseconds: record.loadUnaligned(fromByteOffset: RecordLayout.nanoseconds, as: Int32.self),
            offsetSeconds: record.loadUnaligned(fromByteOffset: RecordLayout.offsetSeconds, as: Int32.self))
        minorUnits = record.loadUnaligned(fromByteOffset: RecordLayout.minorUnits, as: Int64.self)
        payeeIDText = record.loadUnaligned(fromByteOffset: RecordLayout.payeeID, as: EntryTexts.Number.self)
        payeeNameText = record.loadUnaligned(fromByteOffset: RecordLayout.payeeName, as: EntryTexts.Number.self)
        referenceText = record.loadUnaligned(fromByteOffset: RecordLayout.reference, as: EntryTexts.Number.self)
        descriptionText = record.loadUnaligned(fromByteOffset: RecordLayout.description, as: EntryTexts.Number.self)
        payoutIDText = record.loadUnaligned(fromByteOffset: RecordLayout.payoutID, as: EntryTexts.Number.self)
        sourceFile = record.loadUnaligned(fromByteOffset: RecordLayout.sourceFile, as: UInt32.self)
        sourceLine = record.loadUnaligned(fromByteOffset: RecordLayout.sourceLine, as: UInt32.self)
        currency = PackedCurrency(index: record.loadUnaligned(fromByteOffset: RecordLayout.currency, as: UInt16.self))
        facts = PackedFacts(raw: record.load(fromByteOffset: RecordLayout.facts, as: UInt8.self))
        hasExtras = record.load(fromByteOffset: RecordLayout.extras, as: UInt8.self) != 0
    }

    /// Writes the fields into `record` (``recordSize`` bytes), the texts as numbers in this box's table.
    func write(to record: UnsafeMutableRawPointer) {
        record.storeBytes(of: packedID.words, as: PackedID.Words.self)
        record.storeBytes(of: occurredAt.epochSeconds, toByteOffset: RecordLayout.epochSeconds, as: Int64.self)
        record.storeBytes(of: occurredAt.nanoseconds, toByteOffset: RecordLayout.nanoseconds, as: Int32.self)
        record.storeBytes(of: occurredAt.offsetSeconds, toByteOffset: RecordLayout.offsetSeconds, as: Int32.self)
        record.storeBytes(of: minorUnits, toByteOffset: RecordLayout.minorUnits, as: Int64.self)
        record.storeBytes(of: payeeIDText, toByteOffset: RecordLayout.payeeID, as: EntryTexts.Number.self)
        record.storeBytes(of: payeeNameText, toByteOffset: RecordLayout.payeeName, as: EntryTexts.Number.self)
        record.storeBytes(of: referenceText, toByteOffset: RecordLayout.reference, as: EntryTexts.Number.self)
        record.storeBytes(of: descriptionText, toByteOffset: RecordLayout.description, as: EntryTexts.Number.self)
        record.storeBytes(of: payoutIDText, toByteOffset: RecordLayout.payoutID, as: EntryTexts.Number.self)
        record.storeBytes(of: sourceFile, toByteOffset: RecordLayout.sourceFile, as: UInt32.self)
        record.storeBytes(of: sourceLine, toByteOffset: RecordLayout.sourceLine, as: UInt32.self)
        record.storeBytes(of: currency.index, toByteOffset: RecordLayout.currency, as: UInt16.self)
        record.storeBytes(of: facts.raw, toByteOffset: RecordLayout.facts, as: UInt8.self)
        record.storeBytes(of: hasExtras ? 1 : 0, toByteOffset: RecordLayout.extras, as: UInt8.self)
    }

    /// The same entry with its texts in `table` (an entry made in another run's table, or in one of its own).
    func moved(to table: EntryTexts) -> LedgerEntryBox {
        LedgerEntryBox(
            id: id, occurredAt: occurredAt, payeeID: payeeID, payeeType: payeeType, payeeName: payeeName, kind: kind,
            amount: amount, reference: reference, description: description, payoutID: payoutID,
            payoutStatus: payoutStatus, source: source, isStatusReport: isStatusReport, extras: extras, texts: table)
    }

    var id: String {
        get { packedID.string(texts) }
        set { packedID = PackedID(newValue, texts: texts) }
    }
    func hasID(_ other: String) -> Bool { packedID.equals(other, texts) }

    var payeeNumber: EntryTexts.Number { payeeIDText }

    var payeeID: String {
        get { texts.text(payeeIDText) ?? "" }
        set { payeeIDText = texts.number(of: newValue, lane: .payeeID) }
    }
    var payeeName: String? {
        get { texts.text(payeeNameText) }
        set { payeeNameText = texts.number(of: newValue, lane: .payeeName) }
    }
    var reference: String? {
        get { texts.text(referenceText) }
        set { referenceText = texts.number(of: newValue, lane: .reference) }
    }
    var description: String? {
        get { hasExtras ? PackedExtras.split(texts.text(descriptionText)).description : texts.text(descriptionText) }
        set {
            descriptionText = texts.number(
                of: hasExtras ? PackedExtras.text(extras, description: newValue) : newValue, lane: .description)
        }
    }
    var payoutID: String? {
        get { texts.text(payoutIDText) }
        set { payoutIDText = texts.number(of: newValue, lane: .payoutID) }
    }

    /// The payout's arrival date and the job's distance (none for most entries).
    var extras: PackedExtras {
        get { hasExtras ? PackedExtras.split(texts.text(descriptionText)).extras : PackedExtras() }
        set {
            let description = description
            hasExtras = !newValue.isEmpty
            descriptionText = texts.number(
                of: hasExtras ? PackedExtras.text(newValue, description: description) : description, lane: .description)
        }
    }

    var payeeType: PayeeType {
        get { facts.payeeType }
        set { facts.payeeType = newValue }
    }
    var kind: EntryKind {
        get { facts.kind }
        set { facts.kind = newValue }
    }
    var payoutStatus: PayoutStatus? {
        get { facts.payoutStatus }
        set { facts.payoutStatus = newValue }
    }
    var isStatusReport: Bool {
        get { facts.isStatusReport }
        set { facts.isStatusReport = newValue }
    }

    var amount: Money {
        get { Money(minorUnits: minorUnits, currency: currency.currency) }
        set {
            minorUnits = newValue.minorUnits
            currency = PackedCurrency(newValue.currency)
        }
    }

    var source: SourceLocation {
        get { texts.files.location(file: sourceFile, line: sourceLine) }
        set { (sourceFile, sourceLine) = texts.files.pack(newValue) }
    }

    /// Whether two entries were read at the same place (the packed numbers compare only within one table).
    func sameSource(as other: LedgerEntryBox) -> Bool {
        texts === other.texts
            ? sourceFile == other.sourceFile && sourceLine == other.sourceLine : source == other.source
    }
}

/// An entry's payee type, kind, payout status and whether it only reports a status, in one byte: bit 0 the
/// type, bits 1–3 the kind, bits 4–6 the status (0 for none), bit 7 the status report.
struct PackedFacts: Sendable, Equatable {
    private(set) var raw: UInt8 = 0

    init(raw: UInt8) { self.raw = raw }

    init(payeeType: PayeeType, kind: EntryKind, payoutStatus: PayoutStatus?, isStatusReport: Bool) {
        self.payeeType = payeeType
        self.kind = kind
        self.payoutStatus = payoutStatus
        self.isStatusReport = isStatusReport
    }

    /// The `width` bits from bit `shift`.
    private func field(_ shift: UInt8, _ width: UInt8) -> UInt8 { (raw >> shift) & ((1 << width) - 1) }

    private mutating func set(_ shift: UInt8, _ width: UInt8, _ value: UInt8) {
        let mask: UInt8 = ((1 << width) - 1) << shift
        raw = (raw & ~mask) | ((value << shift) & mask)
    }

    var payeeType: PayeeType {
        get { field(0, 1) == 0 ? .driver : .merchant }
        set { set(0, 1, newValue == .driver ? 0 : 1) }
    }

    var kind: EntryKind {
        get {
            switch field(1, 3) {
            case 0: .earning
            case 1: .tip
            case 2: .fee
            case 3: .adjustment
            case 4: .refund
            case 5: .payout
            case 6: .tax
            default: .openingBalance
            }
        }
        set {
            let value: UInt8 =
                switch newValue {
                case .earning: 0
                case .tip: 1
                case .fee: 2
                case .adjustment: 3
                case .refund: 4
                case .payout: 5
                case .tax: 6
                case .openingBalance: 7
                }
            set(1, 3, value)
        }
    }

    var payoutStatus: PayoutStatus? {
        get {
            switch field(4, 3) {
            case 0: nil
            case 1: .pending
            case 2: .processing
            case 3: .paid
            default: .failed
            }
        }
        set {
            let value: UInt8 =
                switch newValue {
                case nil: 0
                case .pending?: 1
                case .processing?: 2
                case .paid?: 3
                case .failed?: 4
                }
            set(4, 3, value)
        }
    }

    var isStatusReport: Bool {
        get { field(7, 1) == 1 }
        set { set(7, 1, newValue ? 1 : 0) }
    }
}

/// A ``Currency`` in two bytes: its position in ``Currency/listed`` (every currency is on the list).
struct PackedCurrency: Sendable, Equatable {
    private(set) var index: UInt16

    init(index: UInt16) { self.index = index }

    init(_ currency: Currency) {
        guard let index = Currency.positions[currency.code] else { preconditionFailure("an ISO 4217 currency") }
        self.index = index
    }

    var currency: Currency { Currency.listed[Int(index)] }
}

/// An entry's payout arrival date and job distance (issue 50): the date as days since 1970-01-01 (`Int32.min`:
/// none), the distance as thousandths and its unit (0: none, 1 km, 2 mi).
///
/// > Note: kept in the entry's description text (``text(_:description:)``), so that neither the box nor the
/// > spill record grows for them: `a20561` (the arrival day), `k12500` or `m12500` (the distance), then `=` and the
/// > description, or `-` when there is none (`k12500=Ride` fits a small string, with no heap of its own).
struct PackedExtras: Sendable, Equatable {
    var distanceThousandths: Int64 = 0
    var arrivalDay: Int32 = .min
    var distanceUnit: UInt8 = 0

    init() {}

    init(payoutArrival: CivilDate?, distance: Distance?) {
        self.payoutArrival = payoutArrival
        self.distance = distance
    }

    /// Neither an arrival date nor a distance.
    var isEmpty: Bool { arrivalDay == .min && distanceUnit == 0 }

    /// The text an entry with `extras` (not empty) numbers as its description.
    static func text(_ extras: PackedExtras, description: String?) -> String {
        var text = ""
        if extras.arrivalDay != .min { text += "a" + String(extras.arrivalDay) }
        if extras.distanceUnit != 0 {
            text += (extras.distanceUnit == 1 ? "k" : "m") + String(extras.distanceThousandths)
        }
        guard let description else { return text + "-" }
        return text + "=" + description
    }

    /// The extras and description of a ``text(_:description:)``, byte for byte.
    static func split(_ text: String?) -> (extras: PackedExtras, description: String?) {
        guard let text else { return (PackedExtras(), nil) }
        var extras = PackedExtras()
        let bytes = text.utf8
        var index = bytes.startIndex
        var field: UInt8 = 0
        var value: Int64 = 0
        var negative = false
        var digits = false
        func finish() {
            let signed = negative ? 0 &- value : value
            switch field {
            case UInt8(ascii: "a"): extras.arrivalDay = Int32(truncatingIfNeeded: signed)
            case UInt8(ascii: "k"): (extras.distanceUnit, extras.distanceThousandths) = (1, signed)
            case UInt8(ascii: "m"): (extras.distanceUnit, extras.distanceThousandths) = (2, signed)
            default: break
            }
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            switch byte {
            case UInt8(ascii: "a"), UInt8(ascii: "k"), UInt8(ascii: "m"):
                finish()
                (field, value, negative, digits) = (byte, 0, false, false)
            case UInt8(ascii: "-") where field != 0 && !digits && !negative:
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value &* 10 &+ Int64(byte - UInt8(ascii: "0"))
                digits = true
            case UInt8(ascii: "="):
                finish()
                return (extras, String(decoding: bytes[index...], as: UTF8.self))
            default:
                finish()
                return (extras, nil)
            }
        }
        finish()
        return (extras, nil)
    }

    var payoutArrival: CivilDate? {
        get { arrivalDay == .min ? nil : CivilDate(daysSinceEpoch: Int(arrivalDay)) }
        set { arrivalDay = newValue.map { Int32(truncatingIfNeeded: $0.daysSinceEpoch) } ?? .min }
    }

    var distance: Distance? {
        get {
            switch distanceUnit {
            case 1: Distance(thousandths: distanceThousandths, unit: .km)
            case 2: Distance(thousandths: distanceThousandths, unit: .mi)
            default: nil
            }
        }
        set {
            distanceThousandths = newValue?.thousandths ?? 0
            distanceUnit =
                switch newValue?.unit {
                case nil: 0
                case .km?: 1
                case .mi?: 2
                }
        }
    }
}
