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
                    guard size >= 0, offset + size <= csv.endIndex else {
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
        let bodies = (0..<FinancePages.csvPaths.count).map { column in
            String(decoding: summary.payees.reduce(into: Data()) { $0.append(blocks[$1.id]![column]) }, as: UTF8.self)
        }
        let options = first.manifest.options
        let finance: FinancePages
        do {
            finance = try FinancePages(
                summary: summary, csvBodies: bodies, issuer: options.issuer,
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
                statements: shards.flatMap(\.manifest.statements))
        } catch {
            throw .mismatch("cannot write the merged manifest: \(error)")
        }
        var byKind: [String: Int] = [:]
        for count in summary.periods { byKind[count.kind, default: 0] += count.statements }
        return Merged(
            files: files, shardCount: shards.count, payeeCount: summary.payees.count, statementCount: summary.statementCount,
            statementsByKind: byKind, entryCount: summary.entryCount, inputs: first.manifest.inputs)
    }

    /// Reads a shard's manifest and `shard.json`, and every file it lists, checking each against its size and SHA-256.
    func load(_ url: URL) throws(MergeFailure) -> LoadedShard {
        let directory = url.relativePath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missing("\(directory): error: expected a shard's output folder, got nothing there")
        }
        let manifest: Manifest
        do {
            manifest = try Manifest.read(from: url)
        } catch {
            throw .missing("\(error)")
        }
        var files: [String: Data] = [:]
        for entry in manifest.files {
            guard let bytes = FileManager.default.contents(atPath: url.appendingPathComponent(entry.path).path) else {
                throw .mismatch("\(directory)/\(entry.path): listed in the shard's manifest, but missing")
            }
            guard bytes.count == entry.size, Manifest.sha256(bytes) == entry.sha256 else {
                throw .mismatch("\(directory)/\(entry.path): differs from the shard's manifest (size or SHA-256)")
            }
            files[entry.path] = bytes
        }
        guard let data = files[ShardRecord.path] else {
            throw .mismatch("\(directory): expected the output of `build --shard I/N` (with \(ShardRecord.path)), got a site without one")
        }
        do {
            return LoadedShard(directory: directory, manifest: manifest, record: try JSONDecoder().decode(ShardRecord.self, from: data), files: files)
        } catch {
            throw .mismatch("\(directory)/\(ShardRecord.path): expected a shard record, got \(error)")
        }
    }

    /// Every index of N exactly once.
    func checkComplete(_ shards: [LoadedShard]) throws(MergeFailure) {
        let count = shards[0].record.shard.count
        for shard in shards where shard.record.shard.count != count {
            throw .mismatch("\(shard.directory) is shard \(shard.record.shard) but \(shards[0].directory) is shard \(shards[0].record.shard): expected shards of one split")
        }
        var seen: [Int: String] = [:]
        for shard in shards {
            if let other = seen[shard.record.shard.index] {
                throw .mismatch("\(other) and \(shard.directory) are both shard \(shard.record.shard)")
            }
            seen[shard.record.shard.index] = shard.directory
        }
        let missing = (0..<count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw .mismatch("expected all \(count) shards, got \(shards.count): missing \(missing.map { "\($0)/\(count)" }.joined(separator: ", "))")
        }
    }

    /// The same inputs, options and ledger as the first shard.
    func checkSameRun(_ shard: LoadedShard, as first: LoadedShard) throws(MergeFailure) {
        func differ(_ what: String) -> MergeFailure {
            .mismatch("\(shard.directory) was built from other \(what) than \(first.directory): expected shards of one run")
        }
        if shard.manifest.inputs != first.manifest.inputs { throw differ("inputs") }
        if shard.manifest.options != first.manifest.options { throw differ("options") }
        if shard.record.ledger != first.record.ledger { throw differ("ledger entries") }
    }

    /// Each payee in the shard its id hashes to, all of the ledger's payees present, and the ledger's totals matched.
    func checkPayees(_ shards: [LoadedShard]) throws(MergeFailure) {
        var ids: [String] = []
        var totals: [String: Int64] = [:]
        for shard in shards {
            for payee in shard.record.finance.payees {
                guard shard.record.shard.contains(payeeID: payee.id) else {
                    throw .mismatch("\(shard.directory): payee \(payee.id) belongs to another shard than \(shard.record.shard)")
                }
                guard payee.csvBytes.count == FinancePages.csvPaths.count else {
                    throw .mismatch("\(shard.directory)/\(ShardRecord.path): payee \(payee.id) has no CSV sizes")
                }
                ids.append(payee.id)
            }
            for item in shard.record.finance.ledger {
                do {
                    totals[item.currency] = try MinorUnits.add(
                        totals[item.currency] ?? 0, try item.figures().closingBalance, total: "ledger totals of the shards")
                } catch {
                    throw .mismatch("\(shard.directory)/\(ShardRecord.path): \(item.currency): \(error)")
                }
            }
            let folders = Set(shard.record.finance.payees.map { "payees/\($0.slug)/" })
            for path in shard.files.keys where path.hasPrefix("payees/") {
                let folder = path.split(separator: "/").prefix(2).joined(separator: "/") + "/"
                guard folders.contains(folder) else { throw .mismatch("\(shard.directory)/\(path): not a folder of the shard's payees") }
            }
        }
        ids.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let facts = shards[0].record.ledger
        guard ids.count == facts.payees, ShardRecord.LedgerFacts.payeesDigest(ids) == facts.payeesSHA256 else {
            throw .mismatch("the shards hold \(ids.count) payees, the ledger \(facts.payees) (or other ones): expected every payee exactly once")
        }
        for item in facts.totals where totals[item.currency] ?? 0 != item.amount {
            throw .mismatch("the shards' ledgers of \(item.currency) do not add up to the whole ledger's total")
        }
        if totals.keys.count != facts.totals.count { throw .mismatch("the shards' ledgers hold other currencies than the whole ledger") }
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
