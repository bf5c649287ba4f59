import Foundation
import LedgerPressCore
import LedgerPressPublish
import LedgerPressRender

/// The build, as one library type: ledger → per-payee statements → rendered files → staged site → atomic
/// publish, which `build` and the tests drive (the executable only parses options and prints).
///
/// Stages, each reported to `stage` as it ends:
/// - `plan`: every payee's ``PayeeKey``; a payee whose key, history and published folder are as the
///   previous publish recorded them is *reused*: its folder is carried over (hard links) without computing
///   or rendering anything, and its rows of the finance CSVs are copied from the published ones.
/// - `render`: workers (one per core) take the other payees in order, compute each one's statements (Core),
///   render only the statements whose render key changed, and hand the files to the ``StagingWriter`` as
///   they go; the finance CSVs grow in payee order. Memory follows the largest payee, not the site.
/// - `finance`: the finance summary, index and control totals, the top-level manifest.
/// - `publish`: flush, swap, flush the swap, remove the old site.
///
/// When every payee is reused and the top-level files come out byte for byte as published, nothing is
/// written at all: the published site already is the new one.
public struct SitePipeline: Sendable {
    /// What a run publishes: the whole site, or the finance files alone.
    public enum Mode: String, Sendable {
        /// The whole site: statements, payee homes, finance files.
        case site
        /// `--only finance`: the finance CSVs and the manifests, no statement files.
        case finance
    }

    /// Everything a pipeline run renders with: templates, options, mode, the tool's identity and the documents.
    public struct Configuration: Sendable {
        public var templates: TemplateSet
        public var options: SiteOptions
        public var mode: Mode
        /// Identifies the build of the tool (e.g. the SHA-256 of the executable): another build renders every payee again.
        public var toolIdentity: String
        /// `--shard`: which shard this is, and the whole ledger as it saw it.
        public var shard: (Shard, ShardRecord.LedgerFacts)?
        /// `--shard-secret`: the bytes a shard's seal is keyed by (``ShardSeal``); nil for an unkeyed seal.
        public var shardSecret: [UInt8]?
        /// Render workers (default: one per core).
        public var workers: Int
        /// Writer threads (nil: one per four workers, ``StagingWriter/lanes(workers:)``).
        public var writers: Int?
        /// Test hook: abort the process after this many staged files (`LEDGERPRESS_TEST_ABORT_AFTER_FILES`).
        public var abortAfterFiles: Int?
        /// Test hook: called once the site is staged, before the swap (`LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH`).
        public var holdBeforePublish: (@Sendable () -> Void)?
        /// Asked once the site is staged, before the swap, and when the run fails: what it throws discards the
        /// staging and is the run's error (the caller's checks of what the site was made from, such as the ledger's
        /// spill file, which explain whatever failed after them).
        public var checkBeforePublish: (@Sendable () throws -> Void)?
        /// Where the CPU time of the statements' HTML rendering is added up (for `--report`); nil: not measured.
        public var htmlTally: CPUTally?
        /// The run's lock on the output, checked again before the swap.
        public var lock: OutputLock?
        /// `--adopt`: files in ledgerpress's own folders that no manifest lists are removed, not refused.
        public var adopt = false
        /// How far the run may shrink the published site (nil: as far as it likes, `--allow-shrink`).
        public var shrinkGuard: ShrinkGuard? = ShrinkGuard()
        /// The files each statement is published as.
        public var documents = StatementDocuments.standard
        /// The instant `--letters` issues letters as of: `--as-of`, else the whole ledger's latest entry (the same
        /// for every shard). Part of every payee's full key, not of the statements' render keys.
        public var letterIssuedAt: Timestamp?
        /// The digest of each payee's entries (``PayeeKey/entriesDigest(_:)``) that the caller knows unchanged since it
        /// was computed (an import checkpoint's payees no row read since touched): their entries are not read again
        /// to key them.
        public var knownEntryDigests: [String: String] = [:]
        /// Told every payee's entries digest once the plan has them (for the caller to keep, with the ledger).
        public var plannedEntryDigests: (@Sendable ([String: String]) -> Void)?

        public init(
            templates: TemplateSet, options: SiteOptions, mode: Mode = .site, toolIdentity: String,
            shard: (Shard, ShardRecord.LedgerFacts)? = nil, workers: Int = SystemCPUs.available,
            abortAfterFiles: Int? = nil, htmlTally: CPUTally? = nil, lock: OutputLock? = nil
        ) {
            self.lock = lock
            self.templates = templates
            self.options = options
            self.mode = mode
            self.toolIdentity = toolIdentity
            self.shard = shard
            self.workers = max(1, workers)
            self.abortAfterFiles = abortAfterFiles
            self.htmlTally = htmlTally
        }
    }

