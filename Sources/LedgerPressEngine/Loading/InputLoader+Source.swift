import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

extension InputLoader {
    /// What adding one input's rows to the ledger gave: rows whose entries joined it, and rows it refused.
    struct Merged {
        var accepted = 0
        var entries = 0
        var rejected: [RejectedRow] = []
        var problems: [Diagnostic] = []

        /// Adds one accepted row's entries to the ledger, or records why the ledger refused the row.
        mutating func add(
            _ row: some Collection<LedgerEntry>, line: Int, file: String, raw: () -> String, to ledger: inout Ledger
        ) {
            var found = DiagnosticLog(limit: Int.max)
            if ledger.add(row: row, diagnostics: &found) {
                accepted += 1
                entries += row.count
            } else {
                problems += found.items
                let reason = found.items.map(\.message).joined(separator: "; ")
                rejected.append(RejectedRow(file: file, line: line, raw: raw(), reason: reason))
            }
        }
    }

    /// The ledger and what it took in, while another thread adds an input's rows to it
    /// (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``): only that thread touches
    /// them until the read returns.
    final class LedgerSink: @unchecked Sendable {
        let path: String
        var ledger = Ledger()
        var merged = Merged()

        init(path: String) { self.path = path }
    }

    /// Reads one source into the ledger; returns its problems (the importer's, then the ledger's).
    ///
    /// > Note: a native export is read in chunks of ``chunkBytes`` (1 MiB) on ``readers`` threads, and each row joins
    /// > the ledger as it is read, so that neither the file nor its rows are held (a 1M-row export is 126 MB of
    /// > text); every other input, and one that fits in its first piece, is read whole. The input is digested as it
    /// > is read.
    func read(_ source: any LedgerSource, settings: ImportSettings, into loaded: inout Loaded) throws(BuildStop)
        -> [Diagnostic]
    {
        let path = source.name
        let reading: DigestingReader
        do {
            reading = DigestingReader(try source.open())
        } catch {
            throw .source(path, error)
        }
        let piece = { reading.piece() }
        var first: [UInt8] = []
        var ended = false
        while first.count < chunkBytes {
            guard let more = piece() else {
                ended = true
                break
            }
            first += more
        }
        if let failure = reading.failure { throw .source(path, failure) }
        let before = loaded.ledger.entries.count
        var merged = Merged()
        var file: ImportedFile
        if !ended && LedgerImport.readsInPieces(first, settings: settings) {
            // Room for as many entries as the file has rows, at the first piece's bytes per line, so that the
            // ledger and its index do not grow (and rehash) step by step.
            let lines = max(1, first.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
            loaded.ledger.reserveCapacity(
                loaded.ledger.entries.count + reading.input.sizeHint / max(1, first.count / lines) + lines)
            file = readInPieces(
                first: first, more: piece, path: path, texts: settings.texts, merged: &merged, ledger: &loaded.ledger)
        } else {
            var bytes = first
            first = []
            while let more = piece() { bytes += more }
            file = LedgerImport.read(bytes: bytes, file: path, settings: settings)
            loaded.ledger.reserveCapacity(loaded.ledger.entries.count + file.entries.count)
            for row in file.rows {
                merged.add(
                    file.entries(of: row), line: row.line, file: path,
                    raw: { ImportedFile.text(of: row.bytes, in: bytes) },
                    to: &loaded.ledger)
            }
        }
        if let failure = reading.failure { throw .source(path, failure) }
        let rejected = (file.rejected + merged.rejected).sorted { $0.line < $1.line }
        let count = InputCount(
            file: path, rowsRead: file.rowsRead, accepted: merged.accepted, rejected: rejected.count,
            skipped: file.skipped, entries: merged.entries, newEntries: loaded.ledger.entries.count - before)
        loaded.counts.append(count)
        loaded.rejected += rejected
        if source.rowNames == .keys {
            for row in rejected {
                if let key = InputLoader.firstField(row.raw), !key.isEmpty {
                    loaded.rowKeys[path, default: [:]][row.line] = key
                }
            }
        }
        let summary = InputSummary(
            name: source.recordedName, size: reading.size, sha256: reading.digest.hex(), rows: file.rowsRead,
            source: source.kind)
        loaded.files.append(file)
        loaded.summaries.append(summary)
        // What a checkpoint keeps of the input, only when this build keeps one.
        loaded.kept.append(
            checkpoint != nil && InputLoader.keeps(source, file)
                ? ImportCheckpoint.Input(
                    name: path, file: file.forgotten.summary, count: count, rejected: rejected,
                    problems: merged.problems, summary: summary)
                : nil)
        return file.diagnostics + merged.problems
    }

    /// Reads a native export's rows in chunks on ``readers`` threads while they join the ledger on one more, in
    /// order, and this thread reads on (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:resumingAt:accept:)``).
    func readInPieces(
        first: [UInt8], more: () -> [UInt8]?, path: String, texts: EntryTexts, resumingAt line: Int? = nil,
        merged: inout Merged, ledger: inout Ledger
    ) -> ImportedFile {
        let sink = LedgerSink(path: path)
        swap(&sink.ledger, &ledger)
        let file = NativeLedgerImporter.readOverlapped(
            firstPiece: first, more: more, file: path, readers: readers, chunkBytes: chunkBytes, resumingAt: line,
            texts: texts
        ) {
            entry, line, bytes in
            sink.merged.add(
                CollectionOfOne(entry), line: line, file: sink.path,
                raw: { String(decoding: bytes, as: UTF8.self) },
                to: &sink.ledger)
        }
        swap(&sink.ledger, &ledger)
        merged = sink.merged
        return file
    }

    /// A source being read piece by piece, its bytes counted and digested as they go (the manifest records both).
    final class DigestingReader {
        let input: any SourceReader
        private(set) var digest = FileDigest.Stream()
        private(set) var size = 0
        /// Why reading stopped early (pieces are nil from then on).
        private(set) var failure: SourceFailure?

        init(_ input: any SourceReader) { self.input = input }

        /// The next piece of at most `limit` bytes; nil at the end, or after a failure.
        func piece(upTo limit: Int = 1 << 20) -> [UInt8]? {
            guard failure == nil else { return nil }
            do {
                guard let bytes = try input.next(upTo: limit) else { return nil }
                size += bytes.count
                bytes.withUnsafeBytes { digest.update($0) }
                return bytes
            } catch {
                failure = error
                return nil
            }
        }
    }

    /// Whether a checkpoint keeps what reading `file` gave: a native CSV file's (a source whose rows have lines).
    static func keeps(_ source: any LedgerSource, _ file: ImportedFile) -> Bool {
        source.kind == nil && source.rowNames == .lines && file.format == .native && file.recognised
    }
}

extension InputLoader {
    /// The first field of a CSV record as text (quotes removed, `""` made `"`); nil when it cannot be read.
    static func firstField(_ record: String) -> String? {
        var scalars = Substring(record).unicodeScalars[...]
        guard let first = scalars.first else { return "" }
        if first != "\"" {
            let end = scalars.firstIndex { $0 == "," || $0 == "\n" || $0 == "\r" } ?? scalars.endIndex
            return String(scalars[..<end])
        }
        scalars = scalars.dropFirst()
        var field = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            if scalar == "\"" {
                guard scalars.first == "\"" else { return String(field) }
                scalars = scalars.dropFirst()
            }
            field.append(scalar)
        }
        return nil
    }

    /// A diagnostic as the user is shown it: a row of a source that names rows by key (``RowNames/keys``) as
    /// `NAME:KEY:` instead of `NAME:LINE:`.
    static func named(_ diagnostic: Diagnostic, keys: [String: [Int: String]]) -> Diagnostic {
        guard let key = keys[diagnostic.location.file]?[diagnostic.location.line] else { return diagnostic }
        var named = diagnostic
        named.location = SourceLocation(
            file: diagnostic.location.file + ":" + key, line: 0, field: diagnostic.location.field)
        return named
    }
}
