import Foundation
import LedgerPressCore
import LedgerPressPublish
import LedgerPressRender

/// `ledgerpress merge`: combines the outputs of `build --shard I/N` for I = 0..<N into the site a single
/// run would have built, and publishes it like `build` does (streamed into staging, swapped in atomically).
///
/// Before combining it checks that the shards are complete (every index of N once), were built from the
/// same inputs, options, templates and ledger, cover every payee of that ledger exactly once, and that
/// every file is as their manifests say (each payee's folder against the payee manifest whose digest the
/// shard's top-level manifest records). Payees' folders and the stylesheet are taken as they are; the finance
/// files, the index and the manifest are rendered again from the shards' finance summaries.
public struct SiteMerger: Sendable {
    public var templates: TemplateSet
    public var workers: Int
    /// How the shards named their payees' folders (`--link-secret`): every shard must have used this key.
    public var links: PayeeLinks
    /// The run's lock on the output, checked again before the swap.
    public var lock: OutputLock?
    /// The documents besides the PDF that a statement may be published as: the shards' records say which their
    /// builds published (``ShardRecord/documents``), each of which must be one of these or the PDF.
    public var documents: StatementDocuments
    /// `--shard-secret`: every shard must carry a seal keyed by it (``ShardSeal``); nil: shards are trusted input,
    /// and a sealed one is refused as a usage error (the secret is missing).
    public var shardSecret: [UInt8]?

    public init(
        templates: TemplateSet, links: PayeeLinks = .readable,
        workers: Int = SystemCPUs.available, lock: OutputLock? = nil,
        documents: StatementDocuments = .standard
    ) {
        self.documents = documents
        self.templates = templates
        self.lock = lock
        self.links = links
        self.workers = max(1, workers)
    }

    /// What a merge published: the counts of shards, payees, statements and entries, the inputs, and the publish's outcome.
    public struct Merged: Sendable {
        public var shardCount: Int
        public var payeeCount: Int
        public var statementCount: Int
        public var statementsByKind: [String: Int]
        public var entryCount: Int
        public var inputs: [InputSummary]
        /// What publishing did.
        public var outcome: SitePipeline.Outcome
    }

    struct LoadedShard: @unchecked Sendable {
        var directory: String
        var folder: ShardFolder
        var listing: ShardFolder.Listing
        var manifest: Manifest
        var record: ShardRecord
        /// The shard's top-level files but the finance CSVs, checked against its manifest.
        var files: [String: Data]
        /// Where each payee's rows start in each finance CSV.
        var financeOffsets: [String: [Int]]
        /// When the shard's publish ended, as its seal records it (``ShardSeal``, ``PublishRecord``), while its
        /// `manifest.json` is still the one sealed (same bytes, same inode, not touched since); else `Int64.min`. A
        /// file listed as untouched since, of the size its manifest records and with no other link, is as the shard's
        /// build wrote it, and is linked without reading its bytes again (as `build` carries over a published folder).
        var published: Int64
    }

