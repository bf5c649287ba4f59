import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

extension InputLoader {
    /// The last input of the checkpoint, read up to where the last build stopped (its bytes then, digested), and the
    /// first piece after them: the rows appended since.
    struct ReadOn {
        var earlier: ImportCheckpoint.Input
        var reading: DigestingReader
        /// The input's first bytes (its header record).
        var header: [UInt8]
        var appended: [UInt8]
        var line: Int
    }

    /// Takes what the last build's checkpoint at `path` read, when its inputs are this run's first ones (by name) and
    /// each is byte for byte what that build read, but for the last, which may have grown since: its rows from
    /// where that build stopped are read now. Returns how many sources it took, and their problems; nothing when the
    /// checkpoint does not fit this run (the inputs are then read as if there were none); nil when the checkpoint
    /// proved damaged once its ledger was being read, or its inputs' bytes turned out to differ meanwhile (the import
    /// must start again, without it).
    func take(_ path: String, settings: ImportSettings, into loaded: inout Loaded) throws(BuildStop)
        -> (sources: Int, diagnostics: [Diagnostic])?
    {
        let none: (sources: Int, diagnostics: [Diagnostic]) = (0, [])
        guard let (meta, opened) = ImportCheckpoint.open(path, key: loaded.key) else { return none }
        let earlier = meta.inputs
        guard !earlier.isEmpty, earlier.count <= inputs.sources.count else { return none }
        let sources = Array(inputs.sources.prefix(earlier.count))
        for (input, source) in zip(earlier, sources) {
            guard source.name == input.name, source.recordedName == input.summary.name, source.kind == nil,
                source.rowNames == .lines
            else { return none }
        }
        guard var state = opened.state else { return none }
        // The inputs are read again and digested on a thread of their own while this one reads the checkpoint's
        // ledger back: at 1M entries, 126 MB of CSV against 93 MB of checkpoint.
        let chunkBytes = self.chunkBytes
        let checking = ThreadOutcome(name: "ledgerpress checkpoint inputs") { () throws(BuildStop) -> InputsCheck in
            try InputLoader.check(earlier, sources: sources, headerBytes: chunkBytes)
        }
        var digests: ImportCheckpoint.EntryDigests?
        do {
            loaded.ledger = try Ledger(restoring: &state, texts: settings.texts, spill: inputs.spill) {
                reader in
                // The payees' entries digests come after the ledger, and the file's digest vouches for both.
                guard let text = try? reader.text(),
                    let decoded = try? JSONDecoder().decode(ImportCheckpoint.EntryDigests.self, from: Data(text.utf8))
                else { return false }
                digests = decoded
                return opened.verifiedEnd(&reader)
            }
        } catch {
            checking.wait()
            return nil
        }
        // Inputs that are not the bytes the checkpoint read: the ledger read back goes with this run's table of
        // texts, and the import starts again without the checkpoint, as if there were none.
        guard case .fits(let readOn) = try checking.value() else { return nil }
        loaded.entryDigests = digests
        var diagnostics: [Diagnostic] = []
        for input in earlier.dropLast(readOn == nil ? 0 : 1) {
            InputLoader.take(input, into: &loaded)
            diagnostics += input.file.diagnostics + input.problems
        }
        loaded.resumed.inputsTaken = earlier.count
        if let readOn {
            diagnostics += try self.readOn(
                readOn, source: inputs.sources[earlier.count - 1], texts: settings.texts, into: &loaded)
        }
        return (earlier.count, diagnostics)
    }

    /// Takes one input as the checkpoint has it.
    static func take(_ input: ImportCheckpoint.Input, into loaded: inout Loaded) {
        loaded.files.append(ImportedFile(input.file))
        loaded.counts.append(input.count)
        loaded.rejected += input.rejected
        loaded.summaries.append(input.summary)
        loaded.kept.append(input)
    }

    /// What reading a checkpoint's inputs again found. (`@unchecked Sendable`: the reader of the last input is handed
    /// once from the thread that checked to the one that reads on, which waited for it.)
    enum InputsCheck: @unchecked Sendable {
        /// Each input is byte for byte what the checkpoint read but the last, which may have grown (then `readOn`).
        case fits(readOn: ReadOn?)
        case differs
    }

