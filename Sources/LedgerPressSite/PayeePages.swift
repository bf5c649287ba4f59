import Foundation
import LedgerPressCore
import LedgerPressRender

/// A payee's part of the site: statements (each as ``StatementDocuments``: .csv, .md, .html) and their home page, plus the rows
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
        /// The files each statement is published as.
        var documents = StatementDocuments.standard
        /// Whether the payee's folder gets an income letter (`--letters`), which their home then links.
        var hasLetter = false

        /// What the home links besides each statement's page, Markdown and CSV: the PDFs of the kinds `--pdf`
        /// names, and the letter's page, JSON and (with `--pdf`) PDF.
        var homeDocuments: PayeeHomeDocuments {
            let pdfKinds = PeriodKind.allCases.filter { kind in
                documents.documents(for: kind).contains { $0.suffix == ".pdf" }
            }
            let letter = PayeeHomeDocuments.Letter(
                page: LetterFiles.html, pdf: LetterPDF(documents: documents) == nil ? nil : LetterFiles.pdf,
                json: LetterFiles.json)
            return PayeeHomeDocuments(pdfKinds: Set(pdfKinds), letter: hasLetter ? letter : nil)
        }
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
            let documents = context.documents.documents(for: statement.period.kind)
            let names = documents.map { label + $0.suffix }
            if previousKeys[label] == key {
                let old = names.compactMap { previousFiles[folder + $0] }
                if old.count == names.count, old.allSatisfy(context.isIntact) {
                    kept += old
                    continue
                }
            }
            let rendering = StatementRendering(
                statement: statement, payee: payee, record: record, wording: wording, context: context, footer: footer)
            for (document, name) in zip(documents, names) {
                files.append(OutputFile(path: folder + name, bytes: try document.render(rendering)))
            }
        }
        (summaryCSV, linesCSV) = financeRows.csv()
        revisionsCSV = revisions.map(PayeePages.revisionRows).joined()
        if context.renderFiles {
            files.append(
                OutputFile(
                    path: folder + "index.html",
                    text: homePage(
                        templates: context.templates, options: options, formats: context.formats, wording: wording,
                        footer: footer, documents: context.homeDocuments)))
        }
    }

    func homePage(
        templates: TemplateSet, options: SiteOptions, formats: MoneyFormats, wording: Wording, footer: String,
        documents: PayeeHomeDocuments = PayeeHomeDocuments()
    ) -> String {
        let view = PayeeHomeView(
            book: book, issuer: options.issuer, formats: formats, wording: wording, footer: footer,
            documents: documents)
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
