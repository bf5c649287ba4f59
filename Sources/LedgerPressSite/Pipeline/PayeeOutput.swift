import Foundation
import LedgerPressCore
import LedgerPressPDF
import LedgerPressPublish
import LedgerPressRender

/// One payee's part of a new site, as the writer and the finance stage take it: the writer's operations
/// (new files, files linked unchanged), the payee's rows of the finance CSVs, and their manifest entry.
struct PayeeOutput: Sendable {
    var operations: [StagingWriter.Operation]
    /// Rows of `finance/summary.csv`, `lines.csv`, `revisions.csv`.
    var financeRows: [CSVRows]
    var entry: Manifest.PayeeEntry
    var report = SiteWriter.Report()
    var rendered: Bool
    /// `--letters`: the payee's verify pages rendered by this run (`verify/<sha256>.html`), and those carried over
    /// from the published site unchanged (a reused payee's).
    var verifyFiles: [OutputFile] = []
    var keptVerifyFiles: [Manifest.FileEntry] = []
}

extension SitePipeline {
    /// A reused payee: their published folder linked as it is, their finance rows copied as `entry` (their
    /// ``Manifest/PayeeEntry/carriedOver`` entry) counts them.
    /// `mirroredStaging`: the staging folder, when it started from the spare. The payee's folder there is then
    /// checked against the published one here, by the render worker, in one `readdir` pass
    /// (``SystemFile/holdsExactly(_:names:inodes:)``; nothing else touches that folder while its payee is
    /// rendered); only a folder that differs goes to the writer to be put right (``StagingWriter/verifyMirror(_:keeping:)``).
    func reusedOutput(_ plan: PayeePlan, entry: Manifest.PayeeEntry, site: PreviousSite, mirroredStaging: String?)
        throws -> PayeeOutput
    {
        let folder = "payees/" + plan.slug
        // The folder as one operation: a payee's ~165 files as that many paths in the writer's queue were about
        // 150 bytes each, against the 64 its capacity counted them (a late night's peak memory). On a night from the
        // spare that reuses every payee, these checks were most of the one writer thread's work at 2 CPUs, while
        // the workers had little to do.
        var check: [StagingWriter.Operation] = []
        if let staging = mirroredStaging,
            !SystemFile.holdsExactly(staging + "/" + folder, names: plan.reusedFiles, inodes: plan.reusedInodeList)
        {
            check = [.verify(folder, names: plan.reusedFiles, inodes: plan.reusedInodeList)]
        }
        let rows = try site.financeRowRanges(of: entry).map { CSVRows.published(offset: $0.offset, count: $0.count) }
        var output = PayeeOutput(
            operations: check + (plan.reusedFiles.isEmpty ? [] : [.links(folder, names: plan.reusedFiles)]),
            financeRows: rows, entry: entry, rendered: false)
        output.report.unchanged = plan.reusedFiles.count
        output.keptVerifyFiles = (entry.letters ?? []).flatMap { hash in
            [LetterFiles.verifyPath(sha256: hash), LetterFiles.shortPath(sha256: hash)].compactMap { site.topFiles[$0] }
        }
        return output
    }

