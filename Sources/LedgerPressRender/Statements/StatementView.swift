import LedgerPressCore

/// What a statement template sees: pre-formatted strings (money in the payee's locale), flags,
/// the line-item tables (as Markdown blocks in the context and as data for the HTML tables), the
/// payee's words as `t` (``Wording``): headers, statuses, titles and dates are in their language; and on
/// week and month statements, a chart of each section's net activity per day (`chart_block`, `has_chart`).
///
/// > Note: for drivers, fees are folded into earnings ("take") in every figure and column:
/// > the customer price and the platform's commission never reach a driver's view.
public struct StatementView {
    public var context: TemplateObject
    public var tables: [String: TableData]
    /// The charts by id, for ``CommonMark/html(fromMarkdown:tables:charts:options:)``.
    public var charts: [String: ChartFigure]
    public var markdownTitle: String

    public init(statement: Statement, issuer: String?, formats: MoneyFormats, wording: Wording) {
        let chartLabels = ChartLabels(wording: wording)
        let payee = statement.payee
        let isDriver = payee.type == .driver
        var tables: [String: TableData] = [:]
        var charts: [String: ChartFigure] = [:]
        var sections: [TemplateObject] = []
        let clock = WallClockText(statement: statement, wording: wording)
        let periodTitle = wording.title(statement.period, dayStart: payee.dayStart)
        for section in statement.sections {
            let currency = section.currency
            let format = formats.formatter(for: currency, locale: payee.locale)
            func money(_ value: Int64) -> String { format.format(value) }
            var context = StatementView.figures(section.figures, isDriver: isDriver, money: money)
            context["currency"] = .text(currency.code)
            context["has_refunds"] = .flag(section.figures.refunds != 0)
            // Issue 50: a balance brought forward in the period, and the distance on its jobs per unit.
            context["has_brought_forward"] = .flag(section.figures.broughtForward != 0)
            context["brought_forward"] = .text(money(section.figures.broughtForward))
            context["has_distance"] = .flag(!section.distance.isEmpty)
            context["distance"] = .text(wording.distances(section.distance))
            let captionValues = ["currency": currency.code, "period": periodTitle]
            var lines = StatementView.linesTable(
                section, isDriver: isDriver, words: wording, money: money, time: clock.text)
            lines.caption = wording.fill(isDriver ? "caption_lines_driver" : "caption_lines_merchant", captionValues)
            tables[lines.id] = lines
            context["lines_table_block"] = .text(lines.markdownBlock)
            context["has_chart"] = false
            if let chart = NetChart(section: section, period: statement.period) {
                let figure = ChartFigure(chart: chart, format: format, labels: chartLabels, date: wording.date)
                charts[figure.id] = figure
                context["has_chart"] = true
                context["chart_block"] = .text(figure.markdownBlock)
            }
            context["has_payouts"] = .flag(!section.payouts.isEmpty)
            if !section.payouts.isEmpty {
                var payouts = StatementView.payoutsTable(section, words: wording, money: money, time: clock.text)
                payouts.caption = wording.fill("caption_payouts", captionValues)
                tables[payouts.id] = payouts
                context["payouts_table_block"] = .text(payouts.markdownBlock)
            }
            if let summary = section.annual {
                var annual = StatementView.annualTable(
                    summary, currency: currency, isDriver: isDriver, words: wording, money: money)
                annual.caption = wording.fill("caption_annual", captionValues)
                tables[annual.id] = annual
                context["annual"] = .object([
                    "table_block": .text(annual.markdownBlock), "has_distance": .flag(!section.distance.isEmpty),
                    "distance": .text(wording.distances(section.distance)),
                ])
            }
            if let ytd = section.yearToDate {
                var year = StatementView.figures(ytd, isDriver: isDriver, money: money)
                year["year"] = .text(String(statement.period.start.year))
                context["ytd"] = .object(year)
            }
            sections.append(context)
        }
        let title = wording.fill(isDriver ? "title_driver" : "title_merchant", ["period": periodTitle])
        self.markdownTitle = title
        self.tables = tables
        self.charts = charts
        var context: TemplateObject = [
            "title": .text(title),
            "payee_name": .text(payee.name),
            "payee_id": .text(payee.id),
            "payee_type": .text(payee.type.rawValue),
            "period_label": .text(statement.period.label),
            "period_kind": .text(statement.period.kind.rawValue),
            "period_start": .text(statement.period.start.description),
            "period_last_day": .text(statement.period.lastDay.description),
            "period_end": .text(statement.period.end.description),
            "time_zone": .text(payee.timeZone),
            "period_text": .text(
                wording.periodLine(statement.period, dayStart: payee.dayStart, zone: payee.timeZone)),
            "as_of": .text(wording.asOf(statement.asOf, offset: statement.asOfOffset)),
            "sections": .list(sections),
            "t": .object(wording.templateWords),
        ]
        if let issuer, !issuer.isEmpty { context["issuer"] = .text(issuer) }
        self.context = context
    }

