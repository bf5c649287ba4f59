import LedgerPressCore
import LedgerPressRender

/// The finance team's files: `index.html`, `finance/summary.csv`, `finance/lines.csv`,
/// `finance/revisions.csv`, and the control totals, rendered from a finance summary and the payees'
/// CSV blocks (in payee order), whether they come from this run's pages or from merged shards.
struct FinancePages {
    static let revisionsHeader =
        "payee_id,period,currency,version,first_issued_as_of,previous_net_activity,net_activity,previous_closing_balance,closing_balance"
    /// The finance CSVs, in the order of `PayeeRow.csvBytes`.
    static let csvPaths = ["finance/summary.csv", "finance/lines.csv", "finance/revisions.csv"]
    static let csvHeaders = [StatementCSV.summaryHeader, StatementCSV.linesHeader, revisionsHeader]

    var files: [OutputFile] = []
    var controlTotals: [ControlTotals] = []

    /// The finance CSVs' paths with their header lines (their rows are the payees' blocks, in payee order).
    static var csvFiles: [(path: String, header: String)] { csvPaths.indices.map { (csvPaths[$0], csvHeaders[$0] + "\n") } }

    /// The control totals, and the finance index unless `index` is false (a finance-only build).
    init(
        summary: FinanceSummary, issuer: String?, footer: String, templates: TemplateSet, formats: MoneyFormats, index: Bool = true
    ) throws(SiteError) {
        controlTotals = try ControlTotals.checked(summary)
        guard index else { return }

        func money(_ v: Int64, _ code: String) -> String {
            guard let c = Currency(code: code) else { return PlainDecimal.format(v, exponent: 2) + " " + code }
            return formats.format(v, c, locale: "en_US")
        }
        var totals: [[String: Any]] = []
        for item in summary.ledger {
            let f = try item.figures()
            let c = item.currency
            totals.append([
                "currency": c, "entries": String(f.entries), "earnings": money(f.earnings, c), "tips": money(f.tips, c),
                "fees": money(f.fees, c), "adjustments": money(f.adjustments, c), "refunds": money(f.refunds, c),
                "net_activity": money(f.netActivity, c), "payouts": money(f.payouts, c), "closing_balance": money(f.closingBalance, c),
            ])
        }
        let payees: [[String: Any]] = summary.payees.map { payee in
            var row: [String: Any] = [
                "href": "payees/\(payee.slug)/index.html", "payee_id": payee.id, "payee_name": payee.name,
                "payee_type": payee.type, "currencies": payee.balances.map(\.currency).joined(separator: " "),
                "statement_count": String(payee.statementCount),
                "balance_summary": payee.balances.map { money($0.amount, $0.currency) }.joined(separator: " · "),
            ]
            if let latestMonth = payee.latestMonth {
                row["latest_month"] = latestMonth
                row["latest_month_href"] = "payees/\(payee.slug)/\(latestMonth).html"
            }
            return row
        }
        let periods: [[String: Any]] = summary.periods.compactMap { count in
            guard let period = count.period else { return nil }
            return ["label": period.label, "kind": count.kind, "statement_count": String(count.statements)]
        }
        var context: [String: Any] = [
            "payee_count": String(summary.payees.count), "statement_count": String(summary.statementCount),
            "entry_count": String(summary.entryCount), "totals": totals, "payees": payees, "periods": periods,
            "footer": footer,
        ]
        if let issuer, !issuer.isEmpty { context["issuer"] = issuer }
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

    /// The control totals of a summary; every sum over payees is checked.
    static func checked(_ summary: FinanceSummary) throws(SiteError) -> [ControlTotals] {
        var payeeSum: [String: Int64] = [:]
        var kindSum: [String: [String: Int64]] = [:]
        func add(_ sum: Int64?, _ amount: Int64, currency: String, total: String) throws(SiteError) -> Int64 {
            do throws(MoneyOverflow) {
                return try MinorUnits.add(sum ?? 0, amount, total: total)
            } catch {
                throw .ledgerOverflow(currency: currency, error)
            }
        }
        for payee in summary.payees {
            for item in payee.balances {
                payeeSum[item.currency] = try add(payeeSum[item.currency], item.amount, currency: item.currency, total: "balances of all payees")
            }
            for item in payee.kindTotals {
                kindSum[item.kind, default: [:]][item.currency] = try add(
                    kindSum[item.kind]?[item.currency], item.amount, currency: item.currency, total: "\(item.kind) statements of all payees")
            }
        }
        var result: [ControlTotals] = []
        for item in summary.ledger {
            let exponent = Currency(code: item.currency)?.exponent ?? 2
            func d(_ v: Int64) -> String { PlainDecimal.format(v, exponent: exponent) }
            result.append(ControlTotals(
                currency: item.currency, entries: item.entries, ledgerTotal: d(try item.figures().closingBalance),
                payeesTotal: d(payeeSum[item.currency] ?? 0), dayStatementsTotal: kindSum["day"]?[item.currency].map(d),
                weekStatementsTotal: kindSum["week"]?[item.currency].map(d), monthStatementsTotal: kindSum["month"]?[item.currency].map(d)))
        }
        return result
    }
}
