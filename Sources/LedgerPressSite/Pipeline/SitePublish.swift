import Foundation
import LedgerPressCore
import LedgerPressPublish
import LedgerPressRender

#if canImport(Glibc)
    import Glibc
#endif

/// What the files outside `payees/` are made from: the options as the manifest records them, the mode, the
/// templates, and for a shard its record.
struct SiteTop: Sendable {
    var options: Manifest.Options
    var mode: SitePipeline.Mode
    var templates: TemplateSet
    var shard: (Shard, ShardRecord.LedgerFacts)?
    /// `--letters`: the signing key's id and public key (PEM), published at `keys/<key-id>.pub`.
    var letterKey: (id: String, pem: String)? = nil
    /// The documents each statement is published as (recorded in a shard's record for `merge`).
    var documents: StatementDocuments = .standard
}

/// The publishing half of a build or a merge: payees' outputs streamed into staging, then the top-level files
/// and the manifest, with the count of what changed against the published site.
struct SitePublish: Sendable {
    var top: SiteTop
    var inputs: [InputSummary]
    var formats: MoneyFormats
    var site: PreviousSite
    var output: URL
    /// `--adopt`: files in ledgerpress's own folders that no manifest lists are removed instead of refused.
    var adopt = false
    /// How many threads render the finance index's rows at once.
    var threads = 1

    /// The finance pages (control totals, index) and the files outside `payees/` but the finance CSVs and the manifest.
    func topLevel(_ summary: FinanceSummary) throws -> (finance: FinancePages, files: [OutputFile]) {
        let options = top.options
        let finance = try FinancePages(
            summary: summary, issuer: options.issuer,
            footer: PayeePages.footer(sourceDateEpoch: options.sourceDateEpoch),
            templates: top.templates, formats: formats, index: top.mode == .site, slices: threads)
        var files = finance.files
        if top.mode == .site {
            // The payees' own copy (`payees/style.css`) lets `payees/` be published alone; the finance index uses `assets/`.
            for path in SitePath.stylesheets { files.append(OutputFile(path: path, text: top.templates.stylesheet)) }
        }
        if let key = top.letterKey, top.mode == .site {
            files.append(OutputFile(path: LetterFiles.keyPath(keyID: key.id), text: key.pem))
        }
        if let (shard, facts) = top.shard {
            files.append(
                try ShardRecord(
                    shard: shard, ledger: facts, finance: summary,
                    documents: ShardRecord.Document.list(top.documents)
                ).file())
        }
        for file in files { try SitePath.check(file.path, payeeSlugs: []) }
        return (finance, files)
    }

    func manifest(
        files: [Manifest.FileEntry], payees: [Manifest.PayeeEntry], finance: FinancePages, carried: [String]? = nil
    ) -> OutputFile {
        var manifest = Manifest(
            files: files, payees: payees, inputs: inputs, totals: finance.controlTotals, options: top.options)
        manifest.carried = carried
        return manifest.file(slices: threads)
    }