    /// Every figure formatted; drivers get `take` and no `earnings`/`fees` of their own. `tax` (sales tax
    /// collected for someone else) is its own figure for both, shown where `has_tax` (it is not zero).
    static func figures(_ f: Figures, isDriver: Bool, money: (Int64) -> String) -> TemplateObject {
        var context: TemplateObject = [
            "tax": .text(money(f.tax)), "has_tax": .flag(f.tax != 0),
            "opening_balance": .text(money(f.openingBalance)),
            "tips": .text(money(f.tips)),
            "adjustments": .text(money(f.adjustments)),
            "refunds": .text(money(f.refunds)),
            "net_activity": .text(money(f.netActivity)),
            "payouts": .text(money(f.payouts)),
            "closing_balance": .text(money(f.closingBalance)),
            "entries": .text(String(f.entries)),
        ]
        if isDriver {
            context["take"] = .text(money(f.take))
        } else {
            context["earnings"] = .text(money(f.earnings))
            context["fees"] = .text(money(f.fees))
        }
        return context
    }

    /// The statement lines. Columns whose every value is zero are left out (Net always stays).
    static func linesTable(
        _ section: CurrencySection, isDriver: Bool, words: Wording, money: (Int64) -> String,
        time: (Timestamp, Int) -> String
    ) -> TableData {
        typealias Column = (name: String, value: (Figures) -> Int64)
        var amountColumns: [Column] =
            isDriver
            ? [(words["your_take"], { $0.take })]
            : [(words["sales"], { $0.earnings }), (words["fees"], { $0.fees })]
        amountColumns += [
            (words["tips"], { $0.tips }), (words["adjustments"], { $0.adjustments }),
            (words["refunds"], { $0.refunds }), (words["tax"], { $0.tax }),
            (words["payouts"], { $0.payouts }),
        ]
        amountColumns = amountColumns.filter { column in section.lines.contains { column.value($0.figures) != 0 } }
        // Issue 50: a Distance column when a job carries one (its total per unit in the footer).
        let hasDistance = !section.distance.isEmpty
        let header =
            [words["date"], words[isDriver ? "job" : "reference"], words["description"]]
            + (hasDistance ? [words["distance"]] : []) + amountColumns.map(\.name)
            + [words["net"], words["payout"]]
        let alignments: [TableData.Alignment] =
            [.left, .left, .prose] + (hasDistance ? [.right] : []) + amountColumns.map { _ in .right } + [
                .right, .left,
            ]
        let labels = LineLabels(words)
        let rows = section.lines.map { line -> [String] in
            [time(line.occurredAt, line.localOffset), line.reference ?? "", labels.describe(line)]
                + (hasDistance ? [words.distances(line.distance)] : [])
                + amountColumns.map { money($0.value(line.figures)) }
                + [money(line.net), labels.payoutText(line.payoutID, line.payoutStatus)]
        }
        var footer =
            [words["total"], "", ""] + (hasDistance ? [words.distances(section.distance)] : [])
            + amountColumns.map { money($0.value(section.figures)) }
        footer += [money(section.figures.change), ""]
        return TableData(
            id: "lines-\(section.currency.code)", header: header, alignments: alignments, rows: rows, footer: [footer],
            rowHeaderColumn: 1)
    }

