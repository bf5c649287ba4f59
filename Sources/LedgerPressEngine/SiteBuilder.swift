import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressPublish
import LedgerPressRender
import LedgerPressSite
import LedgerPressStore

/// The whole build as one call: sources → ledger (quarantine, `--as-of`) → payees → shard → figures → the
/// error gate → templates → ``SitePipeline`` (plan, render, finance, publish). `check` is the same call
/// stopping before the templates: every statement computed and checked, nothing rendered or written.
///
/// The caller (the `ledgerpress` executable, a test, a server) chooses the sources and options, shows the
/// messages and maps a ``BuildStop`` to its exit code; everything between is here.
public struct SiteBuilder: Sendable {
    public let inputs: BuildInputs
    public let options: BuildOptions

    public init(inputs: BuildInputs, options: BuildOptions) {
        self.inputs = inputs
        self.options = options
    }

    /// What the import found, for the run report and the summary line (also on a ``BuildStop`` after import).
    public struct Imported: Sendable {
        /// Each source as the manifest records it, with its counts.
        public var inputs: [(summary: InputSummary, count: InputCount)] = []
        public var rowsRead = 0
        public var rowsRejected = 0
        /// Entries and payees built (after `--as-of` and `--shard`).
        public var entries = 0
        public var payees = 0
        /// `--shard`: the shard and the payees of the whole ledger.
        public var shard: (shard: Shard, payees: Int)?
        /// Each source's line: format, rows read, accepted, rejected, skipped, entries, payees, dates.
        public var lines: [String] = []
        /// The CPU time of the threads that read the inputs read in chunks (none: no input was).
        public var cpu: ImportCPU?
        /// What the import took from the last build's checkpoint.
        public var checkpoint = CheckpointUse()
        /// Payees whose entries digest (part of their key) was taken from the checkpoint: no row read since touched
        /// them, so their entries are not read again to key them.
        public var entriesDigestsTaken = 0
    }

    /// What an import took from the last build's checkpoint (``ImportCheckpoint``).
    public struct CheckpointUse: Sendable {
        /// Inputs taken as they were, without reading their rows (the one read on from where it ended included).
        public var inputsTaken = 0
        /// The input read on from where the last build stopped, and the line it went on from.
        public var readOn: (name: String, line: Int)?
    }

    /// A build that published.
    public struct Built: Sendable {
        public var imported: Imported
        public var site: SitePipeline.Outcome
        /// `--outbox`: what it wrote and whom it left out.
        public var outbox: OutboxReport?
    }

    /// A check that found nothing wrong.
    public struct Checked: Sendable {
        public var imported: Imported
        public var books: StatementBooks.Checked
    }

