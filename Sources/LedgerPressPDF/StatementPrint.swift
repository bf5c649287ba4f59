import LedgerPressCore
import LedgerPressRender

/// A statement as a ``PrintDocument``, from its render model (``StatementView``: the same formatted figures, words
/// and tables as its HTML page), in the built-in layout of `driver.md` / `merchant.md`: title, the payee line,
/// period and as-of, then per currency the summary list, the chart, the lines, the payouts, a year's summary and
/// year to date, and the disclaimer. Sites with their own templates get this layout too, in the payee's words.
public enum StatementPrint {
    /// The document of `statement` whose view is `view`, in `wording`'s words, with `csv` (its `.csv` file) attached.
    public static func document(
        _ statement: Statement, view: StatementView, wording: Wording, csv: [UInt8], label: String
    ) -> PrintDocument {
        let payee = statement.payee
        let isDriver = payee.type == .driver
        let context = view.context
        func text(_ key: String) -> String { context[key]?.text ?? "" }
        let colon = wording["colon"]
        var blocks: [PrintDocument.Block] = [.heading(level: 1, text: view.markdownTitle)]
        var intro: [PrintDocument.Text] = []
        if let issuer = context["issuer"]?.text { intro += [.init(issuer, bold: true), .init(" · ")] }
        intro += [
            .init(wording[isDriver ? "intro_driver" : "intro_merchant"] + " "), .init(payee.name, bold: true),
            .init(" (\(wording[isDriver ? "driver" : "merchant"]) \(payee.id))"),
        ]
        blocks.append(.paragraph(intro))
        blocks.append(.paragraph([.init(text("period_text"))]))
        blocks.append(.paragraph([.init(wording["as_of"] + colon + " " + text("as_of"))]))
        if let revision = context["revision"]?.object {
            var note: [PrintDocument.Text] = [
                .init(
                    "\(wording["revised"]) — \(wording["version"]) \(revision["version"]?.text ?? "")", bold: true),
                .init(
                    ", \(wording["first_issued_as_of"]) \(revision["first_issued_as_of"]?.text ?? ""). "
                        + wording["changes"] + colon),
            ]
            for change in revision["changes"]?.list ?? [] {
                func value(_ key: String) -> String { change[key]?.text ?? "" }
                note.append(
                    .init(
                        " \(value("currency")) \(wording["change_net_activity"]) \(value("previous_net_activity")) → "
                            + "\(value("net_activity")), \(wording["change_closing_balance"]) "
                            + "\(value("previous_closing_balance")) → \(value("closing_balance"));"))
            }
            blocks.append(.note(note))
        }
        for (index, section) in (context["sections"]?.list ?? []).enumerated() {
            let currency = section["currency"]?.text ?? ""
            func figure(_ word: String, _ key: String, bold: Bool = false, in object: TemplateObject = section)
                -> [PrintDocument.Text]
            {
                [.init(wording[word] + colon + " " + (object[key]?.text ?? ""), bold: bold)]
            }
            let hasRefunds = section["has_refunds"]?.flag ?? false
            let hasTax = section["has_tax"]?.flag ?? false
            blocks.append(.heading(level: 2, text: currency))
            blocks.append(
                .list(summary(section, isDriver: isDriver, hasRefunds: hasRefunds, hasTax: hasTax, figure: figure)))
            if let chart = view.charts["chart-" + currency] {
                blocks.append(
                    .chart(
                        .init(
                            title: chart.title, alt: chart.title + ". " + chart.summary, values: chart.values,
                            firstLabel: chart.firstDate, lastLabel: chart.lastDate)))
            }
            blocks.append(.heading(level: 3, text: wording[isDriver ? "jobs_heading" : "activity_heading"]))
            if let lines = view.tables["lines-" + currency] { blocks.append(.table(lines)) }
            if let payouts = view.tables["payouts-" + currency] {
                blocks.append(.heading(level: 3, text: wording["payouts"]))
                blocks.append(.table(payouts))
            }
            if section["annual"] != nil, let annual = view.tables["annual-" + currency] {
                blocks.append(.heading(level: 3, text: wording["annual_heading"]))
                blocks.append(.table(annual))
                blocks.append(.heading(level: 3, text: wording["annual_reconciliation"]))
                var items = summary(section, isDriver: isDriver, hasRefunds: hasRefunds, hasTax: hasTax, figure: figure)
                items.removeLast()  // entries
                let paidOut = items.count - 2
                items[paidOut] = figure("annual_paid_out", "payouts")
                blocks.append(.list(items))
                blocks.append(.paragraph([.init(wording["annual_not_a_tax_form"])]))
            }
            if let ytd = section["ytd"]?.object {
                blocks.append(
                    .heading(level: 3, text: "\(wording["year_to_date"]) (\(ytd["year"]?.text ?? ""))"))
                var items: [[PrintDocument.Text]] =
                    isDriver
                    ? [figure("take_from_jobs", "take", in: ytd)]
                    : [figure("sales", "earnings", in: ytd), figure("refunds", "refunds", in: ytd)]
                if hasTax { items.append(figure("tax", "tax", in: ytd)) }
                if !isDriver { items.append(figure("processing_fees", "fees", in: ytd)) }
                items += [figure("tips", "tips", in: ytd), figure("adjustments", "adjustments", in: ytd)]
                items += [
                    figure(isDriver ? "net_earnings" : "net", "net_activity", in: ytd),
                    figure("payouts", "payouts", in: ytd),
                ]
                blocks.append(.list(items))
            }
            _ = index
        }
        blocks.append(.paragraph([.init(wording[isDriver ? "disclaimer_driver" : "disclaimer_merchant"])]))
        return PrintDocument(
            title: view.markdownTitle + " — " + payee.name, language: language(payee.locale),
            created: Timestamp.format(epochSeconds: statement.asOf.epochSeconds, offsetSeconds: 0),
            blocks: blocks,
            attachment: .init(
                name: label + ".csv", bytes: csv, mimeType: "text/csv", description: "The statement's lines (CSV)"))
    }

    /// The summary list of a section, as the built-in templates order it.
    private static func summary(
        _ section: TemplateObject, isDriver: Bool, hasRefunds: Bool, hasTax: Bool,
        figure: (String, String, Bool, TemplateObject) -> [PrintDocument.Text]
    ) -> [[PrintDocument.Text]] {
        func item(_ word: String, _ key: String, bold: Bool = false) -> [PrintDocument.Text] {
            figure(word, key, bold, section)
        }
        var items: [[PrintDocument.Text]] = [item("opening_balance", "opening_balance")]
        if isDriver {
            items += [item("take_from_jobs", "take"), item("tips", "tips"), item("adjustments", "adjustments")]
            if hasRefunds { items.append(item("refunds", "refunds")) }
            if hasTax { items.append(item("tax", "tax")) }
            items += [
                item("net_earnings", "net_activity", bold: true), item("payouts", "payouts"),
                item("balance_owed", "closing_balance", bold: true),
            ]
        } else {
            items += [item("sales", "earnings"), item("refunds", "refunds")]
            if hasTax { items.append(item("tax", "tax")) }
            items += [
                item("processing_fees", "fees"), item("tips", "tips"), item("adjustments", "adjustments"),
                item("net", "net_activity", bold: true), item("payouts", "payouts"),
                item("future_payouts", "closing_balance", bold: true),
            ]
        }
        items.append(item("entries", "entries"))
        return items
    }

    /// `de_DE` as `de-DE` (BCP 47).
    public static func language(_ locale: String) -> String {
        let tag = String(locale.map { $0 == "_" ? "-" : $0 })
        return tag.isEmpty ? "en-US" : tag
    }
}