    /// What a run did.
    public struct Outcome: Sendable {
        public var statementCount = 0
        public var payeeCount = 0
        /// Statements per period kind (`day`, `week`, `month`, `range`).
        public var statementsByKind: [String: Int] = [:]
        /// Statements this run revised.
        public var revisions = 0
        /// Files of the new site, and what publishing did with them.
        public var fileCount = 0
        public var files = SiteWriter.Report()
        /// Payees rendered by this run and payees carried over unrendered.
        public var payeesRendered = 0
        public var payeesReused = 0
        /// True when nothing had to be written: the published site already was the new one.
        public var unchangedSite = false
        /// Files (and symbolic links) ledgerpress did not write, carried over at the top of the site, and the
        /// top-level names they are under.
        public var carried = 0
        public var carriedNames: [String] = []
        /// The staging writer's lanes' CPU time, and how long the render workers waited for room in its queue (nil
        /// when nothing was staged).
        public var writerTiming: (lanes: Duration, waited: Duration)?
    }

    public let configuration: Configuration
    let formats = MoneyFormats()

    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Builds and publishes the site of `payees` (sorted by id, each with all their entries) into `output`.
    /// `ledgerFigures`: ``FinanceSummary/figures(of:)`` of the ledger the payees come from. `previous` is where
    /// the statements' earlier versions are read (default: the output itself). `published`: the output's site
    /// read ahead (``PublishedRead``, started for this `output`), else it is read here.
    ///
    /// Throws ``SiteError`` for bad data, ``SiteWriter/Failure`` when the output cannot be written (the old
    /// output then stays as it was), or a rendering error.
    ///
    /// > Note: the run takes the payees' entries over and lets go of each payee's as soon as the payee is done,
    /// > so a caller that keeps no other reference to them (nor the ledger) frees them as the run goes.
    public func run(
        payees: consuming [(Payee, PayeeEntries)], ledgerFigures: Result<[FinanceSummary.LedgerFigures], SiteError>,
        inputs: [InputSummary], output: URL, previous: URL? = nil, published: PublishedRead? = nil,
        stage: (String) -> Void = { _ in }, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws -> Outcome {
        let writer = {
            var writer = SiteWriter(output: output, lock: configuration.lock)
            writer.sealsShard = configuration.shard != nil
            writer.shardSecret = configuration.shardSecret
            return writer
        }()
        let site = try published?.site() ?? writer.prepare()
        let history: PreviousSite
        if let previous, previous.standardizedFileURL.path != writer.output.path {
            do {
                history = try PreviousSite(folder: previous)
            } catch {
                throw SiteWriter.Failure.unreadableManifest(error)
            }
            // A mistyped or wrong folder would silently start every statement's history again at version 1.
            guard history.format != 0 else {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: previous.path, isDirectory: &isFolder)
                throw SiteWriter.Failure.notAPreviousSite(path: previous.path, missing: !exists || !isFolder.boolValue)
            }
        } else {
            history = site
        }
        let plans = try plan(payees, site: site, history: history, output: writer.output)
        configuration.plannedEntryDigests?(
            Dictionary(plans.map { ($0.payee.id, $0.entriesDigest) }, uniquingKeysWith: { first, _ in first }))
        payees = []
        stage("plan")
        var outcome = Outcome()
        outcome.payeeCount = plans.count
        let publish = SitePublish(
            top: top, inputs: inputs, formats: formats, site: site, output: writer.output, adopt: configuration.adopt,
            threads: configuration.workers)
        let reused = plans.compactMap(\.reused)
        if reused.count == plans.count,
            let unchanged = try publish.unchangedSite(reused, summary: try summary(reused, ledger: ledgerFigures))
        {
            progress?(plans.count, plans.count)
            stage("render")
            stage("finance")
            stage("publish")
            return unchanged
        }
        let count = plans.count
        let handout = PlanHandout(consume plans)
        let staging = try StagingWriter.opening(
            for: writer, abortAfterFiles: configuration.abortAfterFiles,
            lanes: configuration.writers ?? StagingWriter.lanes(workers: configuration.workers))
        do {
            let payeesDone = try publish.stream(
                count: count, workers: configuration.workers, writer: staging, progress: progress
            ) { index in
                let plan = handout.take(index)
                if let entry = plan.reused {
                    return try reusedOutput(
                        plan, entry: entry, site: site,
                        mirroredStaging: staging.mirrorsPublished ? staging.staging : nil)
                }
                return try renderedOutput(plan, site: site, history: history, output: writer.output)
            }
            stage("render")
            SystemMemory.returnFreedPages()
            let financeSummary = try summary(payeesDone.map(\.entry), ledger: ledgerFigures)
            if let drop = configuration.shrinkGuard?.check(
                published: site.statementCount, now: financeSummary.statementCount,
                mayBeEmpty: configuration.shard != nil)
            {
                throw SiteError.shrink(drop)
            }
            outcome = try publish.finish(payeesDone, summary: financeSummary, writer: staging)
            try configuration.checkBeforePublish?()
            outcome.writerTiming = staging.timing
            stage("finance")
        } catch {
            _ = try? staging.finish(flushing: false)
            writer.discardStaging()
            // A run whose lock file went fails as having lost it, whatever failed first.
            if let lock = configuration.lock, !lock.isHeld { throw SiteWriter.Failure.lockLost(lock.path) }
            // What the site was made from failing (the ledger's spill file) explains whatever failed after it.
            try configuration.checkBeforePublish?()
            throw error
        }
        configuration.holdBeforePublish?()
        try writer.swapIn(differences: staging.differences)
        stage("publish")
        return outcome
    }

