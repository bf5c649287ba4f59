import Foundation
import LedgerPressCore
import LedgerPressRender

/// `ledgerpress merge`: combines the outputs of `build --shard I/N` for I = 0..<N into the site a single
/// run would have built. Reads only; the caller publishes the files it returns.
///
/// Before combining it checks that the shards are complete (every index of N once), were built from the
/// same inputs, options, templates and ledger, cover every payee of that ledger exactly once, and that
/// every file is as their manifests say. Payees' folders and the stylesheet are taken as they are; the
/// finance files, the index and the manifest are rendered again from the shards' finance summaries.
public struct SiteMerger {
    public var templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    public struct Merged: Sendable {
        /// Every file, sorted by path, manifest included.
        public var files: [OutputFile]
        public var shardCount: Int
        public var payeeCount: Int
        public var statementCount: Int
        public var statementsByKind: [String: Int]
        public var entryCount: Int
        public var inputs: [InputSummary]
    }

    struct LoadedShard {
        var directory: String
        var manifest: Manifest
        var record: ShardRecord
        var files: [String: Data]
    }

    public func merge(_ directories: [URL]) throws(MergeFailure) -> Merged {
        guard !directories.isEmpty else { throw .mismatch("expected at least one shard folder, got none") }
        let shards = try directories.map { url throws(MergeFailure) in try load(url) }.sorted { $0.record.shard.index < $1.record.shard.index }
        let first = shards[0]
        try checkComplete(shards)
        for shard in shards.dropFirst() { try checkSameRun(shard, as: first) }
        let expectedTemplates = Manifest.Options.templatesDigest(templates)
        guard first.manifest.options.templates == expectedTemplates else {
            throw .mismatch("the shards were rendered with other templates (SHA-256 \(first.manifest.options.templates)) than this merge has (\(expectedTemplates)); pass the same --templates as the build")
        }
        try checkMagnitudes(shards)
        try checkPayees(shards)

        var files: [OutputFile] = []
        var blocks: [String: [Data]] = [:]
        for shard in shards {
            for (path, bytes) in shard.files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("payees/") {
                files.append(OutputFile(path: path, bytes: bytes))
            }
            for (column, path) in FinancePages.csvPaths.enumerated() {
                let header = Data((FinancePages.csvHeaders[column] + "\n").utf8)
                guard let csv = shard.files[path], csv.starts(with: header) else {
                    throw .mismatch("\(shard.directory)/\(path): expected the \(path) header, got another first line")
                }
                var offset = csv.startIndex + header.count
                for payee in shard.record.finance.payees {
                    let size = payee.csvBytes[column]
                    guard size >= 0, size <= csv.endIndex - offset else {
                        throw .mismatch("\(shard.directory)/\(path): expected \(size) bytes of rows for payee \(payee.id), got fewer")
                    }
                    blocks[payee.id, default: Array(repeating: Data(), count: FinancePages.csvPaths.count)][column] = csv[offset..<offset + size]
                    offset += size
                }
                guard offset == csv.endIndex else {
                    throw .mismatch("\(shard.directory)/\(path): expected rows of the shard's payees only, got \(csv.endIndex - offset) more bytes")
                }
            }
        }
        guard let stylesheet = first.files["assets/style.css"] else { throw .mismatch("\(first.directory)/assets/style.css: missing") }
        for shard in shards where shard.files["assets/style.css"] != stylesheet {
            throw .mismatch("\(shard.directory)/assets/style.css: differs from \(first.directory)/assets/style.css")
        }
        files.append(OutputFile(path: "assets/style.css", bytes: stylesheet))

        let summary = try FinanceSummary.combining(shards.map(\.record.finance))
        var bodies = Array(repeating: Data(), count: FinancePages.csvPaths.count)
        for payee in summary.payees {
            guard let block = blocks[payee.id] else { throw .mismatch("payee \(SitePath.quoted(payee.id)) has no rows in the shards' finance files") }
            for column in bodies.indices { bodies[column].append(block[column]) }
        }
        let options = first.manifest.options
        let finance: FinancePages
        do {
            finance = try FinancePages(
                summary: summary, csvBodies: bodies.map { String(decoding: $0, as: UTF8.self) }, issuer: options.issuer,
                footer: PayeePages.footer(sourceDateEpoch: options.sourceDateEpoch), templates: templates, formats: MoneyFormats())
        } catch {
            throw .mismatch("the shards' finance summaries: \(error)")
        }
        for totals in finance.controlTotals where totals.payeesTotal != totals.ledgerTotal {
            throw .mismatch("the shards' payees of \(totals.currency) total \(totals.payeesTotal), their ledgers \(totals.ledgerTotal)")
        }
        files += finance.files
        do {
            files = try Manifest.publishing(
                files, inputs: first.manifest.inputs, totals: finance.controlTotals, options: options,
                statements: shards.flatMap(\.manifest.statements), payeeSlugs: Set(summary.payees.map(\.slug)))
        } catch {
            throw .mismatch("cannot write the merged manifest: \(error)")
        }
        var byKind: [String: Int] = [:]
        for count in summary.periods { byKind[count.kind, default: 0] += count.statements }
        return Merged(
            files: files, shardCount: shards.count, payeeCount: summary.payees.count, statementCount: summary.statementCount,
            statementsByKind: byKind, entryCount: summary.entryCount, inputs: first.manifest.inputs)
    }
}

public enum MergeFailure: Error, CustomStringConvertible {
    /// A shard folder or its manifest is not there.
    case missing(String)
    /// The shards are incomplete, overlap, come from different runs, or a file differs from its manifest.
    case mismatch(String)

    public var description: String {
        switch self {
        case .missing(let message): return message
        case .mismatch(let message): return message.contains(": error: ") ? message : "ledgerpress merge: error: " + message
        }
    }
}
