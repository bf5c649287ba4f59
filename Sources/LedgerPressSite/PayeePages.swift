import Foundation
import LedgerPressCore
import LedgerPressRender

/// A payee's part of the site: statements (.md, .html, .csv) and their home page, plus the rows
/// and totals the finance files need. Only this payee's data reaches these pages.
struct PayeePages {
    /// Files rendered by this run.
    var files: [OutputFile] = []
    /// Statement files kept from the previous publish (their render key is unchanged), as its payee manifest lists them.
    var kept: [Manifest.FileEntry] = []
    /// This payee's rows of `finance/summary.csv`, `lines.csv` and `revisions.csv`, sorted; the finance
    /// files are these blocks in payee order.
    var summaryCSV = ""
    var linesCSV = ""
    var revisionsCSV = ""
    var records: [StatementRecord] = []
    var rendered: [PayeeManifest.Rendered] = []
    /// Statements revised by this run (a new version of one published before).
    var revisions: [StatementRecord] = []
    var book: PayeeBook
    var slug: String

    /// What the pages are made from besides the book.
    struct Context {
        var templates: TemplateSet
        var options: SiteOptions
        var formats: MoneyFormats
        /// Render statements and the home page; false for a finance-only build.
        var renderFiles: Bool
        /// Whether a published file is still as its manifest recorded it (kept unrendered only then).
        var isIntact: (Manifest.FileEntry) -> Bool = { _ in false }
        /// Where the CPU time of the HTML rendering is added up, when it is measured.
        var htmlTally: CPUTally? = nil
    }

    /// `history` holds the payee's statements as published before; `previous` is the payee manifest of the
    /// site being replaced, whose statements with an unchanged render key (under `staticKey`) are kept unrendered.
    init(book: PayeeBook, context: Context, history: StatementHistory, staticKey: String, previous: PayeeManifest?)
        throws
    {
        self.book = book
        let payee = book.payee
        let options = context.options
        slug = options.links.slug(for: payee.id)
        let folder = "payees/\(slug)/"
        let wording = context.templates.wording(for: payee.locale)
        let footer = PayeePages.footer(options, wording: wording)
        var financeRows = FinanceRows()
        var previousKeys: [String: String] = [:]
        var previousFiles: [String: Manifest.FileEntry] = [:]
        if let previous {
            for item in previous.rendered { previousKeys[item.period] = item.key }
            for file in previous.files { previousFiles[file.path] = file }
        }
        for statement in book.statements {
            let (record, revised) = history.record(for: statement)
            records.append(record)
            if revised { revisions.append(record) }
            financeRows.add(statement)
            guard context.renderFiles else { continue }
            let label = statement.period.label
            let key = StatementDigest.render(statement, record: record, payee: staticKey)
            rendered.append(PayeeManifest.Rendered(period: label, key: key))
            let paths = [folder + label + ".md", folder + label + ".html", folder + label + ".csv"]
            if previousKeys[label] == key {
                let old = paths.compactMap { previousFiles[$0] }
                if old.count == paths.count, old.allSatisfy(context.isIntact) {
                    kept += old
                    continue
                }
            }
            var view = StatementView(
                statement: statement, issuer: options.issuer, formats: context.formats, wording: wording)
            if record.version > 1 {
                view.context["revision"] = .object(
                    RevisionView(
                        revision: record.revision, wording: wording, formats: context.formats, locale: payee.locale
                    ).context)
            }
            let markdown = context.templates.renderStatementMarkdown(
                view.context, driver: payee.type == .driver, wording: wording)
            let started = context.htmlTally?.start()
            let fragment = try CommonMark.html(fromMarkdown: markdown, tables: view.tables, charts: view.charts)
            if let started { context.htmlTally?.add(since: started) }
            let downloads = [
                StatementPageView.Download(href: "\(label).csv", label: wording["download_csv"]),
                StatementPageView.Download(href: "\(label).md", label: wording["download_markdown"]),
            ]
            let page = context.templates.renderLayout(
                StatementPageView(
                    statement: view, payee: payee, html: fragment, downloads: downloads, footer: footer,
                    wording: wording
                ).context, wording: wording)
            files.append(OutputFile(path: paths[0], text: markdown))
            files.append(OutputFile(path: paths[1], text: page))
            files.append(OutputFile(path: paths[2], text: StatementCSV.statementCSV(statement)))
        }
        (summaryCSV, linesCSV) = financeRows.csv()
        revisionsCSV = revisions.map(PayeePages.revisionRows).joined()
        if context.renderFiles {
            files.append(
                OutputFile(
                    path: folder + "index.html",
                    text: homePage(
                        templates: context.templates, options: options, formats: context.formats, wording: wording,
                        footer: footer)))
        }
    }

    func homePage(templates: TemplateSet, options: SiteOptions, formats: MoneyFormats, wording: Wording, footer: String)
        -> String
    {
        let latestLocal = PayoutSplit.localDate(book.latestEntry, offset: book.latestEntryOffset)
        let split = PayoutSplit(statements: book.statements, month: (latestLocal.year, latestLocal.month))
        let payouts = split.byCurrency.map { currency, sums in
            PayeeHomeView.Payouts(
                currency: currency, pending: sums.pending, processing: sums.processing,
                paidThisMonth: sums.paidThisMonth, failed: sums.failed)
        }
        let view = PayeeHomeView(
            book: book, payouts: payouts, month: (latestLocal.year, latestLocal.month), issuer: options.issuer,
            formats: formats, wording: wording, footer: footer)
        return templates.renderPayeeIndex(view.context, wording: wording)
    }

    /// `finance/revisions.csv` rows of one revised statement, one per currency.
    static func revisionRows(_ record: StatementRecord) -> String {
        record.changes.map { change in
            let stored = StatementRecord.StoredChange(change)
            return CSVCell.row([
                CSVCell.text(record.payeeID), record.period, stored.currency, String(record.version),
                record.firstIssuedAsOf,
                stored.previous?.netActivity ?? "", stored.current.netActivity, stored.previous?.closingBalance ?? "",
                stored.current.closingBalance,
            ])
        }.joined()
    }

    /// A payee page's footer in their language: no build time unless SOURCE_DATE_EPOCH is set.
    static func footer(_ options: SiteOptions, wording: Wording) -> String {
        guard let epoch = options.sourceDateEpoch else { return wording["footer"] }
        return wording.fill("footer_dated", ["date": buildTime(epoch)])
    }

    /// The finance pages' footer (English): no build time unless SOURCE_DATE_EPOCH is set.
    static func footer(sourceDateEpoch: Int64?) -> String {
        guard let epoch = sourceDateEpoch else { return "Generated by ledgerpress." }
        return "Generated by ledgerpress on " + buildTime(epoch) + "."
    }

    static func buildTime(_ epoch: Int64) -> String {
        Timestamp.format(epochSeconds: epoch, offsetSeconds: 0).replacingOccurrences(of: "+00:00", with: "Z")
    }
}
