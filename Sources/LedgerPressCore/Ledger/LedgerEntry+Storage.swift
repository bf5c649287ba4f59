/// The fields of a ``LedgerEntry``; mutated only through an entry that holds the only reference to it.
///
/// > Note: laid out to fit 152 bytes, one 160-byte heap block (a million entries are a million of these):
/// > the amount's currency as its packed code (``PackedCurrency``), the source as an index into
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

/// A ``Currency`` in four bytes: its three upper-case ASCII letters and its exponent.
struct PackedCurrency: Sendable, Equatable {
    private var bits: UInt32

    /// Every ``Currency`` packs: its code is three ASCII letters of the ISO 4217 list, its exponent at most 4.
    init(_ currency: Currency) {
        var code: UInt32 = 0
        var count = 0
        for letter in currency.code.utf8 {
            code = code << 8 | UInt32(letter)
            count += 1
        }
        precondition(count == 3 && currency.exponent >= 0 && currency.exponent < 256, "an ISO 4217 currency")
        bits = code | UInt32(currency.exponent) << 24
    }

    var currency: Currency {
        let code = String(unsafeUninitializedCapacity: 3) { buffer in
            buffer[0] = UInt8(truncatingIfNeeded: bits >> 16)
            buffer[1] = UInt8(truncatingIfNeeded: bits >> 8)
            buffer[2] = UInt8(truncatingIfNeeded: bits)
            return 3
        }
        return Currency(validatedCode: code, exponent: Int(bits >> 24))
    }
}
