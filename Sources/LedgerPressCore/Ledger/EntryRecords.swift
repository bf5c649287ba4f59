import LedgerPressStore
import Synchronization

/// A ledger's entries as fixed-size records (``LedgerEntryBox/recordSize`` bytes each, the texts as numbers in
/// one ``EntryTexts``), in the order they joined it, kept by the store's ``SpilledRecords``: the newest in memory, the
/// older in a spill file once the records in memory pass a budget, so that a ledger's memory does not grow with its
/// entries.
///
/// > Note: what a record means is decided here (``LedgerEntryBox/write(to:)``, ``EntryRecordView``); where its bytes
/// > are, and every read and write of the spill file, is the store's. A record is read back when it is needed (a
/// > repeated id's first entry, a payee's entries when they are rendered). A spill file that cannot be read back (or
/// > rewritten) reads as zeros and ``health`` notes the failure, which the run throws (exit 74) before it publishes.
///
/// > Note: adding (and replacing) takes place on one thread at a time (a ``Ledger`` is copied before another
/// > copy changes it); reading may go on from any number of threads once adding is over.
final class EntryRecords: @unchecked Sendable {
    /// How many records stay in memory and where the others go.
    typealias Spill = LedgerSpill

    static let size = LedgerEntryBox.recordSize

    /// The table of every record's texts: the first entry's (later entries of other tables are moved to it).
    private let table = Mutex<EntryTexts?>(nil)
    /// The records' bytes, in memory and in the spill file.
    let store: SpilledRecords
    private let chunkBytes: Int

    init(spill: Spill, health: LedgerStorageHealth = LedgerStorageHealth()) {
        store = SpilledRecords(recordSize: Self.size, spill: spill, health: health)
        chunkBytes = store.chunkBytes
    }

    /// How many records stay in memory and where the others go.
    var spill: Spill { store.spill }
    /// Where a spill file's failure is noted (shared with every copy).
    var health: LedgerStorageHealth { store.health }

    var count: Int { store.count }

    /// The table the records' texts are numbered in (nil while there is none).
    var texts: EntryTexts? { table.withLock { $0 } }

    /// How many chunks are in the spill file (for tests and reports).
    var spilledChunks: Int { store.spilledChunks }

    /// Adds a record of `entry` after the others.
    func append(_ entry: LedgerEntry) {
        let box = boxed(entry)
        store.append { box.write(to: $0) }
    }

    /// Replaces the record at `position` with one of `entry`.
    func replace(at position: Int, with entry: LedgerEntry) {
        let box = boxed(entry)
        store.replace(at: position) { box.write(to: $0) }
    }

    /// The entry whose record is at `position`.
    ///
    /// > Note: each call takes the records' lock and makes a whole entry: fine once per look-up, not once per row
    /// > of a pass that runs on every core (the payee grouping in slices did, and at 16 CPUs its slices queued on the
    /// > lock for seconds). Such a pass reads what it needs from the ``EntryRecordView`` it is given.
    func entry(at position: Int) -> LedgerEntry {
        let texts = readingTable
        return withUnsafeTemporaryAllocation(byteCount: Self.size, alignment: 16) { record in
            guard let base = record.baseAddress else { preconditionFailure("a record buffer") }
            store.read(position, count: 1, into: base)
            return EntryRecordView(bytes: base, texts: texts).entry
        }
    }

    /// Whether the record at `position` has this id (as Strings compare), reading only that record.
    func hasID(at position: Int, _ id: String) -> Bool {
        let texts = readingTable
        return withUnsafeTemporaryAllocation(byteCount: Self.size, alignment: 16) { record in
            guard let base = record.baseAddress else { preconditionFailure("a record buffer") }
            store.read(position, count: 1, into: base)
            return PackedID(words: base.loadUnaligned(as: PackedID.Words.self)).equals(id, texts)
        }
    }

    /// The entries at `positions` (ascending), made from their records.
    func entries(at positions: [UInt32]) -> [LedgerEntry] {
        var result: [LedgerEntry] = []
        result.reserveCapacity(positions.count)
        visit(positions) { result.append($0.entry) }
        return result
    }