    /// The writer threads a run with `workers` render workers starts when none are named (one per four workers).
    public static func writerLanes(workers: Int) -> Int { StagingWriter.lanes(workers: workers) }

    /// What the files outside `payees/` are made from.
    var top: SiteTop {
        SiteTop(
            options: Manifest.Options(
                configuration.options, templates: configuration.templates, mode: configuration.mode),
            mode: configuration.mode,
            templates: configuration.templates, shard: configuration.shard,
            letterKey: configuration.options.letters.map { ($0.key.keyID, $0.key.publicKeyPEM) },
            documents: configuration.documents)
    }

    /// The finance summary of the payees' entries and the whole ledger (every total checked); the payees' period
    /// labels are counted in slices at once (half a million labels at 10,000 payees).
    func summary(
        _ entries: [Manifest.PayeeEntry], ledger: Result<[FinanceSummary.LedgerFigures], SiteError>
    ) throws -> FinanceSummary {
        let slices = max(1, min(configuration.workers, entries.count / 256))
        let parts = ParallelSlices.map(ParallelSlices.ranges(count: entries.count, slices: slices)) { range in
            var labels: [String: Int] = [:]
            for entry in entries[range] {
                for label in entry.periods { labels[label, default: 0] += 1 }
            }
            return labels
        }
        var counts: [Period: Int] = [:]
        for labels in parts {
            for (label, count) in labels {
                guard let period = Period(label: label) else {
                    // The first payee, in order, with a label that is not a period's.
                    for entry in entries {
                        if let label = entry.periods.first(where: { Period(label: $0) == nil }) {
                            throw SiteError.unknownPeriod(payee: entry.id, label: label)
                        }
                    }
                    preconditionFailure("an unknown label that no payee has")
                }
                counts[period, default: 0] += count
            }
        }
        return try FinanceSummary.checked(rows: entries.map(\.finance), periodCounts: counts, ledger: ledger)
    }

    /// Tool, mode, options, templates and documents: what every payee's key starts from.
    var context: String {
        let json = (try? ManifestJSON.encode(top.options)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // The options twice over, both from their declarations (``OutputOption/all``): as the manifest records them,
        // and every field they record as it is (``OutputOption/keyFields(of:)``), so that a part of a field the
        // manifest leaves out (a digest, a default) still renders every payee again.
        let fields = OutputOption.keyFields(of: configuration.options) + configuration.documents.keyParts
        return configuration.toolIdentity + "\u{0}" + json + "\u{0}" + fields.joined(separator: "\u{0}")
    }
}

extension StagingWriter {
    /// The staging writer of a publish into `writer`'s output, with the finance CSVs to append to.
    /// The staging folder starts from the spare site when there is a usable one (see ``SpareSite``).
    static func opening(for writer: SiteWriter, abortAfterFiles: Int?, lanes: Int = 1) throws(SiteWriter.Failure)
        -> StagingWriter
    {
        let mirrors = writer.spare.adopt(as: writer.staging.path)
        do {
            return try StagingWriter(
                staging: writer.staging, published: writer.output, appendFiles: FinancePages.csvFiles,
                mirrorsPublished: mirrors,
                abortAfterFiles: abortAfterFiles, lanes: lanes)
        } catch {
            writer.discardStaging()
            throw .system(error)
        }
    }
}
