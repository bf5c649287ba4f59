import LedgerPressCore
import LedgerPressRender

/// An income letter as a ``PrintDocument``: the figures `letter-figures.html` shows (its context, every amount
/// and date already formatted), then the verification block with the QR code of the short URL, as vector squares;
/// the signed figures document (`income-letter.json`) attached.
public enum LetterPrint {
    public static func document(
        _ letter: IncomeLetter, figures: TemplateObject, verification: IncomeLetterPage.Verification,
        wording: Wording, json: [UInt8]
    ) -> PrintDocument {
        func text(_ object: TemplateObject, _ key: String) -> String { object[key]?.text ?? "" }
        let colon = wording["colon"]
        func fact(_ word: String, _ value: String) -> [PrintDocument.Text] {
            [.init(wording[word] + colon + " "), .init(value, bold: true)]
        }
        let title = wording.fill("letter_title", ["name": letter.payee.name])
        var blocks: [PrintDocument.Block] = [.heading(level: 1, text: title)]
        var facts: [[PrintDocument.Text]] = []
        if figures["has_issuer"]?.flag == true { facts.append(fact("letter_issued_by", text(figures, "issuer"))) }
        facts += [
            fact("letter_payee", text(figures, "name")), fact("letter_payee_id", text(figures, "payee_id")),
            fact("letter_payee_type", text(figures, "payee_type")),
            fact("letter_issued_as_of", text(figures, "issued")),
        ]
        blocks.append(.list(facts))
        let currencies = figures["currencies"]?.list ?? []
        if currencies.isEmpty { blocks.append(.paragraph([.init(wording["letter_no_earnings"])])) }
        for currency in currencies {
            let gross = text(currency, "gross_heading")
            blocks.append(.heading(level: 2, text: text(currency, "code")))
            blocks.append(
                .table(
                    TableData(
                        id: "months", header: [wording["letter_month"], gross, wording["net"]],
                        alignments: [.left, .right, .right],
                        rows: (currency["months"]?.list ?? []).map {
                            [text($0, "month"), text($0, "gross"), text($0, "net")]
                        },
                        caption: text(currency, "months_caption"), rowHeaderColumn: 0)))
            blocks.append(
                .table(
                    TableData(
                        id: "ytd", header: [wording["letter_year"], gross, wording["net"]],
                        alignments: [.left, .right, .right],
                        rows: [[text(currency, "ytd_row"), text(currency, "ytd_gross"), text(currency, "ytd_net")]],
                        caption: text(currency, "ytd_caption"), rowHeaderColumn: 0)))
            if currency["has_distance"]?.flag == true {
                blocks.append(.paragraph(fact("distance_on_jobs", text(currency, "distance"))))
            }
            blocks.append(
                .table(
                    TableData(
                        id: "weekly",
                        header: [
                            wording["letter_weeks"], wording["letter_from"], wording["letter_through"],
                            wording["letter_total_net"], wording["letter_average_week"],
                        ],
                        alignments: [.left, .left, .left, .right, .right],
                        rows: (currency["weekly"]?.list ?? []).map {
                            [
                                text($0, "weeks"), text($0, "first"), text($0, "last"), text($0, "total"),
                                text($0, "average"),
                            ]
                        },
                        caption: text(currency, "weekly_caption"), rowHeaderColumn: 0)))
            let payouts = (currency["payouts"]?.list ?? []).map {
                [text($0, "id"), text($0, "day"), text($0, "amount")]
            }
            blocks.append(
                .table(
                    TableData(
                        id: "payouts", header: [wording["payout"], wording["date"], wording["amount"]],
                        alignments: [.left, .left, .right],
                        rows: payouts.isEmpty ? [[wording["letter_no_payout"], "", ""]] : payouts,
                        footer: [[wording["total"], "", text(currency, "payouts_total")]],
                        caption: text(currency, "payouts_caption"), rowHeaderColumn: 0)))
        }
        blocks.append(.paragraph([.init(wording["letter_note"])]))
        blocks.append(.heading(level: 2, text: wording["letter_verification"]))
        blocks.append(.qr(text: verification.shortURL, alt: wording["letter_qr_label"] + ": " + verification.shortURL))
        blocks.append(.paragraph([.init(wording["letter_check_at"] + " "), .init(verification.shortURL, bold: true)]))
        blocks.append(
            .list([
                fact("letter_verify_page", verification.verifyURL), fact("letter_sha256", verification.sha256),
                fact("letter_signature", verification.signature), fact("letter_signing_key", verification.keyID),
                fact("letter_fingerprint", verification.fingerprint),
            ]))
        blocks.append(
            .paragraph([
                .init(wording["letter_figures_document"] + " " + verification.jsonHref + "; "),
                .init("ledgerpress verify-letter income-letter.json --public-key KEY.pub "),
                .init(wording["letter_checks_offline"]),
            ]))
        return PrintDocument(
            title: title, language: StatementPrint.language(letter.payee.locale),
            created: Timestamp.format(epochSeconds: letter.issuedAt.epochSeconds, offsetSeconds: 0), blocks: blocks,
            attachment: .init(
                name: "income-letter.json", bytes: json, mimeType: "application/json",
                description: "The letter's figures document (signed)"))
    }
}