    /// Writes the top-level files and the manifest into staging (after the payees), and counts what changed.
    func finish(_ outputs: [PayeeOutput], summary: FinanceSummary, writer: StagingWriter) throws -> SitePipeline.Outcome
    {
        var outcome = SitePipeline.Outcome()
        var report = SiteWriter.Report()
        for item in outputs {
            report.added += item.report.added
            report.changed += item.report.changed
            report.unchanged += item.report.unchanged
            report.removed += item.report.removed
            outcome.fileCount += item.entry.files
            outcome.revisions += item.entry.revised
            if item.rendered { outcome.payeesRendered += 1 } else { outcome.payeesReused += 1 }
        }
        let entries = outputs.map(\.entry)
        let newIDs = Set(entries.map(\.id))
        for (id, entry) in site.payees where !newIDs.contains(id) { report.removed += entry.files }
        if site.format == 1 {
            let newSlugs = Set(entries.map(\.slug))
            let gone = Set(site.legacyPayeeFolders).subtracting(newSlugs)
            for slug in gone { report.removed += site.legacyFiles(in: slug).count }
        }
        let (finance, files) = try topLevel(summary)
        let oldTop = site.format == 1 ? site.legacyFiles(in: nil) : site.topFiles.mapValues(\.sha256)
        report.removed += try unlistedInOwnFolders(entries)
        var staged = StagedFiles(published: output)
        var listed = files.map { staged.stage($0, old: oldTop[$0.path]) }
        // Letters' verify pages: rendered with their payee, or carried over unchanged with a reused payee.
        let verifyFiles = outputs.flatMap(\.verifyFiles)
        try LetterFiles.checkShortPaths(entries)
        for file in verifyFiles {
            try SitePath.check(file.path, payeeSlugs: [])
            listed.append(staged.stage(file, old: oldTop[file.path]))
        }
        for file in outputs.flatMap(\.keptVerifyFiles) {
            staged.keep(file.path)
            listed.append(file)
        }
        // The top level keeps its files, the payees' folders and what ledgerpress did not write (carried over).
        let foreign = ForeignFiles.topLevel(of: output.path)
        staged.prune(
            "",
            keeping: listed.map(\.path) + FinancePages.csvPaths + ["manifest.json"]
                + entries.map { "payees/" + $0.slug }
                + foreign
        )
        writer.submit(staged.operations + foreign.map { .carry($0) })
        report.added += staged.report.added
        report.changed += staged.report.changed
        report.unchanged += staged.report.unchanged
        let appended: [StagingWriter.Appended]
        do {
            appended = try writer.finish()
        } catch {
            throw SiteWriter.Failure.system(error)
        }
        let manifestFile = manifest(
            files: listed
                + FinancePages.csvPaths.indices.map {
                    Manifest.FileEntry(
                        path: FinancePages.csvPaths[$0], size: appended[$0].size, sha256: appended[$0].sha256)
                }, payees: entries, finance: finance, carried: foreign)
        do {
            for (index, path) in FinancePages.csvPaths.enumerated() {
                let entry = Manifest.FileEntry(path: path, size: appended[index].size, sha256: appended[index].sha256)
                listed.append(entry)
                guard let old = oldTop[path] else {
                    report.added += 1
                    continue
                }
                // Appended afresh; when the bytes are the published ones, the published file is kept instead.
                if old == entry.sha256, try keepPublished(path, size: entry.size, writer: writer) {
                    report.unchanged += 1
                } else {
                    report.changed += 1
                }
            }
            let oldManifest = site.format == 0 ? nil : try SystemFile.read(output.path + "/manifest.json")
            // Always written afresh, never linked: linking would change the published manifest's status time, by
            // which the next run tells which published files it may reuse (``SiteWriter/settle()``).
            try writer.place("manifest.json", bytes: manifestFile.bytes)
            if oldManifest == manifestFile.bytes {
                report.unchanged += 1
            } else if oldManifest == nil {
                report.added += 1
            } else {
                report.changed += 1
            }
        } catch {
            throw SiteWriter.Failure.system(error)
        }
        outcome.carried = writer.carried
        outcome.carriedNames = foreign
        let listedPaths = Set(listed.map(\.path))
        report.removed += oldTop.keys.filter { $0 != "manifest.json" && !listedPaths.contains($0) }.count
        outcome.files = report
        outcome.fileCount += listed.count + 1
        outcome.payeeCount = entries.count
        outcome.statementCount = summary.statementCount
        for count in summary.periods { outcome.statementsByKind[count.kind, default: 0] += count.statements }
        return outcome
    }