    /// Builds the site and publishes it into `output` (resolved; `name` is how messages name it), holding the
    /// output's lock for the whole run.
    ///
    /// - Parameters:
    ///   - message: lines for standard error, as they arise.
    ///   - stage: each stage as it ends (`import`, `plan`, `render`, `finance`, `publish`), with a line for `--verbose`.
    ///   - progress: payees done of all payees, from the render workers.
    ///   - imported: what the import found, told as soon as it is known and again once the payees are counted
    ///     (before the first stage after `import` ends), so a run report written on a signal has it.
    /// - Throws: ``BuildStop`` (carrying ``Imported`` once the import is done, see ``failure(_:)``).
    public func build(
        into output: URL, named name: String, message: ([String]) -> Void = { _ in },
        stage: (String, String) -> Void = { _, _ in }, progress: (@Sendable (Int, Int) -> Void)? = nil,
        imported: (Imported) -> Void = { _ in }
    ) throws -> Built {
        let lock = try BuildStop.lock(output, named: name, waiting: message)
        defer { withExtendedLifetime(lock) {} }
        // A run that fails leaves no lock file it made (a refused first run, a `--previous` that is no site).
        var finished = false
        defer { if !finished { lock.removeIfCreated() } }
        // The published site is read while the inputs are imported; its outcome is asked for after theirs.
        let published = PublishedRead(output: output, lock: lock)
        defer { published.wait() }
        var prepared = try prepare(
            message: message, stage: stage, imported: imported, checking: false, name: name,
            checkpoint: options.importCheckpoint ? ImportCheckpoint.path(beside: output) : nil)
        imported(prepared.imported)
        let checkpoint = prepared.checkpoint
        do {
            let templates = try BuildStop.templates(defaults: options.defaultTemplates, overrides: options.templates)
            var configuration = SitePipeline.Configuration(
                templates: templates, options: options.site, mode: options.mode, toolIdentity: options.toolIdentity,
                shard: prepared.shardFacts.map { ($0.0, $0.1) }, workers: options.workers,
                abortAfterFiles: options.abortAfterFiles, htmlTally: options.htmlTally, lock: lock)
            configuration.adopt = options.adopt
            configuration.holdBeforePublish = options.holdBeforePublish
            configuration.checkBeforePublish = { [storage = prepared.storage] in
                if let failure = storage.failure { throw BuildStop.storage(failure) }
            }
            configuration.writers = options.writers
            configuration.shrinkGuard = options.shrinkGuard
            configuration.documents = options.documents
            configuration.shardSecret = options.shardSecret
            configuration.letterIssuedAt = prepared.letterIssuedAt
            configuration.knownEntryDigests = prepared.knownEntryDigests
            if case .replace(let writing) = checkpoint {
                let asOf = prepared.entryDigestsAsOf
                configuration.plannedEntryDigests = { writing.provide(.init(asOf: asOf, digests: $0)) }
            }
            let pipeline = SitePipeline(configuration)
            let site = try BuildStop.publishing {
                // The pipeline takes the payees' entries over (so that it can free them as payees are done).
                var handed: [(Payee, PayeeEntries)] = []
                swap(&handed, &prepared.payees)
                return try pipeline.run(
                    payees: consume handed, ledgerFigures: prepared.figures,
                    inputs: prepared.imported.inputs.map(\.summary),
                    output: output, previous: options.previous, published: published,
                    stage: { stage($0, $0) }, progress: progress)
            }
            checkpoint.published()
            finished = true
            var built = Built(imported: prepared.imported, site: site)
            if let outbox = options.outbox {
                do {
                    let report = try StatementOutbox(outbox).deliver(
                        site: output, recipients: prepared.recipients, strings: templates.strings,
                        asOf: prepared.deliveryAsOf?.epochSeconds ?? .min)
                    built.outbox = report
                    stage("outbox", "outbox: \(report.written) message(s) written")
                } catch {
                    var stop = BuildStop(
                        error.isDeviceError ? .ioError : .cannotCreate,
                        ["ledgerpress: error: \(error); the site was published"])
                    stop.outbox = error.report
                    throw stop
                }
            }
            return built
        } catch var stop as BuildStop {
            checkpoint.failed()
            stop.imported = prepared.imported
            throw stop
        } catch {
            checkpoint.failed()
            throw error
        }
    }

    /// Runs every import and check of ``build(into:named:message:stage:progress:)`` with the same options, and
    /// writes nothing: each payee's statements (every total checked), the ledger's figures, the control totals.
    public func check(message: ([String]) -> Void = { _ in }) throws -> Checked {
        let prepared = try prepare(
            message: message, stage: { _, _ in }, imported: { _ in }, checking: true, name: nil)
        do {
            let books = try BuildStop.publishing {
                try StatementBooks.check(payees: prepared.payees, figures: prepared.figures, options: options.site)
            }
            return Checked(imported: prepared.imported, books: books)
        } catch var stop as BuildStop {
            stop.imported = prepared.imported
            throw stop
        }
    }

    /// The ledger read, gated and grouped by payee: what rendering and checking start from.
    struct Prepared {
        var imported: Imported
        var payees: [(Payee, PayeeEntries)]
        var figures: Result<[FinanceSummary.LedgerFigures], SiteError>
        var shardFacts: (Shard, ShardRecord.LedgerFacts)?
        /// `--letters`: the instant letters are issued as of.
        var letterIssuedAt: Timestamp?
        /// `--outbox`: each payee's address and consent from the payees file.
        var recipients: [OutboxRecipient] = []
        /// `--outbox`: the run's as-of, at which a statement's period must be closed for it to be e-mailed.
        var deliveryAsOf: Timestamp?
        /// What becomes of the import's checkpoint once the build publishes, or fails.
        var checkpoint = CheckpointAfter.keep
        /// Where the ledger's records note a failure of their spill file (asked just before the publish).
        var storage = LedgerStorageHealth()
        /// The entries digests of the payees whose entries are as the checkpoint's build planned them (read back, no
        /// row read since touched them, the same `--as-of`).
        var knownEntryDigests: [String: String] = [:]
        /// `--as-of` when it cut entries off the ledger, else nil (the entries are those of a run without it): what
        /// the checkpoint's entries digests are kept under.
        var entryDigestsAsOf: String?
    }

