/// The texts of a chunk of entries read on one of several threads, numbered in a table of the chunk's own: the
/// thread that adds the chunk's entries to the ledger then numbers each distinct text in the run's ``EntryTexts``
/// once (``numbered(in:)``), instead of every text of every entry, and makes each entry from its numbers
/// (``LedgerEntry/init(_:numbers:sourceFile:line:)``).
///
/// > Note: texts are numbered in the order the entries were made, each entry's in the order ``EntryTexts`` numbers
/// > them (payee id, name, reference, description, payout id, then an id too long for ``PackedID``), so the run's
/// > table gets the numbers that making each entry in turn would give. Texts are told apart by their bytes.
public struct ChunkTexts: Sendable {
    /// The distinct texts in the order first seen, and the lane each was first seen in.
    private var texts: [String] = []
    private var lanes: [EntryTexts.Lane] = []
    private var numbers: [EntryTexts.ExactText: UInt32] = [:]
    /// The text numbered last in each lane (a chunk holds runs of one payee's rows).
    private var recent: [(text: String, number: UInt32)?] = Array(repeating: nil, count: EntryTexts.Lane.allCases.count)

    public init() {}

    /// The entry's values, its texts numbered in this table.
    public mutating func entry(
        id: String, occurredAt: Timestamp, payeeID: String, payeeType: PayeeType, payeeName: String?, kind: EntryKind,
        amount: Money, reference: String?, description: String?, payoutID: String?, payoutStatus: PayoutStatus?,
        payoutArrival: CivilDate? = nil, distance: Distance? = nil
    ) -> NumberedEntry {
        let payee = number(payeeID, .payeeID)
        let name = number(payeeName, .payeeName)
        let reference = number(reference, .reference)
        let extras = PackedExtras(payoutArrival: payoutArrival, distance: distance)
        let description = number(
            extras.isEmpty ? description : PackedExtras.text(extras, description: description), .description)
        let payout = number(payoutID, .payoutID)
        let packedID = PackedID(inline: id) ?? PackedID(number: number(id, .id))
        return NumberedEntry(
            packedID: packedID, occurredAt: occurredAt, minorUnits: amount.minorUnits,
            currency: PackedCurrency(amount.currency),
            facts: PackedFacts(payeeType: payeeType, kind: kind, payoutStatus: payoutStatus, isStatusReport: false),
            hasExtras: !extras.isEmpty, texts: (payee, name, reference, description, payout))
    }

    private mutating func number(_ text: String?, _ lane: EntryTexts.Lane) -> UInt32 {
        guard let text else { return 0 }
        if let last = recent[lane.rawValue], EntryTexts.sameBytes(last.text, text) { return last.number }
        let key = EntryTexts.ExactText(text: text)
        let number: UInt32
        if let known = numbers[key] {
            number = known
        } else {
            texts.append(text)
            lanes.append(lane)
            number = UInt32(texts.count)
            numbers[key] = number
        }
        recent[lane.rawValue] = (text, number)
        return number
    }

    /// The number in `table` of each of these texts, in order (one lock for them all).
    public func numbered(in table: EntryTexts) -> ChunkNumbers {
        ChunkNumbers(table: table, numbers: table.numbers(of: texts, lanes: lanes))
    }
}

/// The run's numbers of a ``ChunkTexts``' texts.
public struct ChunkNumbers: Sendable {
    let table: EntryTexts
    /// The run's number of the chunk's text n at n - 1.
    let numbers: [EntryTexts.Number]

    func number(_ local: UInt32) -> EntryTexts.Number { local == 0 ? 0 : numbers[Int(local) - 1] }
}

/// An entry's values with its texts numbered in a ``ChunkTexts``: made on the thread that read its row, it becomes
/// a ``LedgerEntry`` of the run's table once that chunk's texts are numbered there.
public struct NumberedEntry: Sendable {
    let packedID: PackedID
    let occurredAt: Timestamp
    let minorUnits: Int64
    let currency: PackedCurrency
    let facts: PackedFacts
    /// Whether the description's text holds a ``PackedExtras`` (issue 50).
    let hasExtras: Bool
    /// Payee id, payee name, reference, description, payout id (0: none).
    let texts: (UInt32, UInt32, UInt32, UInt32, UInt32)
}

extension LedgerEntry {
    /// The entry of `numbered` in the run's table that `numbers` came from, read at line `line` of the file that
    /// table's ``SourceFiles`` numbers `sourceFile` (``EntryTexts/sourceFile(_:)``).
    public init(_ numbered: NumberedEntry, numbers: ChunkNumbers, sourceFile: UInt32, line: Int) {
        self.init(box: LedgerEntryBox(numbered, numbers: numbers, sourceFile: sourceFile, line: line))
    }
}

extension EntryTexts {
    /// The numbers of `texts`, each added when new, under one lock; `lanes` are the fields they are for.
    func numbers(of texts: [String], lanes: [Lane]) -> [Number] {
        writer.withLock { writer in zip(texts, lanes).map { number(of: $0, lane: $1, in: &writer) } }
    }

    /// The number of a file's locations in this table's ``SourceFiles``, for ``LedgerEntry/init(_:numbers:sourceFile:line:)``.
    public func sourceFile(_ file: String) -> UInt32 { files.pack(SourceLocation(file: file, line: 1)).file }
}