    /// Checks ledgerpress's own top-level folders (`payees/`, `finance/`, `assets/`, `verify/`, `v/`, `keys/`) and the folders of payees
    /// the new site drops for files no manifest lists: refused, unless `adopt` (then they count as removed).
    func unlistedInOwnFolders(_ entries: [Manifest.PayeeEntry]) throws -> Int {
        guard site.format == Manifest.formatVersion else { return 0 }
        let slugs = Set(entries.map(\.slug))
        var unlisted = ForeignFiles.unlisted(
            in: output.path, folder: "payees",
            expected: slugs.union(site.payees.values.map(\.slug)).union(["style.css"]))
        unlisted += ForeignFiles.unlisted(
            in: output.path, folder: "finance", expected: Set(FinancePages.csvPaths.map { String($0.dropFirst(8)) }))
        unlisted += ForeignFiles.unlisted(in: output.path, folder: "assets", expected: ["style.css"])
        // Letters' verify pages and public keys: only what the published manifest lists (a `verify/` or `keys/`
        // folder of someone else's is refused, never pruned).
        for folder in SitePath.letterFolders.sorted() {
            let prefix = folder + "/"
            let listed = site.topFiles.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            unlisted += ForeignFiles.unlisted(in: output.path, folder: folder, expected: Set(listed))
        }
        for id in site.payeeOrder {
            guard let entry = site.payees[id], !slugs.contains(entry.slug),
                let manifest = try? site.payeeManifest(slug: entry.slug)
            else { continue }
            unlisted += ForeignFiles.unlisted(
                in: output.path, folder: "payees/" + entry.slug, expected: ForeignFiles.listedNames(manifest))
        }
        if !unlisted.isEmpty, !adopt { throw ForeignFiles.refusal(unlisted, output: output.path) }
        return unlisted.count
    }

    /// Puts the published file at `path` in staging in place of the staged one (which has the same digest),
    /// so an unchanged file keeps its inode and mtime; false when the published file is not a plain file of that size
    /// untouched since the last publish (``StagingWriter/keepPublished(_:from:size:settled:)``).
    func keepPublished(_ path: String, size: Int?, writer: StagingWriter) throws(SystemError) -> Bool {
        try writer.keepPublished(path, from: output.path, size: size, settled: site.published)
    }

    /// When every payee is reused in the published order and the top-level files come out as published,
    /// the outcome of a publish that has nothing to write; nil otherwise.
    func unchangedSite(_ entries: [Manifest.PayeeEntry], summary: FinanceSummary) throws -> SitePipeline.Outcome? {
        guard site.format == Manifest.formatVersion, entries.map(\.id) == site.payeeOrder else { return nil }
        let (finance, files) = try topLevel(summary)
        var listed: [Manifest.FileEntry] = []
        for file in files {
            let entry = Manifest.FileEntry(file)
            guard site.topFiles[file.path] == entry, SystemFile.holds(output.path + "/" + file.path, bytes: file.bytes)
            else { return nil }
            listed.append(entry)
        }
        for entry in entries {
            for hash in entry.letters ?? [] {
                for path in [LetterFiles.verifyPath(sha256: hash), LetterFiles.shortPath(sha256: hash)] {
                    guard let file = site.topFiles[path] else { return nil }
                    listed.append(file)
                }
            }
        }
        for path in FinancePages.csvPaths {
            // (Every payee here was reused, which needs their rows in untouched finance CSVs.)
            guard let entry = site.topFiles[path] else { return nil }
            listed.append(entry)
        }
        guard Set(listed.map(\.path)) == Set(site.topFiles.keys) else { return nil }
        let manifestFile = manifest(
            files: listed, payees: entries, finance: finance, carried: ForeignFiles.topLevel(of: output.path))
        guard SystemFile.holds(output.path + "/manifest.json", bytes: manifestFile.bytes) else { return nil }
        var outcome = SitePipeline.Outcome()
        outcome.payeeCount = entries.count
        outcome.payeesReused = entries.count
        outcome.statementCount = summary.statementCount
        for count in summary.periods { outcome.statementsByKind[count.kind, default: 0] += count.statements }
        outcome.fileCount = entries.reduce(listed.count + 1) { $0 + $1.files }
        outcome.files.unchanged = outcome.fileCount
        outcome.unchangedSite = true
        return outcome
    }
}
