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
        let input: any SourceReader
        do {
            input = try source.open()
        } catch {
            throw .source(path, error)
        }
        var digest = FileDigest.Stream()
        var size = 0
        var failure: SourceFailure?
        func piece() -> [UInt8]? {
            guard failure == nil else { return nil }
            do {
                guard let bytes = try input.next() else { return nil }
                size += bytes.count
                bytes.withUnsafeBytes { digest.update($0) }
                return bytes
            } catch {
                failure = error
                return nil
            }
        }
        var first: [UInt8] = []
        var ended = false
        while first.count < chunkBytes {
            guard let more = piece() else {
                ended = true
                break
            }
            first += more
        }
        if let failure { throw .source(path, failure) }
        let before = loaded.ledger.entries.count
        var merged = Merged()
        let file: ImportedFile
        if !ended && LedgerImport.readsInPieces(first, settings: settings) {
            // Room for as many entries as the file has rows, at the first piece's bytes per line, so that the
            // ledger and its index do not grow (and rehash) step by step.
            let lines = max(1, first.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
            loaded.ledger.reserveCapacity(
                loaded.ledger.entries.count + input.sizeHint / max(1, first.count / lines) + lines)
            // The rows are read on `readers` threads, and join the ledger on one more, in order, while this one reads on.
            let sink = LedgerSink(path: path)
            swap(&sink.ledger, &loaded.ledger)
            file = NativeLedgerImporter.readOverlapped(
                firstPiece: first, more: piece, file: path, readers: readers, chunkBytes: chunkBytes
            ) {
                entry, line, bytes in
                sink.merged.add(
                    CollectionOfOne(entry), line: line, file: sink.path,
                    raw: { String(decoding: bytes, as: UTF8.self) },
                    to: &sink.ledger)
            }
            swap(&sink.ledger, &loaded.ledger)
            merged = sink.merged
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
        if let failure { throw .source(path, failure) }
        let rejected = file.rejected + merged.rejected
        loaded.counts.append(
            InputCount(
                file: path, rowsRead: file.rowsRead, accepted: merged.accepted, rejected: rejected.count,
                skipped: file.skipped,
                entries: merged.entries, newEntries: loaded.ledger.entries.count - before))
        loaded.rejected += rejected.sorted { $0.line < $1.line }
        if source.rowNames == .keys {
            for row in rejected {
                if let key = InputLoader.firstField(row.raw), !key.isEmpty {
                    loaded.rowKeys[path, default: [:]][row.line] = key
                }
            }
        }
        loaded.files.append(file)
        loaded.summaries.append(
            InputSummary(
                name: source.recordedName, size: size, sha256: digest.hex(), rows: file.rowsRead, source: source.kind))
        return file.diagnostics + merged.problems
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
