import LedgerPressCore

/// One accepted input row and the entries it made (a Stripe charge row makes an earning and a fee).
///
/// > Note: the row's text is not kept (a million rows would hold the file twice): only where its bytes
/// > are, so that a caller holding the input can quote it verbatim if it rejects the row later
/// > (``ImportedFile/text(of:in:)``).
public struct ImportedRow: Sendable {
    public var line: Int
    /// Where the row's bytes are in the input (without its line end).
    public var bytes: Range<Int>
    /// Where its entries are in ``ImportedFile/entries``.
    public var entryRange: Range<Int>
}

/// A row that was not accepted, kept verbatim with why.
public struct RejectedRow: Sendable, Equatable, Codable {
    public var file: String
    public var line: Int
    public var raw: String
    public var reason: String

    public init(file: String, line: Int, raw: String, reason: String) {
        self.file = file
        self.line = line
        self.raw = raw
        self.reason = reason
    }
}

/// Rows of one input left out for one reason (not errors: the export's own memo rows, a filter).
public struct SkippedRows: Sendable, Equatable, Codable {
    public var reason: String
    public var count: Int
}

extension [SkippedRows] {
    /// The rows counted under every reason.
    public var total: Int { reduce(0) { $0 + $1.count } }
}

/// The CPU time of the threads that read an input in chunks
/// (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``): `readers`, summed over
/// the threads that read the chunks' rows at once; `ordered`, the one thread that adds them to the ledger in order,
/// which bounds the import however many cores read.
public struct ImportCPU: Sendable, Equatable {
    public var readers: Duration
    public var ordered: Duration
    public var readerThreads: Int

    public init(readers: Duration, ordered: Duration, readerThreads: Int) {
        self.readers = readers
        self.ordered = ordered
        self.readerThreads = readerThreads
    }

    /// Both inputs' times added up (the most reader threads of either).
    public static func + (a: ImportCPU, b: ImportCPU) -> ImportCPU {
        ImportCPU(
            readers: a.readers + b.readers, ordered: a.ordered + b.ordered,
            readerThreads: max(a.readerThreads, b.readerThreads))
    }
}

/// What reading one input file gave.
public struct ImportedFile: Sendable {
    public var name: String
    public var format: InputFormat
    public var rows: [ImportedRow] = []
    public var rejected: [RejectedRow] = []
    public var diagnostics: [Diagnostic] = []
    /// Rows read and deliberately left out, counted per reason in first-seen order: a mapping's filter
    /// (`Balance Impact is Memo`), a value its rules skip, a platform report's own rows.
    public private(set) var skipped: [SkippedRows] = []
    /// Whether rows took their account from `--payee` (so an assignment no input used can be reported).
    public var usedPayeeOption = false
    /// False when no format could be recognised (the file then has a header diagnostic and no rows).
    public var recognised = true
    /// The CPU time of the threads that read it, when it was read in chunks.
    public var cpu: ImportCPU?
    /// The line a record appended to the input would start on, when the input ends where a record ends (after a
    /// line end, outside quotes): where a later run can go on reading it (``Summary``). Nil otherwise, or unknown.
    public var nextRecordLine: Int?

    public init(name: String, format: InputFormat) {
        self.name = name
        self.format = format
    }

    /// The entries of every accepted row, in row order.
    public private(set) var entries: [LedgerEntry] = []
    /// Rows accepted but kept in neither ``rows`` nor ``entries`` (handed on as they were read,
    /// ``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``, or let go, ``forgetRows()``), and what
    /// their entries were.
    public private(set) var streamedRows = 0
    private var streamedFacts = EntryFacts()

    /// Data rows read: accepted plus rejected plus skipped.
    public var rowsRead: Int { rows.count + streamedRows + rejected.count + skippedCount }

    /// The payees, currencies and time span of the entries of every accepted row, streamed or kept.
    public var facts: EntryFacts {
        var facts = streamedFacts
        for entry in entries { facts.add(entry) }
        return facts
    }

    /// Lets go of the accepted rows and their entries once they have joined the ledger, keeping their count
    /// and ``facts``.
    public mutating func forgetRows() {
        streamedFacts = facts
        streamedRows += rows.count
        rows = []
        entries = []
    }

    /// A copy with its rows forgotten (``forgetRows()``).
    public var forgotten: ImportedFile {
        var copy = self
        copy.forgetRows()
        return copy
    }

    /// Counts an accepted row whose entry was handed on instead of kept: its payee, currency code and instant.
    mutating func streamed(payeeID: String, currency: String, occurredAt: Timestamp) {
        streamedRows += 1
        streamedFacts.add(payeeID: payeeID, currency: currency, occurredAt: occurredAt)
    }

