import LedgerPressCore

extension NativeLedgerImporter {
    /// A piece of a native export cut where a record ends (``RecordBoundaries``): its bytes, from a record's first
    /// byte, and the line that record is on.
    struct Chunk: Sendable {
        var bytes: [UInt8]
        var line: Int
    }

    /// What reading one chunk gave: its good rows' entries, their texts numbered in the chunk's own table, with
    /// their lines and bytes (ranges in `bytes`), and the rest of what the input's ``ImportedFile`` counts (rejected
    /// rows, diagnostics, the rows' facts).
    struct ChunkRead: Sendable {
        var bytes: [UInt8]
        var texts: ChunkTexts
        var rows: [(entry: NumberedEntry, line: Int, bytes: Range<Int>)] = []
        var result: ImportedFile
    }

    /// The bytes one chunk aims at (it ends where the first record at or after them starts).
    public static let chunkBytes = 1 << 20

    /// Reads the native CSV in pieces (`firstPiece`, then each piece `more` gives until nil), handing each
    /// accepted row's entry, line and bytes (for quoting the row if it is refused) to `accept`, instead of
    /// keeping it: the result has the rejected rows, diagnostics and counts that ``read(bytes:file:)`` gives for
    /// the whole input, but no ``ImportedFile/rows`` or ``ImportedFile/entries``.
    ///
    /// This thread reads the pieces and cuts them into chunks of about `chunkBytes` where records end
    /// (``RecordBoundaries``, a byte scan that reads no field); `readers` threads read the chunks' rows at once
    /// (fields, times, amounts, texts numbered in each chunk's own table, ``ChunkTexts``), and one more thread
    /// numbers each chunk's distinct texts in the run's table, makes the entries and runs `accept` on them in row
    /// order (``OrderedPipeline``). Each chunk is read from a record's start on its known line, so every row,
    /// line number, problem and rejected row is what reading the whole input at once gives, whatever the cuts.
    /// `accept` has run on every row when this returns.
    ///
    /// The result's ``ImportedFile/nextRecordLine`` says where a later run can go on reading the input once more is
    /// appended to it.
    ///
    /// `resumingAt`: the input was read before up to a record's start on this line (a run before this one read it,
    /// ``ImportedFile/Summary``): `firstPiece` holds its header (read again for the columns, nothing else), and the
    /// rows are only those `more` gives, from that line on; the result counts only them.
    ///
    /// > Note: `firstPiece` must hold the whole header record (``LedgerImport/readsInPieces(_:settings:)``).
    public static func readOverlapped(
        firstPiece: [UInt8], more: () -> [UInt8]?, file: String, readers: Int = 2, chunkBytes: Int = chunkBytes,
        resumingAt resumeLine: Int? = nil, texts: EntryTexts = EntryTexts(),
        accept: @escaping @Sendable (LedgerEntry, Int, ArraySlice<UInt8>) -> Void
    ) -> ImportedFile {
        var table = CSVTable(file: file, format: .native)
        var reader = CSVReader(bytes: firstPiece)
        guard let header = readHeader(&reader, into: &table) else { return table.result }
        let merged = MergedResult(resumeLine == nil ? table.result : ImportedFile(name: file, format: .native))
        let pipeline = OrderedPipeline<Chunk, ChunkRead>(
            workers: readers, limit: readers + 2, name: "lp-import",
            makeWork: {
                var rows = NativeRowReader(header: header)
                return { chunk in read(chunk, header: header, file: file, rows: &rows) }
            },
            take: { read in
                merged.result.appendStreamed(read.result)
                // Each distinct text of the chunk numbered in the run's table once, in the order first read.
                let table = texts
                let numbers = read.texts.numbered(in: table)
                let sourceFile = table.sourceFile(file)
                for row in read.rows {
                    let entry = LedgerEntry(row.entry, numbers: numbers, sourceFile: sourceFile, line: row.line)
                    accept(entry, row.line, read.bytes[row.bytes])
                }
            })
        var cutter =
            resumeLine.map { ChunkCutter(rest: [], line: $0, target: chunkBytes) }
            ?? ChunkCutter(rest: Array(firstPiece[reader.position...]), line: reader.line, target: chunkBytes)
        while let chunk = cutter.next(more: more) { pipeline.give(chunk) }
        pipeline.finish()
        merged.result.nextRecordLine = cutter.nextRecordLine
        merged.result.cpu = ImportCPU(readers: pipeline.workCPU, ordered: pipeline.takeCPU, readerThreads: readers)
        return merged.result
    }