    /// Reads each of the checkpoint's inputs (`sources`, the run's first ones, whose names match) up to the size the
    /// checkpoint recorded, digested, and the piece after the last one's old bytes; keeps up to `headerBytes` of
    /// the last input's first bytes (its header record, read again when rows were appended).
    static func check(_ earlier: [ImportCheckpoint.Input], sources: [any LedgerSource], headerBytes: Int)
        throws(BuildStop) -> InputsCheck
    {
        var readOn: ReadOn?
        for (index, (input, source)) in zip(earlier, sources).enumerated() {
            let reading: DigestingReader
            do {
                reading = DigestingReader(try source.open())
            } catch {
                throw .source(source.name, error)
            }
            var header: [UInt8] = []
            let size = input.summary.size
            while reading.size < size, let piece = reading.piece(upTo: min(1 << 20, size - reading.size)) {
                if header.count < headerBytes { header += piece }
            }
            if let failure = reading.failure { throw .source(source.name, failure) }
            guard reading.size == size, reading.digest.hex() == input.summary.sha256 else { return .differs }
            let appended = reading.piece() ?? []
            if let failure = reading.failure { throw .source(source.name, failure) }
            if appended.isEmpty { continue }
            // Grown: only the last input may have (rows appended to an earlier one would join the ledger after later
            // inputs' rows), and only where a record ended, after a header this run reads again.
            guard index == earlier.count - 1, input.file.format == .native, input.file.recognised,
                let line = input.file.nextRecordLine, NativeLedgerImporter.holdsFirstRecord(header)
            else { return .differs }
            readOn = ReadOn(earlier: input, reading: reading, header: header, appended: appended, line: line)
        }
        return .fits(readOn: readOn)
    }

    /// Reads the rows appended to the checkpoint's last input since the last build, from where it stopped, into the
    /// ledger it left; the input's counts, rejected rows, problems and facts are then those of reading it whole.
    func readOn(_ readOn: ReadOn, source: any LedgerSource, texts: EntryTexts, into loaded: inout Loaded)
        throws(BuildStop)
        -> [Diagnostic]
    {
        let earlier = readOn.earlier
        let path = source.name
        let reading = readOn.reading
        var pending: [UInt8]? = readOn.appended
        let more = { () -> [UInt8]? in
            if let piece = pending {
                pending = nil
                return piece
            }
            return reading.piece()
        }
        let before = loaded.ledger.entries.count
        // Room for the appended rows at the bytes per row read before.
        let rowBytes = max(1, earlier.summary.size / max(1, earlier.summary.rows))
        loaded.ledger.reserveCapacity(before + max(0, reading.input.sizeHint - earlier.summary.size) / rowBytes + 1)
        var merged = Merged()
        let rest = readInPieces(
            first: readOn.header, more: more, path: path, texts: texts, resumingAt: readOn.line, merged: &merged,
            ledger: &loaded.ledger)
        if let failure = reading.failure { throw .source(path, failure) }
        var file = ImportedFile(earlier.file)
        file.appendStreamed(rest)
        file.cpu = rest.cpu
        let rejected = earlier.rejected + (rest.rejected + merged.rejected).sorted { $0.line < $1.line }
        let count = InputCount(
            file: path, rowsRead: file.rowsRead, accepted: earlier.count.accepted + merged.accepted,
            rejected: rejected.count, skipped: file.skipped, entries: earlier.count.entries + merged.entries,
            newEntries: earlier.count.newEntries + loaded.ledger.entries.count - before)
        let summary = InputSummary(
            name: source.recordedName, size: reading.size, sha256: reading.digest.hex(), rows: file.rowsRead,
            source: source.kind)
        let problems = earlier.problems + merged.problems
        loaded.files.append(file)
        loaded.counts.append(count)
        loaded.rejected += rejected
        loaded.summaries.append(summary)
        loaded.kept.append(
            ImportCheckpoint.Input(
                name: path, file: file.summary, count: count, rejected: rejected, problems: problems, summary: summary))
        loaded.resumed.readOn = (path, readOn.line)
        return file.diagnostics + problems
    }

}