    /// Adds what reading a later part of the same input gave (a chunk of it, read on another thread, whose rows were
    /// handed on; or the rows appended since a run before this one read it): its rejected rows and diagnostics after
    /// these, its streamed rows' count and facts, its skips, and where the input now ends (``nextRecordLine``).
    public mutating func appendStreamed(_ later: ImportedFile) {
        precondition(later.rows.isEmpty && later.entries.isEmpty, "a part whose rows were handed on")
        rejected += later.rejected
        diagnostics += later.diagnostics
        for skip in later.skipped { self.skip(skip.reason, count: skip.count) }
        usedPayeeOption = usedPayeeOption || later.usedPayeeOption
        streamedRows += later.streamedRows
        streamedFacts.add(later.streamedFacts)
        nextRecordLine = later.nextRecordLine
    }

    /// Rows skipped for any reason.
    public var skippedCount: Int { skipped.total }

    /// Counts `count` rows left out for `reason`.
    mutating func skip(_ reason: String, count: Int = 1) {
        if let index = skipped.firstIndex(where: { $0.reason == reason }) {
            skipped[index].count += count
        } else {
            skipped.append(SkippedRows(reason: reason, count: count))
        }
    }

    /// Accepts a row with its entries.
    mutating func accept(line: Int, bytes: Range<Int>, entries made: some Collection<LedgerEntry>) {
        let first = entries.count
        entries.append(contentsOf: made)
        rows.append(ImportedRow(line: line, bytes: bytes, entryRange: first..<entries.count))
    }

    /// Adds an entry derived from the accepted row at `line` (a balance brought forward, issue 50) to that row's
    /// entries, so that it joins the ledger with them and counts as no row of its own; false when no kept row has
    /// that line.
    @discardableResult
    mutating func addDerived(_ entry: LedgerEntry, toRowAt line: Int) -> Bool {
        guard let index = rows.firstIndex(where: { $0.line == line }) else { return false }
        let end = rows[index].entryRange.upperBound
        entries.insert(entry, at: end)
        rows[index].entryRange = rows[index].entryRange.lowerBound..<(end + 1)
        for later in rows.indices where later > index {
            let range = rows[later].entryRange
            rows[later].entryRange = (range.lowerBound + 1)..<(range.upperBound + 1)
        }
        return true
    }

    /// Accepts a row that made one entry.
    mutating func accept(line: Int, bytes: Range<Int>, entry: LedgerEntry) {
        rows.append(ImportedRow(line: line, bytes: bytes, entryRange: entries.count..<(entries.count + 1)))
        entries.append(entry)
    }

    /// The entries one accepted row made.
    public func entries(of row: ImportedRow) -> ArraySlice<LedgerEntry> { entries[row.entryRange] }

    /// A row's text, from the input it was read from (invalid UTF-8 replaced), to quote it verbatim.
    public static func text(of range: Range<Int>, in input: [UInt8]) -> String {
        String(decoding: input[range.clamped(to: 0..<input.count)], as: UTF8.self)
    }
}

extension ImportedFile {
    /// What stays of an input once its rows have joined the ledger (``forgetRows()``), kept between runs so that a
    /// later run can take it as it is, or go on from where the input ended (``appendStreamed(_:)``).
    public struct Summary: Sendable, Codable, Equatable {
        public let name: String
        public let format: InputFormat
        public let rejected: [RejectedRow]
        /// The importer's problems (the ledger's are the caller's to keep).
        public let diagnostics: [Diagnostic]
        let skipped: [SkippedRows]
        let usedPayeeOption: Bool
        public let recognised: Bool
        let streamedRows: Int
        let streamedFacts: EntryFacts
        public let nextRecordLine: Int?
    }

    /// This input's summary (its rows forgotten: ``forgetRows()``).
    public var summary: Summary {
        precondition(rows.isEmpty && entries.isEmpty, "an input whose rows have joined the ledger")
        return Summary(
            name: name, format: format, rejected: rejected, diagnostics: diagnostics, skipped: skipped,
            usedPayeeOption: usedPayeeOption, recognised: recognised, streamedRows: streamedRows,
            streamedFacts: streamedFacts, nextRecordLine: nextRecordLine)
    }

    /// The input as its summary says, without rows.
    public init(_ summary: Summary) {
        self.init(name: summary.name, format: summary.format)
        rejected = summary.rejected
        diagnostics = summary.diagnostics
        skipped = summary.skipped
        usedPayeeOption = summary.usedPayeeOption
        recognised = summary.recognised
        streamedRows = summary.streamedRows
        streamedFacts = summary.streamedFacts
        nextRecordLine = summary.nextRecordLine
    }
}