    /// The import's checkpoint (``ImportCheckpoint``) once the build publishes: kept as it is (it holds this run's
    /// inputs exactly, or there is no output to keep one beside), replaced by the one being written, or removed
    /// (this run's inputs are not all native CSV files: none can be kept for them).
    enum CheckpointAfter {
        case keep
        case replace(ImportCheckpoint.Writing)
        case remove(String)

        func published() {
            switch self {
            case .keep: break
            case .replace(let writing): writing.commit()
            case .remove(let path): CheckpointFile.remove(path)
            }
        }

        func failed() {
            if case .replace(let writing) = self { writing.discard() }
        }
    }

    /// Import, quarantine, `--as-of`, payees, shard, figures and the error gate, telling problems as it goes.
    /// `name`: the output's name in messages (nil when checking).
    /// `checkpoint`: the import's checkpoint beside the output, to take what the last build read from it and keep
    /// this one's (nil: read every input, keep nothing).
    func prepare(
        message: ([String]) -> Void, stage: (String, String) -> Void, imported told: (Imported) -> Void,
        checking: Bool, name: String?, checkpoint: String? = nil
    ) throws -> Prepared {
        var loaded = try InputLoader(
            inputs: inputs, readers: options.workers, chunkBytes: options.importChunkBytes, checkpoint: checkpoint,
            tool: options.toolIdentity
        ).load()
        var ledger = loaded.ledger
        let storage = ledger.storageHealth
        // The whole ledger read, for a new checkpoint (unless the last one holds exactly these inputs).
        var checkpointLedger = checkpoint != nil ? loaded.ledger : nil
        // `--as-of` cuts the ledger only when an entry lies after it. A nightly run's start time usually cuts nothing:
        // that run reads the same entries as one without it, so it takes the last run's entries digests and makes no
        // copy of the ledger.
        let asOfInstant = options.site.asOf.flatMap(RFC3339.parse)
        var cuttingAsOf: String?
        if let asOfInstant {
            var cuts = false
            ledger.forEachRecord { entry in if asOfInstant < entry.occurredAt { cuts = true } }
            if cuts { cuttingAsOf = options.site.asOf }
        }
        var knownEntryDigests: [String: String] = [:]
        if let stored = loaded.entryDigests, stored.asOf == cuttingAsOf, let touched = loaded.ledger.touchedPayees {
            knownEntryDigests = stored.digests.filter { !touched.contains($0.key) }
        }
        var diagnostics = loaded.diagnostics
        var imported = Imported()
        imported.inputs = zip(loaded.summaries, loaded.counts).map { ($0, $1) }
        imported.rowsRead = loaded.files.reduce(0) { $0 + $1.rowsRead }
        imported.cpu = loaded.files.compactMap(\.cpu).reduce(nil) { total, cpu in total.map { $0 + cpu } ?? cpu }
        imported.rowsRejected = loaded.rejected.count
        imported.lines = zip(loaded.files, loaded.counts).map { InputLoader.line($0, count: $1) }
        imported.checkpoint = loaded.resumed
        imported.entriesDigestsTaken = knownEntryDigests.count
        do {
            told(imported)
            var taken = ""
            if loaded.resumed.inputsTaken > 0 {
                taken = "; \(loaded.resumed.inputsTaken) input(s) taken from the import checkpoint"
                if let readOn = loaded.resumed.readOn { taken += ", \(readOn.name) read on from line \(readOn.line)" }
            }
            stage(
                "import",
                "import: \(imported.rowsRead) rows read, \(loaded.ledger.entries.count) entries from \(inputs.sources.count) input(s)"
                    + taken
            )
            if let rejectFile = options.rejectFile {
                // Quarantine: rejected rows go to the file; the problems are still shown, and the run goes on.
                try BuildStop.writing(
                    rejectFile, RejectFile.csv(loaded.rejected.map { ($0.file, $0.line, $0.reason, $0.raw) }))
                message(diagnostics.lines)
                diagnostics = loaded.fatal
            }
            let noEntries = loaded.ledger.entries.isEmpty
            let inputFails = diagnostics.hasErrors || noEntries
            if checking {
                // `check` shows every problem and every input's line, whatever it finds.
                if options.rejectFile == nil { message(diagnostics.lines) }
            } else {
                // Warnings (a local time in a DST gap or repeated hour) are shown whether or not the input fails.
                if options.rejectFile == nil && !diagnostics.items.isEmpty { message(diagnostics.lines) }
                if options.rejectFile != nil || options.listInputs || inputFails { message(imported.lines) }
            }
            // From here on `ledger` is the run's only reference to the entries (so that the pipeline can free them).
            loaded.ledger = Ledger()
            if cuttingAsOf != nil, let asOfInstant { ledger = ledger.asOf(asOfInstant) }
            // What `--letters` issues letters as of, and what `--outbox` finds periods closed at: `--as-of`, else the
            // whole ledger's latest entry (before sharding).
            var issuedAt: Timestamp?
            if options.site.letters != nil || options.outbox != nil {
                issuedAt = options.site.asOf.flatMap(RFC3339.parse)
                if issuedAt == nil {
                    // The latest entry's instant (the first of equal ones), read in place.
                    ledger.forEachRecord { entry in
                        guard !entry.isStatusReport, issuedAt.map({ $0 < entry.occurredAt }) ?? true else { return }
                        issuedAt = entry.occurredAt
                    }
                }
            }
            // Unsharded, the ledger's figures are summed while its payees are grouped (each reads every record).
            let figuresAhead =
                options.shard != nil
                ? nil
                : ThreadOutcome(name: "ledgerpress ledger figures") { [ledger] in FinanceSummary.figures(of: ledger) }
            var payees = PayeeDirectory.payees(
                ledger: ledger, profiles: loaded.profiles, options: options.site, slices: options.workers)
            var shardFacts: (Shard, ShardRecord.LedgerFacts)?
            if let shard = options.shard {
                let facts = try BuildStop.publishing {
                    try ShardRecord.LedgerFacts(ledger: ledger, payeeIDs: payees.map(\.0.id))
                }
                shardFacts = (shard, facts)
                imported.shard = (shard, facts.payees)
                payees = payees.filter { shard.contains(payeeID: $0.0.id) }
                let ids = Set(payees.map(\.0.id))
                ledger = ledger.filter { ids.contains($0.payeeID) }
            }
            imported.entries = ledger.entries.count
            imported.payees = payees.count
            let figures = figuresAhead?.value() ?? FinanceSummary.figures(of: ledger)
            ledger = Ledger()
            let nothingWritten = name.map { "; nothing was written to \($0)" } ?? ""
            if diagnostics.hasErrors {
                throw BuildStop(
                    .dataError, ["ledgerpress: \(diagnostics.errorCount) problem(s) in the input" + nothingWritten])
            }
            if noEntries {
                throw BuildStop(
                    .dataError,
                    [
                        "ledgerpress: error: the inputs yield no entry (each input's line above says why); nothing to build"
                            + nothingWritten
                    ])
            }
            var prepared = Prepared(
                imported: imported, payees: payees, figures: figures, shardFacts: shardFacts,
                letterIssuedAt: options.site.letters != nil ? issuedAt : nil)
            prepared.deliveryAsOf = issuedAt
            prepared.storage = storage
            prepared.knownEntryDigests = knownEntryDigests
            prepared.entryDigestsAsOf = cuttingAsOf
            if let checkpoint, let whole = checkpointLedger {
                checkpointLedger = nil
                if let meta = loaded.checkpoint {
                    let same = loaded.resumed.inputsTaken == inputs.sources.count && loaded.resumed.readOn == nil
                    if !same {
                        prepared.checkpoint = .replace(
                            ImportCheckpoint.Writing(path: checkpoint) { path, digests in
                                try ImportCheckpoint.write(meta, ledger: whole, to: path, digests: digests)
                            })
                    }
                } else {
                    prepared.checkpoint = .remove(checkpoint)
                }
            }
            if options.outbox != nil {
                prepared.recipients = payees.map { payee, entries in
                    let profile = loaded.profiles[payee.id]
                    return OutboxRecipient(
                        payeeID: payee.id, name: payee.name, email: profile?.email,
                        consents: profile?.emailStatements ?? true, locale: payee.locale,
                        asOf: OutboxAsOf(payee: payee, entries: entries.load()), timeZone: payee.timeZone,
                        dayStart: payee.dayStart)
                }
            }
            return prepared
        } catch var stop as BuildStop {
            // A spill file that failed explains what failed after it (records read as zeros).
            if let failure = storage.failure { stop = BuildStop.storage(failure) }
            stop.imported = imported
            throw stop
        }
    }
}
