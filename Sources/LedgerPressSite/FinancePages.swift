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
    /// Where `finance/revisions.csv` (what a run revised) is in ``csvPaths`` and a payee's `csvBytes`.
    static let revisionsIndex = 2

    var files: [OutputFile] = []
    var controlTotals: [ControlTotals] = []

    /// The finance CSVs' paths with their header lines (their rows are the payees' blocks, in payee order).
    static var csvFiles: [(path: String, header: String)] {
        csvPaths.indices.map { (csvPaths[$0], csvHeaders[$0] + "\n") }
    }

    /// The control totals, and the finance index unless `index` is false (a finance-only build), its payees' rows
    /// rendered in up to `slices` slices at once.
    init(
        summary: FinanceSummary, issuer: String?, footer: String, templates: TemplateSet, formats: MoneyFormats,
        index: Bool = true, slices: Int = 1
    ) throws(SiteError) {
        controlTotals = try ControlTotals.checked(summary)
        guard index else { return }

        func money(_ v: Int64, _ code: String) -> String {
            guard let c = Currency(code: code) else { return PlainDecimal.format(v, exponent: 2) + " " + code }
            return formats.format(v, c, locale: "en_US")
        }
        var totals: [TemplateObject] = []
        var anyTax = false
        for item in summary.ledger {
            let f = try item.figures()
            let c = item.currency
            anyTax = anyTax || f.tax != 0
            totals.append([
                "currency": .text(c), "entries": .text(String(f.entries)), "earnings": .text(money(f.earnings, c)),
                "tips": .text(money(f.tips, c)), "fees": .text(money(f.fees, c)),
                "adjustments": .text(money(f.adjustments, c)),
                "refunds": .text(money(f.refunds, c)), "net_activity": .text(money(f.netActivity, c)),
                "payouts": .text(money(f.payouts, c)), "closing_balance": .text(money(f.closingBalance, c)),
                "tax": .text(money(f.tax, c)),
            ])
        }
        let payees: [TemplateObject] = summary.payees.map { payee in
            var row: TemplateObject = [
                "href": .text("payees/\(payee.slug)/index.html"), "payee_id": .text(payee.id),
                "payee_name": .text(payee.name),
                "payee_type": .text(payee.type),
                "currencies": .text(payee.balances.map(\.currency).joined(separator: " ")),
                "statement_count": .text(String(payee.statementCount)),
                "balance_summary": .text(payee.balances.map { money($0.amount, $0.currency) }.joined(separator: " · ")),
            ]
            if let latestMonth = payee.latestMonth {
                row["latest_month"] = .text(latestMonth)
                row["latest_month_href"] = .text("payees/\(payee.slug)/\(latestMonth).html")
            }
            return row
        }
        let periods: [TemplateObject] = summary.periods.compactMap { count in
            guard let period = count.period else { return nil }
            return [
                "label": .text(period.label), "kind": .text(count.kind),
                "statement_count": .text(String(count.statements)),
            ]
        }
        var context: TemplateObject = [
            "payee_count": .text(String(summary.payees.count)),
            "statement_count": .text(String(summary.statementCount)),
            "entry_count": .text(String(summary.entryCount)), "totals": .list(totals), "payees": .list(payees),
            "periods": .list(periods), "footer": .text(footer), "any_tax": .flag(anyTax),
        ]
        if let issuer, !issuer.isEmpty { context["issuer"] = .text(issuer) }
        files.append(OutputFile(path: "index.html", text: templates.renderFinanceIndex(context, slices: slices)))
    }
}

/// Per-currency control totals: the ledger's total equals the sum over payees and over the
/// statements of each calendar kind built (day, week, month, year; custom ranges may overlap and are left out).
///
/// > Note: a kind's total is keyed by its ``PeriodKind`` and written as `<kind>_statements_total`
/// > (``members``), which the manifest's writer, `Codable` and `verify` all go through: a new kind needs no edit here.
struct ControlTotals: Codable, Equatable {
    var currency: String
    var entries: Int
    var ledgerTotal: String
    var payeesTotal: String
    /// The total of each calendar kind's statements built (a kind with none built has none).
    var statementsTotals: [PeriodKind: String] = [:]

    /// The total of one kind's statements; always nil for custom ranges.
    subscript(statementsOf kind: PeriodKind) -> String? {
        get { kind.isCalendar ? statementsTotals[kind] : nil }
        set {
            guard kind.isCalendar else { return }
            statementsTotals[kind] = newValue
        }
    }

    /// The manifest key of a kind's statements total: `month_statements_total`.
    static func statementsKey(_ kind: PeriodKind) -> String { kind.rawValue + "_statements_total" }

    /// A member's value in the manifest.
    enum Member: Equatable {
        case text(String)
        case count(Int)
    }

    /// The members as the manifest holds them, sorted by key (UTF-8 bytes, as `JSONEncoder`'s `sortedKeys`).
    var members: [(key: String, value: Member)] {
        var members: [(key: String, value: Member)] = [
            ("currency", .text(currency)), ("entries", .count(entries)), ("ledger_total", .text(ledgerTotal)),
            ("payees_total", .text(payeesTotal)),
        ]
        for kind in PeriodKind.allCases {
            if let total = self[statementsOf: kind] { members.append((Self.statementsKey(kind), .text(total))) }
        }
        return members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    init(
        currency: String, entries: Int, ledgerTotal: String, payeesTotal: String,
        statementsTotals: [PeriodKind: String] = [:]
    ) {
        self.currency = currency
        self.entries = entries
        self.ledgerTotal = ledgerTotal
        self.payeesTotal = payeesTotal
        for (kind, total) in statementsTotals { self[statementsOf: kind] = total }
    }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Key.self)
        currency = try json.decode(String.self, forKey: Key("currency"))
        entries = try json.decode(Int.self, forKey: Key("entries"))
        ledgerTotal = try json.decode(String.self, forKey: Key("ledger_total"))
        payeesTotal = try json.decode(String.self, forKey: Key("payees_total"))
        for kind in PeriodKind.calendarKinds {
            self[statementsOf: kind] = try json.decodeIfPresent(String.self, forKey: Key(Self.statementsKey(kind)))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        for (key, value) in members {
            switch value {
            case .text(let text): try json.encode(text, forKey: Key(key))
            case .count(let count): try json.encode(count, forKey: Key(key))
            }
        }
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
                payeeSum[item.currency] = try add(
                    payeeSum[item.currency], item.amount, currency: item.currency, total: "balances of all payees")
            }
            for item in payee.kindTotals {
                kindSum[item.kind, default: [:]][item.currency] = try add(
                    kindSum[item.kind]?[item.currency], item.amount, currency: item.currency,
                    total: "\(item.kind) statements of all payees")
            }
        }
        var result: [ControlTotals] = []
        for item in summary.ledger {
            let exponent = Currency(code: item.currency)?.exponent ?? 2
            func d(_ v: Int64) -> String { PlainDecimal.format(v, exponent: exponent) }
            var totals = ControlTotals(
                currency: item.currency, entries: item.entries, ledgerTotal: d(try item.figures().closingBalance),
                payeesTotal: d(payeeSum[item.currency] ?? 0))
            for kind in PeriodKind.calendarKinds {
                totals[statementsOf: kind] = kindSum[kind.rawValue]?[item.currency].map(d)
            }
            result.append(totals)
        }
        return result
    }
}
