import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

/// Reads every source and the payees file into one ledger, the way `build` and `check` both do.
struct InputLoader {
    struct Loaded {
        var ledger = Ledger()
        var files: [ImportedFile] = []
        /// Each source's rows and entries (after the ledger's own checks), in input order.
        var counts: [InputCount] = []
        var rejected: [RejectedRow] = []
        var profiles: [String: PayeeProfile] = [:]
        var summaries: [InputSummary] = []
        /// The key of each rejected row of a source that names rows by key (``RowNames/keys``), by source and line.
        var rowKeys: [String: [Int: String]] = [:]
        /// Every problem found.
        var diagnostics: DiagnosticLog
        /// The problems that are not about a rejected input row (a bad payees file, an unreadable
        /// header): quarantine cannot absorb these.
        var fatal: DiagnosticLog
        /// What each input gave, as a checkpoint keeps it; nil for an input no checkpoint keeps (not a native
        /// CSV file).
        var kept: [ImportCheckpoint.Input?] = []
        /// What the import depends on besides the inputs' bytes (``ImportCheckpoint/key(tool:inputs:payeesSHA256:mappingSHA256:)``).
        var key = ""
        /// What this run took from the last build's checkpoint.
        var resumed = SiteBuilder.CheckpointUse()
        /// The payees' entries digests the checkpoint kept (with the ledger read back from it).
        var entryDigests: ImportCheckpoint.EntryDigests?

        /// The checkpoint of this import, when every input is one a checkpoint keeps.
        var checkpoint: ImportCheckpoint.Meta? {
            let inputs = kept.compactMap { $0 }
            guard !inputs.isEmpty, inputs.count == kept.count else { return nil }
            return ImportCheckpoint.Meta(key: key, inputs: inputs)
        }
    }

    let inputs: BuildInputs
    /// Threads that read a native export's rows at once (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``).
    var readers = 2
    /// The bytes read before a native export is read in chunks, and of each chunk.
    var chunkBytes = NativeLedgerImporter.chunkBytes
    /// The last build's checkpoint (``ImportCheckpoint``), to take what it read from; nil: read every input.
    var checkpoint: String?
    /// The tool's identity, part of the checkpoint's key.
    var tool = ""

    /// The ledger of one run: its entries' texts go into a table of their own (``EntryTexts``, passed to the
    /// importers in ``ImportSettings``), which lives as long as the entries do, so that the texts of a run never
    /// outlive it.
    ///
    /// A checkpoint that turns out damaged once its ledger is being read, or whose inputs turn out to differ from
    /// the bytes it read (checked while its ledger is read back), makes the import start again without it.
    func load() throws(BuildStop) -> Loaded {
        if checkpoint != nil, let loaded = try loadEntries(resuming: true, texts: EntryTexts()) {
            return loaded
        }
        guard let loaded = try loadEntries(resuming: false, texts: EntryTexts()) else {
            preconditionFailure("no checkpoint to fail")
        }
        return loaded
    }

    /// The import; nil when the checkpoint it began to take was damaged.
    private func loadEntries(resuming: Bool, texts: EntryTexts) throws(BuildStop) -> Loaded? {
        var loaded = Loaded(
            diagnostics: DiagnosticLog(limit: inputs.maxErrors), fatal: DiagnosticLog(limit: inputs.maxErrors))
        loaded.ledger = Ledger(spill: inputs.spill)
        var all: [Diagnostic] = []
        var payeesSHA256: String?
        if let payees = inputs.payees {
            let bytes = try InputLoader.bytes(of: payees, option: "--payees")
            payeesSHA256 = FileDigest.sha256(Data(bytes))
            let result = PayeesFileImporter.read(bytes: bytes, file: payees.name)
            all += result.diagnostics
            loaded.profiles = result.profiles
        }
        var mapping: Mapping?
        var mappingSHA256: String?
        if let source = inputs.mapping {
            let bytes = try InputLoader.bytes(of: source, option: "--mapping")
            mappingSHA256 = FileDigest.sha256(Data(bytes))
            do {
                mapping = try Mapping.parse(String(decoding: bytes, as: UTF8.self), file: source.name)
            } catch {
                throw BuildStop(.dataError, [error.description])
            }
        }
        var settings = inputs.settings(payeeTypes: loaded.profiles.compactMapValues(\.type), mapping: mapping)
        settings.texts = texts
        loaded.key = ImportCheckpoint.key(
            tool: tool, inputs: inputs, payeesSHA256: payeesSHA256, mappingSHA256: mappingSHA256)
        var first = 0
        if resuming, let checkpoint {
            guard let taken = try take(checkpoint, settings: settings, into: &loaded) else { return nil }
            first = taken.sources
            all += taken.diagnostics
        }
        for source in inputs.sources[first...] { all += try read(source, settings: settings, into: &loaded) }
        // The payees file and the ledger must agree on each payee's type; every --payee must have been used.
        all += PayeesFileImporter.typeDisagreements(ledger: loaded.ledger, profiles: loaded.profiles)
        all += settings.unusedPayeeAssignments(loaded.files)
        all += StripePayoutOverlap.problems(loaded.files)
        all += loaded.ledger.openingBalanceProblems()
        // Every row is in the ledger now: keep only each input's counts.
        for index in loaded.files.indices { loaded.files[index].forgetRows() }
        let rejectedAt = Set(loaded.rejected.map { "\($0.file)\u{0}\($0.line)" })
        for diagnostic in all {
            let shown = InputLoader.named(diagnostic, keys: loaded.rowKeys)
            loaded.diagnostics.append(shown)
            if !rejectedAt.contains("\(diagnostic.location.file)\u{0}\(diagnostic.location.line)") {
                loaded.fatal.append(shown)
            }
        }
        if let failure = loaded.ledger.storageFailure { throw BuildStop.storage(failure) }
        return loaded
    }

    /// A whole source (the payees file, a mapping); `option` names the option that gave it in messages.
    static func bytes(of source: any LedgerSource, option: String) throws(BuildStop) -> [UInt8] {
        do {
            return try source.open().readAll()
        } catch {
            throw .source(source.name, error, option: option)
        }
    }
}

extension InputLoader {
    /// `ledger.csv: native, 74 rows read = 72 accepted + 2 rejected + 0 skipped; 71 entries, 5 payees, EUR USD, 2026-10-01..2026-11-20 (UTC)`;
    /// `check` and `build` print the same line for each input (``InputCount``), and why it gave no entry.
    static func line(_ file: ImportedFile, count: InputCount) -> String {
        let facts = file.facts
        let payees = facts.payees.count
        let currencies = facts.currencies.sorted().joined(separator: " ")
        var text =
            "\(file.name): \(file.recognised ? file.format.rawValue : "unrecognised format"), \(count.text), \(payees) payees"
        if !currencies.isEmpty { text += ", \(currencies)" }
        if let first = facts.first, let last = facts.last {
            text +=
                ", " + String(Timestamp.format(epochSeconds: first.epochSeconds, offsetSeconds: 0).prefix(10))
                + ".." + String(Timestamp.format(epochSeconds: last.epochSeconds, offsetSeconds: 0).prefix(10))
                + " (UTC)"
        }
        if let why = count.whyNoEntries { text += "; no entries: \(why)" }
        return text
    }
}
