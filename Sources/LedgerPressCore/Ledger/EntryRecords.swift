import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ledger's entries as fixed-size records (``LedgerEntryBox/recordSize`` bytes each, the texts as numbers in
/// one ``EntryTexts``), in the order they joined it: the newest in memory, the older in a spill file once the
/// records in memory pass a budget, so that a ledger's memory does not grow with its entries.
///
/// > Note: records are kept in chunks; a chunk that is full and older than the budget allows is written to an
/// > unlinked temporary file (in the ``LedgerSpill``'s folder) and its memory freed. A record is read back when it
/// > is needed (a repeated id's first entry, a payee's entries when they are rendered). When no spill file can be
/// > made or written, the chunks stay in memory: the ledger is the same, only larger. When a record in the file
/// > cannot be read back (or rewritten), nothing stops here: it reads as zeros and ``health`` notes the failure,
/// > which the run reports (exit 74) before it publishes.
///
/// > Note: adding (and replacing) takes place on one thread at a time (a ``Ledger`` is copied before another
/// > copy changes it); reading may go on from any number of threads once adding is over.
final class EntryRecords: @unchecked Sendable {
    /// How many records stay in memory and where the others go.
    typealias Spill = LedgerSpill

    static let size = LedgerEntryBox.recordSize

    private struct State {
        /// The table of every record's texts: the first entry's (later entries of other tables are moved to it).
        var texts: EntryTexts?
        var count = 0
        /// Each chunk's records in memory, or nil when the chunk is in the spill file (at its index × chunk bytes).
        var chunks: [Chunk?] = []
        var chunksInMemory = 0
        /// The oldest chunk still in memory that may be spilled (chunks go in order; the last one never).
        var nextToSpill = 0
        var file: Int32 = -1
        /// The spill file's name as it was made (for messages: it is unlinked at once).
        var path = ""
        /// No spill file could be made or written: every chunk stays in memory from then on.
        var spillFailed = false
    }

    /// A chunk's memory, which only the lock's holder touches.
    private struct Chunk: @unchecked Sendable {
        let bytes: UnsafeMutableRawPointer
    }

    private let state = Mutex(State())
    let spill: Spill
    /// Where a spill file's failure is noted (shared with every copy).
    let health: LedgerStorageHealth
    private let chunkBytes: Int

    init(spill: Spill, health: LedgerStorageHealth = LedgerStorageHealth()) {
        self.spill = spill
        self.health = health
        chunkBytes = spill.chunkRecords * Self.size
    }

    deinit {
        state.withLock { state in
            for case let chunk? in state.chunks { chunk.bytes.deallocate() }
            if state.file >= 0 { close(state.file) }
        }
    }

    var count: Int { state.withLock { $0.count } }

    /// The table the records' texts are numbered in (nil while there is none).
    var texts: EntryTexts? { state.withLock { $0.texts } }

    /// How many chunks are in the spill file (for tests and reports).
    var spilledChunks: Int { state.withLock { $0.chunks.count - $0.chunksInMemory } }

    /// Adds a record of `entry` after the others.
    func append(_ entry: LedgerEntry) {
        state.withLock { state in
            let box = Self.box(entry, in: &state)
            let position = state.count
            box.write(to: nextChunk(&state) + (position % spill.chunkRecords) * Self.size)
            state.count += 1
        }
    }

    /// Replaces the record at `position` with one of `entry`.
    func replace(at position: Int, with entry: LedgerEntry) {
        state.withLock { state in
            precondition(position < state.count, "a record that was added")
            let box = Self.box(entry, in: &state)
            let chunk = position / spill.chunkRecords
            let offset = (position % spill.chunkRecords) * Self.size
            if let memory = state.chunks[chunk]?.bytes {
                box.write(to: memory + offset)
                return
            }
            withUnsafeTemporaryAllocation(byteCount: Self.size, alignment: 16) { record in
                guard let base = record.baseAddress else { return }
                box.write(to: base)
                let written = pwrite(state.file, base, Self.size, off_t(chunk * chunkBytes + offset))
                if written != Self.size { fail("write to", written < 0 ? errno : EIO, path: state.path) }
            }
        }
    }