    /// The input's result as the taker thread adds each chunk's to it (read once the pipeline has finished).
    private final class MergedResult: @unchecked Sendable {
        var result: ImportedFile
        init(_ result: ImportedFile) { self.result = result }
    }

    /// Reads one chunk's rows as the reader of the whole input reads them.
    static func read(_ chunk: Chunk, header: HeaderMap, file: String, rows fast: inout NativeRowReader?) -> ChunkRead {
        var table = CSVTable(file: file, format: .native)
        var reader = CSVReader(records: chunk.bytes, line: chunk.line)
        var texts = ChunkTexts()
        var rows: [(entry: NumberedEntry, line: Int, bytes: Range<Int>)] = []
        table.readRecords(&reader, header: header, lineEndAfterLastRow: true) { reader, found, header, table in
            guard let row = row(reader, line: found.line, header: header, fast: &fast, table: &table) else {
                return false
            }
            table.result.streamed(
                payeeID: row.payeeID, currency: row.amount.currency.code, occurredAt: row.occurredAt)
            rows.append((row.numbered(in: &texts), found.line, found.bytes))
            return true
        }
        return ChunkRead(bytes: chunk.bytes, texts: texts, rows: rows, result: table.result)
    }
}

/// Cuts an input that comes in pieces into chunks that each begin a record, with the line it is on: each ends at
/// the first record start `target` bytes or more into it (the last one at the input's end).
struct ChunkCutter {
    /// The bytes read and not yet given in a chunk; the first is a record's first byte.
    private var rest: [UInt8]
    /// The line of `rest`'s first record.
    private var line: Int
    /// How many bytes of `rest` the scanner has seen.
    private var scanned = 0
    private var scanner: RecordBoundaries
    private var ended = false
    let target: Int

    init(rest: [UInt8], line: Int, target: Int) {
        self.rest = rest
        self.line = line
        self.target = max(1, target)
        scanner = RecordBoundaries(line: line)
    }

    /// Once ``next(more:)`` has given every chunk: the line a record appended to the input would begin on, when the
    /// input ends where a record ends (``RecordBoundaries/recordStartLine``).
    var nextRecordLine: Int? { scanner.recordStartLine }

    /// The next chunk, reading pieces from `more` as needed; nil once every byte has been given.
    mutating func next(more: () -> [UInt8]?) -> NativeLedgerImporter.Chunk? {
        while true {
            if scanned < rest.count {
                let from = scanned
                let minimum = max(0, target - from)
                let found = rest.withUnsafeBufferPointer {
                    scanner.scan(UnsafeBufferPointer(rebasing: $0[from...]), from: minimum)
                }
                if let found { return take(upTo: from + found.offset, nextLine: found.line) }
                scanned = rest.count
            }
            if ended {
                guard !rest.isEmpty else { return nil }
                defer { rest = [] }
                return NativeLedgerImporter.Chunk(bytes: rest, line: line)
            }
            if let piece = more(), !piece.isEmpty {
                rest += piece
            } else {
                ended = true
            }
        }
    }

    /// The bytes before `cut` as a chunk; the record at `cut`, on `nextLine`, begins the rest.
    private mutating func take(upTo cut: Int, nextLine: Int) -> NativeLedgerImporter.Chunk {
        let chunk = NativeLedgerImporter.Chunk(bytes: Array(rest[..<cut]), line: line)
        rest.removeSubrange(..<cut)
        scanned = 0
        line = nextLine
        return chunk
    }
}