    /// A year's gross by month with the count of jobs or charges (``AnnualSummary``).
    static func annualTable(
        _ summary: AnnualSummary, currency: Currency, isDriver: Bool, words: Wording, money: (Int64) -> String
    ) -> TableData {
        TableData(
            id: "annual-\(currency.code)",
            header: [
                words["month"], words["annual_box"], words[isDriver ? "take_from_jobs" : "sales"],
                words[isDriver ? "annual_jobs" : "annual_charges"],
            ],
            alignments: [.left, .left, .right, .right],
            rows: summary.months.map { month in
                [
                    words.monthName(month.month), AnnualSummary.box(month: month.month), money(month.gross),
                    String(month.count),
                ]
            }, rowHeaderColumn: 0)
    }

    static func payoutsTable(
        _ section: CurrencySection, words: Wording, money: (Int64) -> String, time: (Timestamp, Int) -> String
    ) -> TableData {
        // Issue 50: an Arrival column when a payout's row says when the money reaches (or reached) the bank.
        let hasArrival = section.payouts.contains { $0.arrival != nil }
        return TableData(
            id: "payouts-\(section.currency.code)",
            header: [words["date"], words["payout"], words["amount"], words["status"]]
                + (hasArrival ? [words["arrival"]] : []),
            alignments: [.left, .left, .right, .left] + (hasArrival ? [.left] : []),
            rows: section.payouts.map { payout in
                [
                    time(payout.occurredAt, payout.localOffset), payout.payoutID, money(payout.amount),
                    words.status(payout.status),
                ] + (hasArrival ? [words.arrival(payout.arrival, status: payout.status)] : [])
            }, rowHeaderColumn: 1)
    }
}

/// The words of a statement line's description and payout cells, looked up once per table.
struct LineLabels {
    let payoutReversal: String
    let payout: String
    let adjustment: String
    let notYetPaidOut: String
    let words: Wording

    init(_ words: Wording) {
        payoutReversal = words["payout_reversal"]
        payout = words["payout"]
        adjustment = words["adjustment"]
        notYetPaidOut = words["not_yet_paid_out"]
        self.words = words
    }

    /// The line's description; a payout or adjustment without one says what it is.
    func describe(_ line: StatementLine) -> String {
        if let text = line.description { return text }
        if line.figures.payouts != 0 && line.figures.entries == 1 {
            return line.figures.payouts > 0 ? payoutReversal : payout
        }
        if line.figures.adjustments != 0 && line.figures.entries == 1 { return adjustment }
        return ""
    }

    /// `po_1 · Paid`, or "not yet paid out" for a line no payout includes.
    func payoutText(_ id: String?, _ status: PayoutStatus?) -> String {
        guard let id else { return notYetPaidOut }
        return "\(id) · \(words.status(status))"
    }
}

/// A line's local time as the statement shows it: `2026-11-01 01:30`, and with its offset,
/// `2026-11-01 01:30 (UTC-04:00)`, when the payee's clock shows that time twice (the hour repeated
/// when clocks go back), so the two are never read as one.
struct WallClockText {
    let repeated: [Range<Int64>]
    let wording: Wording

    init(statement: Statement, wording: Wording) {
        self.wording = wording
        let instants = statement.sections.flatMap {
            $0.lines.map(\.occurredAt.epochSeconds) + $0.payouts.map(\.occurredAt.epochSeconds)
        }
        guard let first = instants.min(), let last = instants.max() else {
            repeated = []
            return
        }
        repeated = ZoneClock.repeatedWallTimes(zone: statement.payee.timeZone, from: first, through: last)
    }

    func text(_ time: Timestamp, _ offset: Int) -> String {
        repeated.contains { $0.contains(time.epochSeconds) }
            ? wording.asOf(time, offset: offset) : wording.time(time, offset: offset)
    }
}
