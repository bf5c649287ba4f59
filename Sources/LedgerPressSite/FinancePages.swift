import LedgerPressCore
import LedgerPressRender

/// The finance team's files: `index.html`, `finance/summary.csv`, `finance/lines.csv`, and control totals.
struct FinancePages {
    var files: [OutputFile] = []
    var controlTotals: [ControlTotals] = []

    init(pages: [PayeePages], ledger: Ledger, options: SiteOptions, templates: TemplateSet, formats: MoneyFormats) {
        let summary = SortableRow.sorted(pages.flatMap(\.summaryRows)).map(\.text).joined()
        let lines = SortableRow.sorted(pages.flatMap(\.lineRows)).map(\.text).joined()
        files.append(OutputFile(path: "finance/summary.csv", text: StatementCSV.summaryHeader + "\n" + summary))
        files.append(OutputFile(path: "finance/lines.csv", text: StatementCSV.linesHeader + "\n" + lines))
        controlTotals = ControlTotals.compute(pages: pages, ledger: ledger)
        var revisions = "payee_id,period,currency,version,first_issued_as_of,previous_net_activity,net_activity,previous_closing_balance,closing_balance\n"
        for record in pages.flatMap(\.revisions) {
            for change in record.changes {
                revisions += CSVCell.row([
                    CSVCell.text(record.payeeID), record.period, change.currency, String(record.version), record.firstIssuedAsOf,
                    change.previous?.netActivity ?? "", change.current.netActivity, change.previous?.closingBalance ?? "",
                    change.current.closingBalance,
                ])
            }
        }
        files.append(OutputFile(path: "finance/revisions.csv", text: revisions))

        func money(_ v: Int64, _ c: Currency) -> String { formats.format(v, c, locale: "en_US") }
        var ledgerFigures: [Currency: Figures] = [:]
        for entry in ledger.entries { ledgerFigures[entry.amount.currency, default: Figures()].add(entry.kind, entry.amount.minorUnits) }
        let totals: [[String: Any]] = ledgerFigures.keys.sorted().map { c in
            let f = ledgerFigures[c]!
            return [
                "currency": c.code, "entries": String(f.entries), "earnings": money(f.earnings, c), "tips": money(f.tips, c),
                "fees": money(f.fees, c), "adjustments": money(f.adjustments, c), "refunds": money(f.refunds, c),
                "net_activity": money(f.netActivity, c), "payouts": money(f.payouts, c), "closing_balance": money(f.closingBalance, c),
            ]
        }
        let payees: [[String: Any]] = pages.map { page in
            let book = page.book
            let latestMonth = book.statements.last { $0.period.kind == .month }
            var row: [String: Any] = [
                "href": "payees/\(page.slug)/index.html", "payee_id": book.payee.id, "payee_name": book.payee.name,
                "payee_type": book.payee.type.rawValue, "currencies": book.allTime.map(\.currency.code).joined(separator: " "),
                "statement_count": String(book.statements.count),
                "balance_summary": book.allTime.map { money($0.figures.closingBalance, $0.currency) }.joined(separator: " · "),
            ]
            if let latestMonth {
                row["latest_month"] = latestMonth.period.label
                row["latest_month_href"] = "payees/\(page.slug)/\(latestMonth.period.label).html"
            }
            return row
        }
        var periodCounts: [Period: Int] = [:]
        for page in pages { for statement in page.book.statements { periodCounts[statement.period, default: 0] += 1 } }
        let periods: [[String: Any]] = periodCounts.keys.sorted(by: >).map { period in
            ["label": period.label, "kind": period.kind.rawValue, "statement_count": String(periodCounts[period]!)]
        }
        var context: [String: Any] = [
            "payee_count": String(pages.count), "statement_count": String(pages.reduce(0) { $0 + $1.book.statements.count }),
            "entry_count": String(ledger.entries.count), "totals": totals, "payees": payees, "periods": periods,
            "footer": PayeePages.footer(options),
        ]
        if let issuer = options.issuer, !issuer.isEmpty { context["issuer"] = issuer }
        files.append(OutputFile(path: "index.html", text: templates.renderFinanceIndex(context)))
    }
}

/// Per-currency control totals: the ledger's total equals the sum over payees and over the
/// statements of each of the day, week and month kinds (custom ranges may overlap and are left out).
struct ControlTotals: Codable, Equatable {
    var currency: String
    var entries: Int
    var ledgerTotal: String
    var payeesTotal: String
    var dayStatementsTotal: String?
    var weekStatementsTotal: String?
    var monthStatementsTotal: String?

    enum CodingKeys: String, CodingKey {
        case currency, entries
        case ledgerTotal = "ledger_total"
        case payeesTotal = "payees_total"
        case dayStatementsTotal = "day_statements_total"
        case weekStatementsTotal = "week_statements_total"
        case monthStatementsTotal = "month_statements_total"
    }

    static func compute(pages: [PayeePages], ledger: Ledger) -> [ControlTotals] {
        var ledgerSum: [Currency: (Int64, Int)] = [:]
        for entry in ledger.entries {
            let current = ledgerSum[entry.amount.currency] ?? (0, 0)
            ledgerSum[entry.amount.currency] = (current.0 + entry.amount.minorUnits, current.1 + 1)
        }
        var payeeSum: [Currency: Int64] = [:]
        var kindSum: [PeriodKind: [Currency: Int64]] = [:]
        for page in pages {
            for item in page.book.allTime { payeeSum[item.currency, default: 0] += item.figures.closingBalance }
            for statement in page.book.statements where statement.period.kind != .range {
                for section in statement.sections {
                    kindSum[statement.period.kind, default: [:]][section.currency, default: 0] +=
                        section.figures.netActivity + section.figures.payouts
                }
            }
        }
        return ledgerSum.keys.sorted().map { c in
            func d(_ v: Int64?) -> String? { v.map { PlainDecimal.format($0, exponent: c.exponent) } }
            return ControlTotals(
                currency: c.code, entries: ledgerSum[c]!.1, ledgerTotal: d(ledgerSum[c]!.0)!, payeesTotal: d(payeeSum[c] ?? 0)!,
                dayStatementsTotal: d(kindSum[.day]?[c]), weekStatementsTotal: d(kindSum[.week]?[c]),
                monthStatementsTotal: d(kindSum[.month]?[c]))
        }
    }
}