    /// Calls `body` with each record at `positions` (ascending), reading each run of neighbouring records at once.
    func visit(_ positions: [UInt32], _ body: (EntryRecordView) -> Void) {
        guard !positions.isEmpty else { return }
        let texts = readingTable
        // A run is at most a chunk, and at most every position: a payee's few entries take a small buffer.
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: min(chunkBytes, max(1, positions.count) * Self.size), alignment: 16)
        defer { buffer.deallocate() }
        let chunkRecords = spill.chunkRecords
        var start = 0
        while start < positions.count {
            let first = Int(positions[start])
            var end = start + 1
            while end < positions.count, Int(positions[end]) == first + end - start,
                Int(positions[end]) / chunkRecords == first / chunkRecords
            {
                end += 1
            }
            store.read(first, count: end - start, into: buffer)
            for index in 0..<(end - start) {
                body(EntryRecordView(bytes: buffer + index * Self.size, texts: texts))
            }
            start = end
        }
    }

    /// Calls `body` with the position and record of each of the first `count` records, a chunk at a time.
    func visit(first count: Int, _ body: (Int, EntryRecordView) -> Void) { visit(0..<count, body) }

    /// Calls `body` with the position and record of each record in `range`, a chunk at a time (safe from any
    /// thread at once with other readers).
    func visit(_ range: Range<Int>, _ body: (Int, EntryRecordView) -> Void) {
        guard !range.isEmpty else { return }
        let texts = readingTable
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkBytes, alignment: 16)
        defer { buffer.deallocate() }
        let chunkRecords = spill.chunkRecords
        var first = range.lowerBound
        let count = range.upperBound
        while first < count {
            let records = min(chunkRecords - first % chunkRecords, count - first)
            store.read(first, count: records, into: buffer)
            for index in 0..<records {
                body(first + index, EntryRecordView(bytes: buffer + index * Self.size, texts: texts))
            }
            first += records
        }
    }

    /// The records of chunk `chunk` as entries (`buffer`: room for a chunk), for reading every entry in order.
    func entries(in chunk: Int, into buffer: UnsafeMutableRawPointer) -> [LedgerEntry] {
        let first = chunk * spill.chunkRecords
        let count = min(spill.chunkRecords, self.count - first)
        guard count > 0 else { return [] }
        let texts = readingTable
        store.read(first, count: count, into: buffer)
        return (0..<count).map { EntryRecordView(bytes: buffer + $0 * Self.size, texts: texts).entry }
    }

    /// Calls `body` with the bytes of every record, in order, a chunk at a time (a ledger's state).
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkBytes, alignment: 16)
        defer { buffer.deallocate() }
        let count = self.count
        var first = 0
        while first < count {
            let records = min(spill.chunkRecords, count - first)
            store.read(first, count: records, into: buffer)
            try body(UnsafeRawBufferPointer(start: buffer, count: records * Self.size))
            first += records
        }
    }

    /// Adds records as they were written (``forEachChunk(_:)``), their texts numbered in `texts` as they were.
    func appendRecords(_ bytes: UnsafeRawBufferPointer, texts: EntryTexts) {
        table.withLock { table in
            if table == nil { table = texts }
            precondition(table === texts, "records of one table")
        }
        store.append(records: bytes)
    }

    /// A copy of every record, for a ledger that changes while another holds these.
    func copy() -> EntryRecords {
        let copy = EntryRecords(spill: spill, health: health)
        visit(first: count) { _, record in copy.append(record.entry) }
        return copy
    }

    /// The table the records' texts are in, for reading records that were added.
    private var readingTable: EntryTexts {
        guard let texts = table.withLock({ $0 }) else { preconditionFailure("records have a table") }
        return texts
    }

    /// The entry's fields, with its texts in the records' table (which the first entry sets).
    private func boxed(_ entry: LedgerEntry) -> LedgerEntryBox {
        let box = entry.storage
        let texts = table.withLock { table -> EntryTexts in
            if let texts = table { return texts }
            table = box.texts
            return box.texts
        }
        return box.texts === texts ? box : box.moved(to: texts)
    }

    /// The spill file's descriptor, or -1 while there is none (for tests that make it fail).
    var spillFileDescriptor: Int32 { store.spillFileDescriptor }
}
