import LedgerPressStore

/// A ledger written out whole and read back as it was, so that a later run can go on adding to it instead of reading
/// every input again (the engine's import checkpoint).
///
/// > Note: the state is the table of texts in the order of their numbers, the files entries were read from in the
/// > order of theirs, each payee's type as first read, then the records as they are: a record holds its texts as
/// > numbers, which mean the same once the table is read back in the same order. The index by id is made again from
/// > the records (its hash bits are this process's own). Only the tool that wrote a state reads it back: records and
/// > numbers have no layout promised beyond one build of the tool.
extension Ledger {
    /// Writes the ledger's state; its entries' texts are in `texts` (the run's table).
    public func writeState(_ writer: inout StateWriter) throws {
        let texts = records.texts ?? EntryTexts()
        try writer.int(texts.count)
        try texts.forEachText { try writer.text($0) }
        let places = texts.files.places
        try writer.int(places.count)
        for place in places { try Ledger.write(place, &writer) }
        try writer.int(typeByPayee.count)
        // In the order the payees were first read, so that the same ledger writes the same bytes.
        for (_, (type, location, id)) in typeByPayee.sorted(by: { Ledger.before($0.value.1, $1.value.1) }) {
            try writer.text(id)
            try writer.text(type.rawValue)
            try Ledger.write(location, &writer)
        }
        try writer.int(count)
        try records.forEachChunk { try writer.raw($0) }
    }

    /// The ledger whose state `reader` holds, its texts numbered in `texts`, which must be empty (the run's table,
    /// before any entry is read). `verified` runs once every byte of the state is read, before any record is looked
    /// into: whether they are the bytes written (a digest over them). Throws ``StateReader/Damaged`` when the state is
    /// not one a ledger writes, or `verified` says no.
    public init(
        restoring reader: inout StateReader, texts: EntryTexts, spill: LedgerSpill = .standard,
        verified: (inout StateReader) -> Bool
    ) throws {
        self.init(spill: spill)
        guard texts.count == 0, texts.files.places.isEmpty else {
            throw StateReader.Damaged(description: "a table that already holds texts")
        }
        let textCount = try reader.count(atMost: Int(UInt32.max) - 2)
        for _ in 0..<textCount {
            guard texts.restoreNext(try reader.text()) != nil else {
                throw StateReader.Damaged(description: "a text written twice")
            }
        }
        let placeCount = try reader.count(atMost: Int(UInt32.max) - 1)
        for _ in 0..<placeCount {
            guard texts.files.restoreNext(try Ledger.readLocation(&reader)) else {
                throw StateReader.Damaged(description: "a source file written twice")
            }
        }
        let payeeCount = try reader.count(atMost: Int(UInt32.max))
        for _ in 0..<payeeCount {
            let id = try reader.text()
            guard let type = PayeeType(rawValue: try reader.text()) else {
                throw StateReader.Damaged(description: "an unknown payee type")
            }
            typeByPayee[id] = (type, try Ledger.readLocation(&reader), id)
        }
        let recordCount = try reader.count(atMost: Int(UInt32.max) - 2)
        var left = recordCount
        let size = EntryRecords.size
        while left > 0 {
            let take = min(left, max(1, (1 << 20) / size))
            try reader.raw(take * size) { records.appendRecords($0, texts: texts) }
            left -= take
        }
        count = recordCount
        // A damaged record could name a text the table does not hold: nothing reads one before the digest says so.
        guard verified(&reader) else { throw StateReader.Damaged(description: "the state's digest differs") }
        indexPending = count > 0
        touchedPayees = []
    }

    /// Makes the index by id from the records, once, when a ledger read back is first added to (each id has one
    /// record: a repeat was merged into its first one before the state was written), with room for `capacity` ids.
    mutating func readyIndex(capacity: Int = 0) {
        guard indexPending else { return }
        indexPending = false
        var index = indexByID
        index.reserveCapacity(max(count, capacity))
        let records = self.records
        var values: [UInt64] = []
        values.reserveCapacity(count)
        records.visit(first: count) { position, record in values.append(EntryIndex.slotValue(record.id, at: position)) }
        index.insertAll(values) { first, second in
            var id = ""
            records.visit([UInt32(second)]) { id = $0.id }
            return records.hasID(at: first, id)
        }
        indexByID = index
    }

    private static func write(_ location: SourceLocation, _ writer: inout StateWriter) throws {
        try writer.text(location.file)
        try writer.int(location.line)
        try writer.optionalText(location.field)
    }

    private static func readLocation(_ reader: inout StateReader) throws -> SourceLocation {
        SourceLocation(file: try reader.text(), line: try reader.int(), field: try reader.optionalText())
    }

    /// Orders the places payees were first read at (file, then line, then field).
    private static func before(_ a: SourceLocation, _ b: SourceLocation) -> Bool {
        if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
        if a.line != b.line { return a.line < b.line }
        return (a.field ?? "").utf8.lexicographicallyPrecedes((b.field ?? "").utf8)
    }
}