    /// A payee rendered by this run: statements computed, changed ones rendered, unchanged bytes linked.
    func renderedOutput(_ plan: PayeePlan, site: PreviousSite, history: PreviousSite, output: URL) throws -> PayeeOutput
    {
        let payee = plan.payee
        // The payee's folder as published: under another name when the link secret was rotated (its files then
        // count as removed, and its statement history carries over).
        let oldEntry = site.payees[payee.id]
        let oldManifest = try oldEntry.flatMap { entry throws(PreviousManifest.Unreadable) in
            try site.payeeManifest(slug: entry.slug)
        }
        let statements: StatementHistory
        if history === site, site.format == Manifest.formatVersion {
            statements = StatementHistory(records: oldManifest?.statements ?? [])
        } else {
            statements = try history.history(of: payee.id)
        }
        // The published folder, listed once (by name, with one `fstatat` each): its files for the statements kept,
        // and anything its manifest does not list, which is not ledgerpress's to remove unless adopted.
        let folder = "payees/\(plan.slug)/"
        let listing = SystemFile.folderEntries(output.path + "/" + folder)
        let published = configuration.mode == .site ? listing.files : [:]
        var unlisted: [String] = []
        if site.format == Manifest.formatVersion {
            let entries = listing.files.keys.map { (name: $0, isFolder: false) } + listing.others
            unlisted = ForeignFiles.unlisted(
                entries, in: "payees/" + plan.slug,
                expected: ForeignFiles.listedNames(oldEntry?.slug == plan.slug ? oldManifest : nil))
            if !unlisted.isEmpty, !configuration.adopt { throw ForeignFiles.refusal(unlisted, output: output.path) }
        }
        let entries = plan.entries.load()
        let book = try StatementBooks.book(
            for: payee, entries: entries, builder: StatementBuilder(selection: configuration.options.selection))
        let context = PayeePages.Context(
            templates: configuration.templates, options: configuration.options, formats: formats,
            renderFiles: configuration.mode == .site,
            isIntact: { file in
                // A file right in the payee's folder (`folder` + a name without `/`), as listed there.
                let path = file.path.utf8
                guard path.starts(with: folder.utf8) else { return false }
                let name = path.dropFirst(folder.utf8.count)
                guard !name.isEmpty, !name.contains(UInt8(ascii: "/")),
                    let found = published[String(decoding: name, as: UTF8.self)]
                else { return false }
                return found.size == file.size && found.touched <= site.published
            }, htmlTally: configuration.htmlTally, documents: configuration.documents,
            hasLetter: configuration.mode == .site && configuration.options.letters != nil
                && configuration.letterIssuedAt != nil)
        let pages = try PayeePages(
            book: book, context: context, history: statements, staticKey: plan.key.static, previous: oldManifest)

        var oldFiles: [String: String] = [:]
        if let oldManifest {
            for file in oldManifest.files { oldFiles[file.path] = file.sha256 }
        } else {
            oldFiles = site.legacyFiles(in: plan.slug)
        }
        var staged = StagedFiles(published: output)
        var listed: [Manifest.FileEntry] = []
        func stage(_ file: OutputFile) throws -> Manifest.FileEntry {
            try SitePath.check(file.path, payeeSlugs: [plan.slug])
            return staged.stage(file, old: oldFiles[file.path])
        }
        var letters: LetterFiles.History?
        var verifyFiles: [OutputFile] = []
        var rendered = pages.rendered
        if configuration.mode == .site, let settings = configuration.options.letters,
            let issuedAt = configuration.letterIssuedAt
        {
            let wording = configuration.templates.wording(for: payee.locale)
            let letterPages = IncomeLetterPage(
                templates: configuration.templates, wording: wording, formats: formats,
                footer: PayeePages.footer(configuration.options, wording: wording),
                issuer: configuration.options.issuer)
            let pdf = LetterPDF(documents: configuration.documents)
            let downloads =
                pdf == nil ? [] : [StatementPageView.Download(href: LetterFiles.pdf, label: wording["download_pdf"])]
            let letter = try LetterFiles(
                payee: payee, entries: entries, issuedAt: issuedAt, settings: settings, pages: letterPages,
                folder: folder, downloads: downloads)
            for file in letter.files(folder: folder) { listed.append(try stage(file)) }
            if let pdf {
                // Printed again only when the letter's page or what the payee's pages are made with changed.
                let key = LetterPDF.key(page: letter.printPage, payeeKey: plan.key.static)
                rendered.append(PayeeManifest.Rendered(period: LetterPDF.renderedName, key: key))
                if oldManifest?.rendered.contains(where: { $0.period == LetterPDF.renderedName && $0.key == key })
                    == true,
                    let old = oldManifest?.files.first(where: { $0.path == folder + LetterFiles.pdf }),
                    context.isIntact(old)
                {
                    staged.keep(old.path)
                    listed.append(old)
                } else {
                    let bytes = try pdf.render(
                        page: letter.printPage, json: letter.envelope, issuedAt: issuedAt,
                        stylesheet: configuration.templates.stylesheet,
                        native: {
                            LetterPrint.document(
                                letter.letter, figures: letterPages.figuresContext(letter.letter),
                                verification: letter.printVerification, wording: wording, json: letter.envelope)
                        })
                    listed.append(try stage(OutputFile(path: folder + LetterFiles.pdf, bytes: bytes)))
                }
            }
            // Earlier letters from where earlier versions are read (`--previous`: a shard's is the merged site).
            let earlier = history.payees[payee.id].flatMap { $0.letters == nil ? nil : $0 } ?? site.payees[payee.id]
            let letterHistory = LetterFiles.history(earlier, adding: letter.sha256, issued: letter.issued)
            verifyFiles = letter.verifyPages(history: letterHistory)
            letters = letterHistory
        }
        for file in pages.files { listed.append(try stage(file)) }
        for file in pages.kept {
            staged.keep(file.path)
            listed.append(file)
        }
        listed = listed.sorted(byUTF8: \.path)
        // Statements this run did not build (a narrower --periods or --as-of) keep their history: when they are
        // built again, they carry on from the version published last.
        let built = Set(pages.records.map(\.period))
        let records =
            (pages.records + statements.records.values.filter { !built.contains($0.period) && !statements.legacy })
            .sorted(byUTF8: \.period)
        let manifest = PayeeManifest(
            payeeID: payee.id, key: plan.fullKey, files: listed, statements: records,
            rendered: rendered.sorted(byUTF8: \.period))
        let manifestPath = PayeeManifest.path(slug: plan.slug)
        if oldManifest != nil, let oldEntry { oldFiles[oldEntry.manifest.path] = oldEntry.manifest.sha256 }
        let manifestEntry = try stage(OutputFile(path: manifestPath, bytes: manifest.json()))
        let newPaths = Set(listed.map(\.path) + [manifestPath])
        staged.prune(
            "payees/" + plan.slug, keeping: Array(newPaths),
            listed: listing.complete ? listing.files.mapValues(\.inode) : nil)
        staged.report.removed = oldFiles.keys.filter { !newPaths.contains($0) }.count + unlisted.count

        let rows = [pages.summaryCSV, pages.linesCSV, pages.revisionsCSV].map { CSVRows.bytes(Data($0.utf8)) }
        let entry = Manifest.PayeeEntry(
            id: payee.id, slug: plan.slug, key: plan.fullKey, manifest: manifestEntry, files: listed.count + 1,
            bytes: listed.reduce(manifestEntry.size) { $0 + $1.size },
            statementsSHA256: PayeeManifest.statementsDigest(records),
            revised: pages.revisions.count,
            finance: try FinanceSummary.PayeeRow(book: book, slug: plan.slug, csvBytes: rows.map(\.count)),
            periods: book.statements.map(\.period.label), letters: letters?.hashes, lettersIssued: letters?.issued)
        return PayeeOutput(
            operations: staged.operations, financeRows: rows, entry: entry, report: staged.report, rendered: true,
            verifyFiles: verifyFiles)
    }
}

/// A payee's rows of one finance CSV: made by this run, or where the published file holds them (a reused payee's,
/// read by the writer as it appends them).
enum CSVRows: Sendable {
    case bytes(Data)
    case published(offset: Int, count: Int)

    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .published(_, let count): count
        }
    }

    /// The writer's operation appending them to finance CSV `index`; nil when there are none.
    func append(to index: Int) -> StagingWriter.Operation? {
        switch self {
        case .bytes(let bytes): bytes.isEmpty ? nil : .append(index, bytes)
        case .published(let offset, let count): count == 0 ? nil : .appendPublished(index, offset: offset, count: count)
        }
    }
}