    /// The entry whose record is at `position`.
    ///
    /// > Note: each call takes the records' lock and makes a whole entry: fine once per look-up, not once per row
    /// > of a pass that runs on every core (the payee grouping in slices did, and at 16 CPUs its slices queued on the
    /// > lock for seconds). Such a pass reads what it needs from the ``EntryRecordView`` it is given.
    func entry(at position: Int) -> LedgerEntry {
        withUnsafeTemporaryAllocation(byteCount: Self.size, alignment: 16) { record in
            guard let base = record.baseAddress else { preconditionFailure("a record buffer") }
            return EntryRecordView(bytes: base, texts: read(position, count: 1, into: base)).entry
        }
    }

    /// Whether the record at `position` has this id (as Strings compare), reading only that record.
    func hasID(at position: Int, _ id: String) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: Self.size, alignment: 16) { record in
            guard let base = record.baseAddress else { preconditionFailure("a record buffer") }
            let texts = read(position, count: 1, into: base)
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
        // A run is at most a chunk, and at most every position: a payee's few entries take a small buffer.
        let buffer = UnsafeMutableRawPointer.allocate(
            byteCount: min(chunkBytes, max(1, positions.count) * Self.size), alignment: 16)
        defer { buffer.deallocate() }
        var start = 0
        while start < positions.count {
            let first = Int(positions[start])
            var end = start + 1
            while end < positions.count, Int(positions[end]) == first + end - start,
                Int(positions[end]) / spill.chunkRecords == first / spill.chunkRecords
            {
                end += 1
            }
            let texts = read(first, count: end - start, into: buffer)
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
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkBytes, alignment: 16)
        defer { buffer.deallocate() }
        var first = range.lowerBound
        let count = range.upperBound
        while first < count {
            let records = min(spill.chunkRecords - first % spill.chunkRecords, count - first)
            let texts = read(first, count: records, into: buffer)
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
        let texts = read(first, count: count, into: buffer)
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
            _ = read(first, count: records, into: buffer)
            try body(UnsafeRawBufferPointer(start: buffer, count: records * Self.size))
            first += records
        }
    }

    /// Adds records as they were written (``forEachChunk(_:)``), their texts numbered in `texts` as they were.
    func appendRecords(_ bytes: UnsafeRawBufferPointer, texts: EntryTexts) {
        precondition(bytes.count % Self.size == 0, "whole records")
        state.withLock { state in
            if state.texts == nil { state.texts = texts }
            precondition(state.texts === texts, "records of one table")
            var done = 0
            while done < bytes.count {
                let memory = nextChunk(&state)
                let offset = state.count % spill.chunkRecords
                let records = min(spill.chunkRecords - offset, (bytes.count - done) / Self.size)
                guard let source = bytes.baseAddress else { return }
                (memory + offset * Self.size).copyMemory(from: source + done, byteCount: records * Self.size)
                state.count += records
                done += records * Self.size
            }
        }
    }

    /// The memory of the chunk the next record goes into, made (and older chunks spilled) when it starts one.
    private func nextChunk(_ state: inout State) -> UnsafeMutableRawPointer {
        let chunk = state.count / spill.chunkRecords
        if chunk == state.chunks.count {
            state.chunks.append(Chunk(bytes: .allocate(byteCount: chunkBytes, alignment: 16)))
            state.chunksInMemory += 1
            spillOlderChunks(&state)
        }
        guard let memory = state.chunks[chunk]?.bytes else { preconditionFailure("the last chunk is in memory") }
        return memory
    }

    /// A copy of every record, for a ledger that changes while another holds these.
    func copy() -> EntryRecords {
        let copy = EntryRecords(spill: spill, health: health)
        visit(first: count) { _, record in copy.append(record.entry) }
        return copy
    }

    /// Copies `count` records from `first` (all in one chunk) into `buffer`; returns their texts' table.
    private func read(_ first: Int, count: Int, into buffer: UnsafeMutableRawPointer) -> EntryTexts {
        let chunk = first / spill.chunkRecords
        let offset = (first % spill.chunkRecords) * Self.size
        let bytes = count * Self.size
        let (texts, file, path): (EntryTexts, Int32?, String) = state.withLock { state in
            precondition(first + count <= state.count, "records that were added")
            guard let texts = state.texts else { preconditionFailure("records have a table") }
            if let memory = state.chunks[chunk]?.bytes {
                buffer.copyMemory(from: memory + offset, byteCount: bytes)
                return (texts, nil, "")
            }
            return (texts, state.file, state.path)
        }
        if let file {
            var done = 0
            while done < bytes {
                let got = pread(file, buffer + done, bytes - done, off_t(chunk * chunkBytes + offset + done))
                if got <= 0 {
                    if got < 0 && errno == EINTR { continue }
                    fail("read", got < 0 ? errno : EIO, path: path)
                    // What could not be read reads as zeros (an empty id and texts): never used, as the run stops.
                    (buffer + done).initializeMemory(as: UInt8.self, repeating: 0, count: bytes - done)
                    break
                }
                done += got
            }
        }
        return texts
    }

    /// The entry's fields, with its texts in the records' table (which the first entry sets).
    private static func box(_ entry: LedgerEntry, in state: inout State) -> LedgerEntryBox {
        let box = entry.storage
        guard let texts = state.texts else {
            state.texts = box.texts
            return box
        }
        return box.texts === texts ? box : box.moved(to: texts)
    }

    /// Writes the oldest full chunks to the spill file while more than the budget is in memory.
    private func spillOlderChunks(_ state: inout State) {
        while !state.spillFailed, state.chunksInMemory * chunkBytes > spill.memoryBudget,
            state.nextToSpill < state.chunks.count - 1
        {
            if state.file < 0 {
                guard let (file, path) = Self.makeSpillFile(in: spill.folder) else {
                    state.spillFailed = true
                    return
                }
                state.file = file
                state.path = path
            }
            let chunk = state.nextToSpill
            guard let memory = state.chunks[chunk]?.bytes else {
                preconditionFailure("a chunk to spill is in memory")
            }
            var done = 0
            while done < chunkBytes {
                let wrote = pwrite(state.file, memory + done, chunkBytes - done, off_t(chunk * chunkBytes + done))
                if wrote < 0 && errno == EINTR { continue }
                guard wrote > 0 else {
                    // A full disk, say: keep this chunk and every later one in memory.
                    state.spillFailed = true
                    return
                }
                done += wrote
            }
            memory.deallocate()
            state.chunks[chunk] = nil
            state.chunksInMemory -= 1
            state.nextToSpill += 1
        }
    }

    /// A new file in `folder`, already unlinked (it goes when it is closed, however the process ends).
    private static func makeSpillFile(in folder: String) -> (file: Int32, path: String)? {
        var template = Array((folder + "/ledgerpress-spill-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { name -> (Int32, String)? in
            guard let path = name.baseAddress else { return nil }
            let file = mkstemp(path)
            guard file >= 0 else { return nil }
            _ = fcntl(file, F_SETFD, FD_CLOEXEC)
            _ = unlink(path)
            return (file, String(cString: path))
        }
    }

    /// The spill file, written and read by this process only, failed: noted for the run to stop on (exit 74).
    private func fail(_ action: String, _ code: Int32, path: String) {
        health.note(LedgerStorageFailure(file: path, action: action, reason: String(cString: strerror(code))))
    }

    /// The spill file's descriptor, or -1 while there is none (for tests that make it fail).
    var spillFileDescriptor: Int32 { state.withLock { $0.file } }
}
