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
    }

    /// `history` holds the payee's statements as published before; `previous` is the payee manifest of the
    /// site being replaced, whose statements with an unchanged render key (under `staticKey`) are kept unrendered.
    init(book: PayeeBook, context: Context, history: StatementHistory, staticKey: String, previous: PayeeManifest?) throws {
        self.book = book
        let payee = book.payee
        let options = context.options
        slug = PayeeSlug.slug(for: payee.id)
        let folder = "payees/\(slug)/"
        let footer = PayeePages.footer(options)
        var summaryRows: [SortableRow] = []
        var lineRows: [SortableRow] = []
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
            summaryRows += StatementCSV.summaryRows(statement)
            lineRows += StatementCSV.lineRows(statement)
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
            var view = StatementView(statement: statement, issuer: options.issuer, formats: context.formats)
            if record.version > 1 { view.context["revision"] = PayeePages.revisionContext(record) }
            let markdown = context.templates.renderStatementMarkdown(view.context, driver: payee.type == .driver)
            let fragment = try CommonMark.html(fromMarkdown: markdown, tables: view.tables)
            let page = context.templates.renderLayout([
                "lang": PayeePages.language(payee.locale), "title": view.markdownTitle + " — " + BidiIsolation.isolate(payee.name),
                "assets_href": "../../assets/", "back_href": "index.html", "back_label": "All statements",
                "has_downloads": true,
                "downloads": [["href": "\(label).csv", "label": "CSV"], ["href": "\(label).md", "label": "Text (Markdown)"]],
                "payee_type": payee.type.rawValue, "statement_html_trusted": fragment, "footer": footer,
            ])
            files.append(OutputFile(path: paths[0], text: markdown))
            files.append(OutputFile(path: paths[1], text: page))
            files.append(OutputFile(path: paths[2], text: StatementCSV.statementCSV(statement)))
        }
        summaryCSV = SortableRow.sorted(summaryRows).map(\.text).joined()
        linesCSV = SortableRow.sorted(lineRows).map(\.text).joined()
        revisionsCSV = revisions.map(PayeePages.revisionRows).joined()
        if context.renderFiles {
            files.append(OutputFile(
                path: folder + "index.html",
                text: homePage(templates: context.templates, options: options, formats: context.formats, footer: footer)))
        }
    }

    func homePage(templates: TemplateSet, options: SiteOptions, formats: MoneyFormats, footer: String) -> String {
        let payee = book.payee
        let isDriver = payee.type == .driver
        func money(_ value: Int64, _ currency: Currency) -> String { formats.format(value, currency, locale: payee.locale) }
        let balances: [[String: Any]] = book.allTime.map { item in
            let f = item.figures
            var row: [String: Any] = [
                "currency": item.currency.code, "closing_balance": money(f.closingBalance, item.currency),
                "tips": money(f.tips, item.currency), "adjustments": money(f.adjustments, item.currency),
                "net_activity": money(f.netActivity, item.currency), "payouts": money(f.payouts, item.currency),
                "is_driver": isDriver,
            ]
            if isDriver {
                row["take"] = money(f.take, item.currency)
            } else {
                row["earnings"] = money(f.earnings, item.currency)
                row["refunds"] = money(f.refunds, item.currency)
                row["fees"] = money(f.fees, item.currency)
            }
            return row
        }
        func netSummary(_ statement: Statement) -> String {
            statement.sections.map { money($0.figures.netActivity, $0.currency) }.joined(separator: " · ")
        }
        var latest: [[String: Any]] = []
        for kind in [PeriodKind.day, .week, .month] {
            if let statement = book.statements.last(where: { $0.period.kind == kind }) {
                latest.append([
                    "kind_label": PeriodText.kindLabel(kind), "href": statement.period.label + ".html",
                    "title": PeriodText.title(statement.period),
                    "net_summary": netSummary(statement),
                ])
            }
        }
        func row(_ statement: Statement) -> [String: Any] {
            let net = netSummary(statement)
            let closing = statement.sections.map { money($0.figures.closingBalance, $0.currency) }.joined(separator: " · ")
            let label = statement.period.label
            return [
                "label": label, "kind_label": PeriodText.kindLabel(statement.period.kind), "html_href": label + ".html",
                "md_href": label + ".md", "csv_href": label + ".csv", "net_summary": net, "closing_summary": closing,
                "title": PeriodText.title(statement.period),
            ]
        }
        let statements: [[String: Any]] = book.statements.reversed().map(row)
        // One section per kind, months first, each newest first (a year of days is a long list of its own).
        let groups: [[String: Any]] = [(PeriodKind.month, "Months"), (.week, "Weeks"), (.day, "Days"), (.range, "Custom ranges")]
            .compactMap { kind, heading in
                let rows = book.statements.reversed().filter { $0.period.kind == kind }.map(row)
                return rows.isEmpty ? nil : ["heading": heading, "id": "kind-" + kind.rawValue, "rows": rows, "count": String(rows.count)]
            }
        let latestLocal = PayoutSplit.localDate(book.latestEntry, offset: book.latestEntryOffset)
        let split = PayoutSplit(statements: book.statements, month: (latestLocal.year, latestLocal.month))
        let payoutStatus: [[String: Any]] = split.byCurrency.map { currency, sums in
            [
                "currency": currency.code, "pending": money(sums.pending, currency), "processing": money(sums.processing, currency),
                "paid_this_month": money(sums.paidThisMonth, currency), "failed": money(sums.failed, currency),
            ]
        }
        var context: [String: Any] = [
            "lang": PayeePages.language(payee.locale), "payee_name": payee.name, "payee_id": payee.id,
            "payee_type": payee.type.rawValue, "payee_type_label": isDriver ? "Driver" : "Merchant",
            "time_zone": payee.timeZone, "as_of": PeriodText.asOf(book.latestEntry, offset: book.latestEntryOffset),
            "owed_heading": isDriver ? "Balance owed to you" : "Future payouts", "balances": balances,
            "latest": latest, "statements": statements, "statement_groups": groups,
            "has_statement_groups": !groups.isEmpty, "payout_status": payoutStatus,
            "has_payouts": !payoutStatus.isEmpty, "this_month": PeriodText.monthName(year: latestLocal.year, month: latestLocal.month),
            "is_driver": isDriver, "footer": footer,
        ]
        if let issuer = options.issuer, !issuer.isEmpty { context["issuer"] = issuer }
        return templates.renderPayeeIndex(context)
    }

    /// "Revised — version 2, first issued as of ..., changes: ..." for the statement templates.
    static func revisionContext(_ record: StatementRecord) -> [String: Any] {
        [
            "version": String(record.version), "first_issued_as_of": record.firstIssuedAsOf,
            "changes": record.changes.map { change -> [String: Any] in
                [
                    "currency": change.currency, "previous_net_activity": change.previous?.netActivity ?? "none",
                    "net_activity": change.current.netActivity, "previous_closing_balance": change.previous?.closingBalance ?? "none",
                    "closing_balance": change.current.closingBalance,
                ]
            },
        ]
    }

    /// `finance/revisions.csv` rows of one revised statement, one per currency.
    static func revisionRows(_ record: StatementRecord) -> String {
        record.changes.map { change in
            CSVCell.row([
                CSVCell.text(record.payeeID), record.period, change.currency, String(record.version), record.firstIssuedAsOf,
                change.previous?.netActivity ?? "", change.current.netActivity, change.previous?.closingBalance ?? "",
                change.current.closingBalance,
            ])
        }.joined()
    }

    static func language(_ locale: String) -> String {
        String(locale.prefix { $0 != "_" && $0 != "-" })
    }

    /// The page footer: no build time unless SOURCE_DATE_EPOCH is set.
    static func footer(_ options: SiteOptions) -> String { footer(sourceDateEpoch: options.sourceDateEpoch) }

    static func footer(sourceDateEpoch: Int64?) -> String {
        var text = "Generated by ledgerpress"
        if let epoch = sourceDateEpoch {
            text += " on " + Timestamp.format(epochSeconds: epoch, offsetSeconds: 0).replacingOccurrences(of: "+00:00", with: "Z")
        }
        return text + "."
    }
}
