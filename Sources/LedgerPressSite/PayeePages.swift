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
            let names = context.documents.names(label: label)
            if previousKeys[label] == key {
                let old = names.compactMap { previousFiles[folder + $0] }
                if old.count == names.count, old.allSatisfy(context.isIntact) {
                    kept += old
                    continue
                }
            }
            let rendering = StatementRendering(
                statement: statement, payee: payee, record: record, wording: wording, context: context, footer: footer)
            for (document, name) in zip(context.documents.all, names) {
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
                        footer: footer)))
        }
    }

    func homePage(templates: TemplateSet, options: SiteOptions, formats: MoneyFormats, wording: Wording, footer: String)
        -> String
    {
        let payee = book.payee
        let isDriver = payee.type == .driver
        func money(_ value: Int64, _ currency: Currency) -> String {
            formats.format(value, currency, locale: payee.locale)
        }
        let balances: [TemplateObject] = book.allTime.map { item in
            let f = item.figures
            var row: TemplateObject = [
                "currency": .text(item.currency.code), "closing_balance": .text(money(f.closingBalance, item.currency)),
                "tips": .text(money(f.tips, item.currency)), "adjustments": .text(money(f.adjustments, item.currency)),
                "net_activity": .text(money(f.netActivity, item.currency)),
                "payouts": .text(money(f.payouts, item.currency)),
                "is_driver": .flag(isDriver),
            ]
            if isDriver {
                row["take"] = .text(money(f.take, item.currency))
            } else {
                row["earnings"] = .text(money(f.earnings, item.currency))
                row["refunds"] = .text(money(f.refunds, item.currency))
                row["fees"] = .text(money(f.fees, item.currency))
            }
            return row
        }
        func netSummary(_ statement: Statement) -> String {
            statement.sections.map { money($0.figures.netActivity, $0.currency) }.joined(separator: " · ")
        }
        var latest: [TemplateObject] = []
        for kind in PeriodKind.calendarKinds {
            if let statement = book.statements.last(where: { $0.period.kind == kind }) {
                latest.append([
                    "kind_label": .text(wording.kindLabel(kind)), "href": .text(statement.period.label + ".html"),
                    "title": .text(wording.title(statement.period, dayStart: payee.dayStart)),
                    "net_summary": .text(netSummary(statement)),
                ])
            }
        }
        func row(_ statement: Statement) -> TemplateObject {
            let net = netSummary(statement)
            let closing = statement.sections.map { money($0.figures.closingBalance, $0.currency) }.joined(
                separator: " · ")
            let label = statement.period.label
            return [
                "label": .text(label), "kind_label": .text(wording.kindLabel(statement.period.kind)),
                "html_href": .text(label + ".html"), "md_href": .text(label + ".md"), "csv_href": .text(label + ".csv"),
                "net_summary": .text(net), "closing_summary": .text(closing),
                "title": .text(wording.title(statement.period, dayStart: payee.dayStart)),
            ]
        }
        let newestFirst = book.statements.reversed().map { (kind: $0.period.kind, row: row($0)) }
        let statements = newestFirst.map(\.row)
        // One section per kind (in ``Wording/homeGroupOrder``), each newest first.
        let groups: [TemplateObject] = Wording.homeGroupOrder.compactMap { kind in
            let rows = newestFirst.filter { $0.kind == kind }.map(\.row)
            return rows.isEmpty
                ? nil
                : [
                    "heading": .text(wording.groupHeading(kind)), "id": .text("kind-" + kind.rawValue),
                    "rows": .list(rows),
                    "count": .text(String(rows.count)),
                ]
        }
        let latestLocal = book.payoutSplit.month
        let payoutStatus: [TemplateObject] = book.payoutSplit.byCurrency.map { currency, sums in
            [
                "currency": .text(currency.code), "pending": .text(money(sums.pending, currency)),
                "processing": .text(money(sums.processing, currency)),
                "paid_this_month": .text(money(sums.paidThisMonth, currency)),
                "failed": .text(money(sums.failed, currency)),
            ]
        }
        let thisMonth = wording.monthYear(year: latestLocal.year, month: latestLocal.month)
        var context: TemplateObject = [
            "lang": .text(wording.language), "payee_name": .text(payee.name), "payee_id": .text(payee.id),
            "payee_type": .text(payee.type.rawValue),
            "payee_type_label": .text(wording[isDriver ? "driver_label" : "merchant_label"]),
            "time_zone": .text(payee.timeZone),
            "as_of": .text(wording.asOf(book.latestEntry, offset: book.latestEntryOffset)),
            "owed_heading": .text(wording[isDriver ? "balance_owed" : "future_payouts"]), "balances": .list(balances),
            "latest": .list(latest), "statements": .list(statements), "statement_groups": .list(groups),
            "has_statement_groups": .flag(!groups.isEmpty), "payout_status": .list(payoutStatus),
            "has_payouts": .flag(!payoutStatus.isEmpty), "this_month": .text(thisMonth),
            "paid_in_month": .text(wording.fill("paid_in", ["month": thisMonth])),
            "is_driver": .flag(isDriver), "footer": .text(footer), "t": .object(wording.templateWords),
        ]
        if let issuer = options.issuer, !issuer.isEmpty { context["issuer"] = .text(issuer) }
        return templates.renderPayeeIndex(context, wording: wording)
    }

    /// "Revised — version 2, first issued as of ..., changes: ..." for the statement templates.
    static func revisionContext(_ record: StatementRecord, wording: Wording, formats: MoneyFormats, locale: String)
        -> TemplateObject
    {
        let none = wording["none"]
        // The manifest keeps plain decimals and RFC 3339 times; the payee reads them in their locale.
        func money(_ plain: String?, _ code: String) -> String {
            guard let plain else { return none }
            guard let currency = Currency(code: code),
                case .success(let amount) = AmountParser.parse(plain, currency: currency)
            else {
                return plain
            }
            return formats.format(amount.minorUnits, currency, locale: locale)
        }
        let firstIssued = RFC3339.parse(record.firstIssuedAsOf).map { wording.asOf($0, offset: Int($0.offsetSeconds)) }
        return [
            "version": .text(String(record.version)),
            "first_issued_as_of": .text(firstIssued ?? record.firstIssuedAsOf),
            "changes": .list(
                record.changes.map { change -> TemplateObject in
                    [
                        "currency": .text(change.currency),
                        "previous_net_activity": .text(money(change.previous?.netActivity, change.currency)),
                        "net_activity": .text(money(change.current.netActivity, change.currency)),
                        "previous_closing_balance": .text(money(change.previous?.closingBalance, change.currency)),
                        "closing_balance": .text(money(change.current.closingBalance, change.currency)),
                    ]
                }),
        ]
    }

    /// `finance/revisions.csv` rows of one revised statement, one per currency.
    static func revisionRows(_ record: StatementRecord) -> String {
        record.changes.map { change in
            CSVCell.row([
                CSVCell.text(record.payeeID), record.period, change.currency, String(record.version),
                record.firstIssuedAsOf,
                change.previous?.netActivity ?? "", change.current.netActivity, change.previous?.closingBalance ?? "",
                change.current.closingBalance,
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
