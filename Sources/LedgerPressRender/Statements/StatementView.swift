import LedgerPressCore

/// What a statement template sees: pre-formatted strings (money in the payee's locale), flags,
/// and the line-item tables (as Markdown blocks in the context and as data for the HTML tables).
///
/// > Note: for drivers, fees are folded into earnings ("take") in every figure and column:
/// > the customer price and the platform's commission never reach a driver's view.
public struct StatementView {
    public var context: [String: Any]
    public var tables: [String: TableData]
    public var markdownTitle: String

    public init(statement: Statement, issuer: String?, formats: MoneyFormats) {
        let payee = statement.payee
        let isDriver = payee.type == .driver
        var tables: [String: TableData] = [:]
        var sections: [[String: Any]] = []
        let clock = WallClockText(statement: statement)
        for section in statement.sections {
            let currency = section.currency
            let format = formats.formatter(for: currency, locale: payee.locale)
            func money(_ value: Int64) -> String { format.format(value) }
            var context = StatementView.figures(section.figures, isDriver: isDriver, money: money)
            context["currency"] = currency.code
            context["has_refunds"] = section.figures.refunds != 0
            let periodTitle = PeriodText.title(statement.period)
            var lines = StatementView.linesTable(section, isDriver: isDriver, money: money, time: clock.text)
            lines.caption = (isDriver ? "Jobs and activity" : "Activity") + " in \(currency.code), \(periodTitle)"
            tables[lines.id] = lines
            context["lines_table_block"] = lines.markdownBlock
            context["has_payouts"] = !section.payouts.isEmpty
            if !section.payouts.isEmpty {
                var payouts = StatementView.payoutsTable(section, money: money, time: clock.text)
                payouts.caption = "Payouts in \(currency.code), \(periodTitle)"
                tables[payouts.id] = payouts
                context["payouts_table_block"] = payouts.markdownBlock
            }
            if let ytd = section.yearToDate {
                var year = StatementView.figures(ytd, isDriver: isDriver, money: money)
                year["year"] = String(statement.period.start.year)
                context["ytd"] = year
            }
            sections.append(context)
        }
        let title = (isDriver ? "Earnings statement — " : "Statement — ") + PeriodText.title(statement.period)
        self.markdownTitle = title
        self.tables = tables
        var context: [String: Any] = [
            "title": title,
            "payee_name": payee.name,
            "payee_id": payee.id,
            "payee_type": payee.type.rawValue,
            "period_label": statement.period.label,
            "period_kind": statement.period.kind.rawValue,
            "period_start": statement.period.start.description,
            "period_last_day": statement.period.lastDay.description,
            "period_end": statement.period.end.description,
            "time_zone": payee.timeZone,
            "as_of": PeriodText.asOf(statement.asOf, offset: statement.asOfOffset),
            "sections": sections,
        ]
        if let issuer, !issuer.isEmpty { context["issuer"] = issuer }
        self.context = context
    }

    /// Every figure formatted; drivers get `take` and no `earnings`/`fees` of their own.
    static func figures(_ f: Figures, isDriver: Bool, money: (Int64) -> String) -> [String: Any] {
        var context: [String: Any] = [
            "opening_balance": money(f.openingBalance),
            "tips": money(f.tips),
            "adjustments": money(f.adjustments),
            "refunds": money(f.refunds),
            "net_activity": money(f.netActivity),
            "payouts": money(f.payouts),
            "closing_balance": money(f.closingBalance),
            "entries": String(f.entries),
        ]
        if isDriver {
            context["take"] = money(f.take)
        } else {
            context["earnings"] = money(f.earnings)
            context["fees"] = money(f.fees)
        }
        return context
    }

    /// The statement lines. Columns whose every value is zero are left out (Net always stays).
    static func linesTable(
        _ section: CurrencySection, isDriver: Bool, money: (Int64) -> String, time: (Timestamp, Int) -> String
    ) -> TableData {
        typealias Column = (name: String, value: (Figures) -> Int64)
        var amountColumns: [Column] =
            isDriver
            ? [("Your take", { $0.take })]
            : [("Sales", { $0.earnings }), ("Fees", { $0.fees })]
        amountColumns += [
            ("Tips", { $0.tips }), ("Adjustments", { $0.adjustments }), ("Refunds", { $0.refunds }),
            ("Payouts", { $0.payouts }),
        ]
        amountColumns = amountColumns.filter { column in section.lines.contains { column.value($0.figures) != 0 } }
        let header = ["Date", isDriver ? "Job" : "Reference", "Description"] + amountColumns.map(\.name) + ["Net", "Payout"]
        let alignments: [TableData.Alignment] =
            [.left, .left, .prose] + amountColumns.map { _ in .right } + [.right, .left]
        let rows = section.lines.map { line -> [String] in
            [time(line.occurredAt, line.localOffset), line.reference ?? "", describe(line)]
                + amountColumns.map { money($0.value(line.figures)) } + [money(line.net), payoutText(line.payoutID, line.payoutStatus)]
        }
        var footer = ["Total", "", ""] + amountColumns.map { money($0.value(section.figures)) }
        footer += [money(section.figures.change), ""]
        return TableData(
            id: "lines-\(section.currency.code)", header: header, alignments: alignments, rows: rows, footer: [footer],
            rowHeaderColumn: 1)
    }

    /// The line's description; a payout or adjustment without one says what it is.
    static func describe(_ line: StatementLine) -> String {
        if let text = line.description { return text }
        if line.figures.payouts != 0 && line.figures.entries == 1 { return line.figures.payouts > 0 ? "Payout reversal" : "Payout" }
        if line.figures.adjustments != 0 && line.figures.entries == 1 { return "Adjustment" }
        return ""
    }

    static func payoutsTable(_ section: CurrencySection, money: (Int64) -> String, time: (Timestamp, Int) -> String) -> TableData {
        TableData(
            id: "payouts-\(section.currency.code)", header: ["Date", "Payout", "Amount", "Status"],
            alignments: [.left, .left, .right, .left],
            rows: section.payouts.map { payout in
                [time(payout.occurredAt, payout.localOffset), payout.payoutID, money(payout.amount),
                    statusText(payout.status)]
            }, rowHeaderColumn: 1)
    }

    static func statusText(_ status: PayoutStatus?) -> String {
        switch status {
        case .pending: return "Pending"
        case .processing: return "Processing"
        case .paid: return "Paid"
        case .failed: return "Failed"
        case nil: return "Unknown"
        }
    }

    static func payoutText(_ id: String?, _ status: PayoutStatus?) -> String {
        guard let id else { return "not yet paid out" }
        return "\(id) · \(statusText(status))"
    }
}

/// A line's local time as the statement shows it: `2026-11-01 01:30`, and with its offset,
/// `2026-11-01 01:30 (UTC-04:00)`, when the payee's clock shows that time twice (the hour repeated
/// when clocks go back), so the two are never read as one.
struct WallClockText {
    let repeated: [Range<Int64>]

    init(statement: Statement) {
        let instants = statement.sections.flatMap { $0.lines.map(\.occurredAt.epochSeconds) + $0.payouts.map(\.occurredAt.epochSeconds) }
        guard let first = instants.min(), let last = instants.max() else {
            repeated = []
            return
        }
        repeated = ZoneClock.repeatedWallTimes(zone: statement.payee.timeZone, from: first, through: last)
    }

    func text(_ time: Timestamp, _ offset: Int) -> String {
        repeated.contains { $0.contains(time.epochSeconds) } ? PeriodText.asOf(time, offset: offset) : PeriodText.shortTime(time, offset: offset)
    }
}

