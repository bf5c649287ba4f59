import LedgerPressCore

/// What a payee's home page template sees: their all-time balances, the latest statement of each kind, every
/// statement grouped by kind (newest first), their payouts by status, in their words and locale.
///
/// > Note: for drivers, fees are folded into earnings ("take") as on their statements.
public struct PayeeHomeView {
    /// One currency's payouts by status, as positive sums of money leaving: what is on its way (pending,
    /// processing), what was paid in ``PayeeHomeView/init(book:payouts:month:issuer:formats:wording:footer:)``'s
    /// month, and what failed.
    public struct Payouts: Sendable, Equatable {
        public var currency: Currency
        public var pending: Int64
        public var processing: Int64
        public var paidThisMonth: Int64
        public var failed: Int64

        public init(currency: Currency, pending: Int64, processing: Int64, paidThisMonth: Int64, failed: Int64) {
            self.currency = currency
            self.pending = pending
            self.processing = processing
            self.paidThisMonth = paidThisMonth
            self.failed = failed
        }
    }

    public var context: TemplateObject

    /// `payouts`: per currency, in code order; `month`: the local month "this month" means (the month of the
    /// payee's latest entry); `footer`: the payee's footer, in their words.
    public init(
        book: PayeeBook, payouts: [Payouts], month: (year: Int, month: Int), issuer: String?, formats: MoneyFormats,
        wording: Wording, footer: String
    ) {
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
        for kind in [PeriodKind.day, .week, .month] {
            if let statement = book.statements.last(where: { $0.period.kind == kind }) {
                latest.append([
                    "kind_label": .text(wording.kindLabel(kind)), "href": .text(statement.period.label + ".html"),
                    "title": .text(wording.title(statement.period)),
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
                "title": .text(wording.title(statement.period)),
            ]
        }
        let newestFirst = book.statements.reversed().map { (kind: $0.period.kind, row: row($0)) }
        let statements = newestFirst.map(\.row)
        // One section per kind, months first, each newest first (a year of days is a long list of its own).
        let groups: [TemplateObject] = [
            (PeriodKind.month, "group_months"), (.week, "group_weeks"), (.day, "group_days"), (.range, "group_ranges"),
        ].compactMap { kind, heading in
            let rows = newestFirst.filter { $0.kind == kind }.map(\.row)
            return rows.isEmpty
                ? nil
                : [
                    "heading": .text(wording[heading]), "id": .text("kind-" + kind.rawValue), "rows": .list(rows),
                    "count": .text(String(rows.count)),
                ]
        }
        let payoutStatus: [TemplateObject] = payouts.map { sums in
            [
                "currency": .text(sums.currency.code), "pending": .text(money(sums.pending, sums.currency)),
                "processing": .text(money(sums.processing, sums.currency)),
                "paid_this_month": .text(money(sums.paidThisMonth, sums.currency)),
                "failed": .text(money(sums.failed, sums.currency)),
            ]
        }
        let thisMonth = wording.monthYear(year: month.year, month: month.month)
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
        if let issuer, !issuer.isEmpty { context["issuer"] = .text(issuer) }
        self.context = context
    }
}
