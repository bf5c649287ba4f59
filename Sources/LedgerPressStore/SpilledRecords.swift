import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fixed-size records in the order they were added: the newest in memory, the older in a spill file once the records
/// in memory pass a budget, so that memory does not grow with the records (a ledger's entries, ``LedgerSpill``).
///
/// > Note: records are kept in chunks; a chunk that is full and older than the budget allows is written to an
/// > unlinked temporary file (in the ``LedgerSpill``'s folder) and its memory freed. A record is read back when it
/// > is needed. When no spill file can be made or written, the chunks stay in memory: the records are the same, only
/// > larger. When a record in the file cannot be read back (or rewritten), nothing stops here: it reads as zeros and
/// > ``health`` notes the failure, which its owner throws (``LedgerStorageHealth/check()``) before it uses them.
///
/// > Note: this is the only code of the ledger that touches a file; what a record means is its owner's (the core's
/// > `EntryRecords`). Adding (and replacing) takes place on one thread at a time; reading may go on from any number
/// > of threads once adding is over.
public final class SpilledRecords: @unchecked Sendable {
    private struct State {
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
    /// How many records stay in memory and where the others go.
    public let spill: LedgerSpill
    /// Where a spill file's failure is noted (shared with every copy).
    public let health: LedgerStorageHealth
    /// The bytes of one record.
    public let recordSize: Int
    /// The bytes of one chunk (``LedgerSpill/chunkRecords`` records).
    public let chunkBytes: Int

    /// No records yet, each `recordSize` bytes.
    public init(recordSize: Int, spill: LedgerSpill, health: LedgerStorageHealth = LedgerStorageHealth()) {
        self.recordSize = recordSize
        self.spill = spill
        self.health = health
        chunkBytes = spill.chunkRecords * recordSize
    }

    deinit {
        state.withLock { state in
            for case let chunk? in state.chunks { chunk.bytes.deallocate() }
            if state.file >= 0 { close(state.file) }
        }
    }

    /// How many records there are.
    public var count: Int { state.withLock { $0.count } }

    /// How many chunks are in the spill file (for tests and reports).
    public var spilledChunks: Int { state.withLock { $0.chunks.count - $0.chunksInMemory } }

    /// Adds a record after the others: `write` fills its ``recordSize`` bytes (under the records' lock).
    public func append(_ write: (UnsafeMutableRawPointer) -> Void) {
        state.withLock { state in
            let position = state.count
            write(nextChunk(&state) + (position % spill.chunkRecords) * recordSize)
            state.count += 1
        }
    }

    /// Replaces the record at `position`: `write` fills its bytes (a spilled record is written back to the file).
    public func replace(at position: Int, _ write: (UnsafeMutableRawPointer) -> Void) {
        state.withLock { state in
            precondition(position < state.count, "a record that was added")
            let chunk = position / spill.chunkRecords
            let offset = (position % spill.chunkRecords) * recordSize
            if let memory = state.chunks[chunk]?.bytes {
                write(memory + offset)
                return
            }
            withUnsafeTemporaryAllocation(byteCount: recordSize, alignment: 16) { record in
                guard let base = record.baseAddress else { return }
                write(base)
                let written = pwrite(state.file, base, recordSize, off_t(chunk * chunkBytes + offset))
                if written != recordSize { fail("write to", written < 0 ? errno : EIO, path: state.path) }
            }
        }
    }

    /// Adds whole records as they were written (``read(_:count:into:)``).
    public func append(records bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count % recordSize == 0, "whole records")
        state.withLock { state in
            var done = 0
            while done < bytes.count {
                let memory = nextChunk(&state)
                let offset = state.count % spill.chunkRecords
                let records = min(spill.chunkRecords - offset, (bytes.count - done) / recordSize)
                guard let source = bytes.baseAddress else { return }
                (memory + offset * recordSize).copyMemory(from: source + done, byteCount: records * recordSize)
                state.count += records
                done += records * recordSize
            }
        }
    }

    /// Copies `count` records from `first` (all in one chunk) into `buffer`; what cannot be read back reads as zeros
    /// (and ``health`` notes why).
    public func read(_ first: Int, count: Int, into buffer: UnsafeMutableRawPointer) {
        let chunk = first / spill.chunkRecords
        let offset = (first % spill.chunkRecords) * recordSize
        let bytes = count * recordSize
        let (file, path): (Int32?, String) = state.withLock { state in
            precondition(first + count <= state.count, "records that were added")
            if let memory = state.chunks[chunk]?.bytes {
                buffer.copyMemory(from: memory + offset, byteCount: bytes)
                return (nil, "")
            }
            return (state.file, state.path)
        }
        guard let file else { return }
        var done = 0
        while done < bytes {
            let got = pread(file, buffer + done, bytes - done, off_t(chunk * chunkBytes + offset + done))
            if got <= 0 {
                if got < 0 && errno == EINTR { continue }
                fail("read", got < 0 ? errno : EIO, path: path)
                // What could not be read reads as zeros: never used, as its owner stops on the failure.
                (buffer + done).initializeMemory(as: UInt8.self, repeating: 0, count: bytes - done)
                break
            }
            done += got
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

    /// The spill file, written and read by this process only, failed: noted for the owner to stop on (exit 74).
    private func fail(_ action: String, _ code: Int32, path: String) {
        health.note(LedgerStorageFailure(file: path, action: action, reason: String(cString: strerror(code))))
    }

    /// The spill file's descriptor, or -1 while there is none (for tests that make it fail).
    public var spillFileDescriptor: Int32 { state.withLock { $0.file } }
}
