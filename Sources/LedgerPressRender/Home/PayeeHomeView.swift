import LedgerPressCore

/// What a payee's home page template sees: their all-time balances, the latest statement of each kind, every
/// statement grouped by kind (newest first), their payouts by status, in their words and locale.
///
/// > Note: for drivers, fees are folded into earnings ("take") as on their statements.
public struct PayeeHomeView {
    public var context: TemplateObject

    /// The payouts by status are the book's (``PayoutSplit``: "this month" is the business month of the payee's
    /// latest entry); `footer`: the payee's footer, in their words; `documents`: the files besides each statement's
    /// page, Markdown and CSV that exist, each linked (a statement's `pdf_href` with `has_pdf`, the `letter`).
    public init(
        book: PayeeBook, issuer: String?, formats: MoneyFormats, wording: Wording, footer: String,
        documents: PayeeHomeDocuments = PayeeHomeDocuments()
    ) {
        let payee = book.payee
        let isDriver = payee.type == .driver
        func money(_ value: Int64, _ currency: Currency) -> String {
            formats.format(value, currency, locale: payee.locale)
        }
        let splits = Dictionary(uniqueKeysWithValues: book.payoutSplit.byCurrency.map { ($0.currency.code, $0.sums) })
        let balances: [TemplateObject] = book.allTime.map { item in
            let f = item.figures
            let split = PayeeHomeView.balanceSplit(f.closingBalance, splits[item.currency.code], wording) {
                money($0, item.currency)
            }
            var row: TemplateObject = [
                "split": .list(split), "has_split": .flag(!split.isEmpty),
                "currency": .text(item.currency.code), "closing_balance": .text(money(f.closingBalance, item.currency)),
                "tips": .text(money(f.tips, item.currency)), "adjustments": .text(money(f.adjustments, item.currency)),
                "net_activity": .text(money(f.netActivity, item.currency)),
                "payouts": .text(money(f.payouts, item.currency)), "tax": .text(money(f.tax, item.currency)),
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
            let hasPDF = documents.pdfKinds.contains(statement.period.kind)
            return [
                "label": .text(label), "kind_label": .text(wording.kindLabel(statement.period.kind)),
                "html_href": .text(label + ".html"), "md_href": .text(label + ".md"), "csv_href": .text(label + ".csv"),
                "has_pdf": .flag(hasPDF), "pdf_href": .text(hasPDF ? label + ".pdf" : ""),
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
        let payoutStatus: [TemplateObject] = book.payoutSplit.byCurrency.map { currency, sums in
            [
                "currency": .text(currency.code), "pending": .text(money(sums.pending, currency)),
                "processing": .text(money(sums.processing, currency)),
                "paid_this_month": .text(money(sums.paidThisMonth, currency)),
                "failed": .text(money(sums.failed, currency)),
            ]
        }
        // Issue 50: each payout on its way whose row says when it arrives, in the payee's words.
        let arrivals: [TemplateObject] = book.payoutSplit.onTheirWay.map { payout in
            [
                "text": .text(
                    wording.payoutOnItsWay(
                        status: payout.status, amount: money(payout.amount, payout.currency), arrival: payout.arrival)),
                "currency": .text(payout.currency.code), "payout_id": .text(payout.payoutID),
                "arrival": .text(payout.arrival.description),
            ]
        }
        let month = book.payoutSplit.month
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
            "has_payouts": .flag(!payoutStatus.isEmpty), "arrivals": .list(arrivals), "this_month": .text(thisMonth),
            "paid_in_month": .text(wording.fill("paid_in", ["month": thisMonth])),
            "is_driver": .flag(isDriver), "footer": .text(footer), "t": .object(wording.templateWords),
            "has_tax": .flag(book.allTime.contains { $0.figures.tax != 0 }),
        ]
        if let issuer, !issuer.isEmpty { context["issuer"] = .text(issuer) }
        context["has_letter"] = .flag(documents.letter != nil)
        if let letter = documents.letterContext { context["letter"] = .object(letter) }
        self.context = context
    }

    /// The balance split by where its money is, when payouts known only from their entries hold some of it
    /// (``PayoutSplit/Sums/inPending``): not yet in a payout, then in a pending, processing or paid payout (the
    /// non-zero ones; `label`, `amount`). Empty otherwise: the whole balance is simply owed.
    static func balanceSplit(
        _ closing: Int64, _ sums: PayoutSplit.Sums?, _ wording: Wording, money: (Int64) -> String
    ) -> [TemplateObject] {
        guard let sums, sums.holdsBalance else { return [] }
        // The parts are sums of the same entries as the balance, which was checked to fit: no overflow here.
        let inPayouts = sums.inPending.addingReportingOverflow(sums.inProcessing).partialValue
            .addingReportingOverflow(sums.inPaid).partialValue
        let parts: [(String, Int64)] = [
            ("split_not_in_payout", closing.subtractingReportingOverflow(inPayouts).partialValue),
            ("status_pending", sums.inPending), ("status_processing", sums.inProcessing),
            ("split_paid_not_booked", sums.inPaid),
        ]
        return parts.filter { $0.1 != 0 || $0.0 == "split_not_in_payout" }.map { key, amount in
            ["label": .text(wording[key]), "amount": .text(money(amount))]
        }
    }
}