    /// Checks the shards (reading nothing into the output), then publishes their union into `output`.
    /// Throws ``MergeFailure`` for shards that do not make one site, ``SiteWriter/Failure`` when the output
    /// cannot be written (it then stays as it was).
    public func merge(_ directories: [URL], into output: URL, progress: (@Sendable (Int, Int) -> Void)? = nil) throws
        -> Merged
    {
        guard !directories.isEmpty else { throw MergeFailure.mismatch("expected at least one shard folder, got none") }
        // The shards are listed and their top-level files checked in parallel; a failure is the first shard's by order given.
        let loaded = ResultSlots<LoadedShard>(count: directories.count)
        DispatchQueue.concurrentPerform(iterations: directories.count) { index in
            loaded.set(index) { try load(directories[index]) }
        }
        let shards = try loaded.values().sorted { $0.record.shard.index < $1.record.shard.index }
        let first = shards[0]
        try checkComplete(shards)
        for shard in shards.dropFirst() { try checkSameRun(shard, as: first) }
        _ = try recordedDocuments(first.record, directory: first.directory)
        let expectedTemplates = Manifest.Options.templatesDigest(templates)
        guard first.manifest.options.templates == expectedTemplates else {
            throw MergeFailure.mismatch(
                "the shards were rendered with other templates (SHA-256 \(first.manifest.options.templates)) than this merge has (\(expectedTemplates)); pass the same --templates as the build"
            )
        }
        try checkMagnitudes(shards)
        try checkPayees(shards)
        let mode: SitePipeline.Mode =
            first.manifest.options.only == SitePipeline.Mode.finance.rawValue ? .finance : .site
        if mode == .site {
            for path in SitePath.stylesheets {
                for shard in shards where shard.files[path] != Data(templates.stylesheet.utf8) {
                    let problem = shard.files[path] == nil ? "missing" : "differs from the templates' stylesheet"
                    throw MergeFailure.mismatch("\(shard.directory)/\(path): \(problem)")
                }
            }
        }
        let summary = try FinanceSummary.combining(shards.map(\.record.finance))
        var payees: [(shard: Int, entry: Manifest.PayeeEntry)] = []
        for (index, shard) in shards.enumerated() { payees += shard.manifest.payees.map { (index, $0) } }
        payees.sort { $0.entry.id.utf8Precedes($1.entry.id) }
        guard payees.map(\.entry.id) == summary.payees.map(\.id),
            zip(payees, summary.payees).allSatisfy({ $0.entry.finance == $1 })
        else {
            throw MergeFailure.mismatch(
                "the shards' manifests and shard records list other payees or other finance rows")
        }

        let order = payees
        let writer = SiteWriter(output: output, lock: lock)
        let site = try writer.prepare()
        let publish = SitePublish(
            top: SiteTop(
                options: first.manifest.options, mode: mode, templates: templates, shard: nil,
                letterKey: try letterKey(of: first)),
            inputs: first.manifest.inputs,
            formats: MoneyFormats(), site: site, output: writer.output, threads: workers)
        let staging = try StagingWriter.opening(
            for: writer, abortAfterFiles: nil, lanes: StagingWriter.lanes(workers: workers))
        let outcome: SitePipeline.Outcome
        do {
            let outputs = try publish.stream(count: payees.count, workers: workers, writer: staging, progress: progress)
            { index in
                try payeeOutput(
                    order[index].entry, from: shards[order[index].shard], site: site, output: writer.output, mode: mode)
            }
            let finance = try publish.topLevel(summary).finance
            for totals in finance.controlTotals where totals.payeesTotal != totals.ledgerTotal {
                throw MergeFailure.mismatch(
                    "the shards' payees of \(totals.currency) total \(totals.payeesTotal), their ledgers \(totals.ledgerTotal)"
                )
            }
            outcome = try publish.finish(outputs, summary: summary, writer: staging)
        } catch {
            _ = try? staging.finish()
            writer.discardStaging()
            throw error
        }
        try writer.swapIn(differences: staging.differences)
        var byKind: [String: Int] = [:]
        for count in summary.periods { byKind[count.kind, default: 0] += count.statements }
        return Merged(
            shardCount: shards.count, payeeCount: summary.payees.count, statementCount: summary.statementCount,
            statementsByKind: byKind, entryCount: summary.entryCount, inputs: first.manifest.inputs, outcome: outcome)
    }
}

extension SiteMerger {
    /// The shards' letter-signing public key (`keys/<key-id>.pub`, as the first shard's manifest options name it).
    func letterKey(of shard: LoadedShard) throws -> (id: String, pem: String)? {
        guard let id = shard.manifest.options.letterKeyID else { return nil }
        let path = LetterFiles.keyPath(keyID: id)
        guard let bytes = shard.files[path], let pem = String(data: bytes, encoding: .utf8) else {
            throw MergeFailure.mismatch("\(shard.directory)/\(path): missing (the shard was built with --letters)")
        }
        return (id, pem)
    }
}

/// Why a merge published nothing (exit 66, 65 or 64 by case).
public enum MergeFailure: Error, CustomStringConvertible {
    /// A shard folder or its manifest is not there.
    case missing(String)
    /// The shards are incomplete, overlap, come from different runs, or a file differs from its manifest.
    case mismatch(String)
    /// The merge lacks what the shards need (their shard secret).
    case usage(String)

    public var description: String {
        switch self {
        case .missing(let message), .usage(let message): return message
        case .mismatch(let message):
            return message.contains(": error: ") ? message : "ledgerpress merge: error: " + message
        }
    }
}
