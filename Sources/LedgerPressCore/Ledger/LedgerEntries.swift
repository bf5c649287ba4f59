/// A ledger's entries in first-read order, each made from its record when it is read (``EntryRecords``): going
/// through them in order reads the records a chunk at a time; reading one by position reads one record.
public struct LedgerEntries: RandomAccessCollection, Sendable {
    let records: EntryRecords
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> LedgerEntry {
        precondition(position >= 0 && position < count, "an entry of the ledger")
        return records.entry(at: position)
    }

    public func makeIterator() -> Iterator { Iterator(records: records, count: count) }

    /// Reads the records a chunk at a time.
    public struct Iterator: IteratorProtocol {
        private let records: EntryRecords
        private let count: Int
        private let buffer: ChunkBuffer
        private var chunk: [LedgerEntry] = []
        private var nextInChunk = 0
        private var nextChunk = 0
        private var position = 0

        init(records: EntryRecords, count: Int) {
            self.records = records
            self.count = count
            buffer = ChunkBuffer(bytes: records.spill.chunkRecords * EntryRecords.size)
        }

        public mutating func next() -> LedgerEntry? {
            guard position < count else { return nil }
            if nextInChunk == chunk.count {
                chunk = records.entries(in: nextChunk, into: buffer.bytes)
                nextChunk += 1
                nextInChunk = 0
            }
            defer {
                nextInChunk += 1
                position += 1
            }
            return chunk[nextInChunk]
        }
    }

    /// Room for one chunk of records, freed with the iterator.
    final class ChunkBuffer {
        let bytes: UnsafeMutableRawPointer

        init(bytes count: Int) { bytes = .allocate(byteCount: count, alignment: 16) }
        deinit { bytes.deallocate() }
    }
}

/// One payee's entries in ledger order, held until they are needed: in memory, or as the positions of their
/// records in the ledger's ``EntryRecords`` (four bytes each), made again each time they are loaded.
public struct PayeeEntries: Sendable {
    private let records: EntryRecords?
    private let positions: [UInt32]
    private let held: [LedgerEntry]

    /// Entries already in memory.
    public init(_ entries: [LedgerEntry]) {
        records = nil
        positions = []
        held = entries
    }

    /// The records at `positions` (ascending).
    init(records: EntryRecords, positions: [UInt32]) {
        self.records = records
        self.positions = positions
        held = []
    }

    public var count: Int { records == nil ? held.count : positions.count }

    /// Calls `body` with each entry's fields in order, read in place (nothing is made: for passes that only read).
    public func forEachRecord(_ body: (EntryRecordView) -> Void) {
        if let records {
            records.visit(positions, body)
            return
        }
        withUnsafeTemporaryAllocation(byteCount: EntryRecords.size, alignment: 16) { record in
            guard let base = record.baseAddress else { return }
            for entry in held {
                entry.storage.write(to: base)
                body(EntryRecordView(bytes: UnsafeRawPointer(base), texts: entry.storage.texts))
            }
        }
    }

    /// The entries, made from their records (each call makes them again: hold them only while they are used).
    public func load() -> [LedgerEntry] {
        guard let records else { return held }
        return records.entries(at: positions)
    }
}
