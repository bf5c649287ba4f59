import LedgerPressCore

extension IncomeLetterPage {
    /// What `letter-figures.html` sees: the payee and issue time, then per currency its months, year to date,
    /// weekly averages and payouts, every amount and date already formatted for the payee's locale.
    static func figuresContext(_ letter: IncomeLetter, issuer: String?, wording: Wording, formats: MoneyFormats)
        -> TemplateObject
    {
        let locale = letter.payee.locale
        let issued = Timestamp.format(epochSeconds: letter.issuedAt.epochSeconds, offsetSeconds: letter.issuedAtOffset)
        let gross = wording[letter.payee.type == .driver ? "letter_gross_driver" : "letter_gross_merchant"]
        let currencies: [TemplateObject] = letter.currencies.map { part in
            let c = part.currency
            func money(_ minor: Int64) -> TemplateValue { .text(formats.format(minor, c, locale: locale)) }
            let code = ["currency": c.code]
            let months: [TemplateObject] = part.months.map { month in
                [
                    "month": .text(monthText(month.label, wording: wording)), "iso": .text(month.label),
                    "gross": money(month.amounts.gross), "net": money(month.amounts.net),
                ]
            }
            let weekly: [TemplateObject] = part.weeklyNet.map { weekly in
                [
                    "weeks": .text(wording.fill("letter_last_weeks", ["weeks": String(weekly.weeks)])),
                    "first": .text(weekly.firstWeek), "last": .text(weekly.lastWeek), "total": money(weekly.total),
                    "average": money(weekly.average),
                ]
            }
            let payouts: [TemplateObject] = part.payouts.map { payout in
                [
                    "id": .text(payout.id), "day": .text(wording.date(payout.day)),
                    "iso": .text(payout.day.description),
                    "amount": money(payout.amount),
                ]
            }
            return [
                "code": .text(c.code), "gross_heading": .text(gross),
                "months_caption": .text(wording.fill("letter_months_caption", code)), "months": .list(months),
                "ytd_caption": .text(wording.fill("letter_ytd_caption", code)),
                "ytd_row": .text(
                    wording.fill(
                        "letter_ytd_row", ["year": String(letter.issueDay.year), "date": wording.date(letter.issueDay)])
                ),
                "ytd_gross": money(part.yearToDate.gross), "ytd_net": money(part.yearToDate.net),
                "has_distance": .flag(!part.yearToDateDistance.isEmpty),
                "distance": .text(wording.distances(part.yearToDateDistance)),
                "weekly_caption": .text(wording.fill("letter_weekly_caption", code)), "weekly": .list(weekly),
                "payouts_caption": .text(
                    wording.fill(
                        "letter_payouts_caption",
                        [
                            "from": wording.date(letter.payoutsFrom), "to": wording.date(letter.issueDay),
                            "currency": c.code,
                        ])),
                "has_payouts": .flag(!payouts.isEmpty), "payouts": .list(payouts),
                "payouts_total": money(part.payoutsTotal),
            ]
        }
        return [
            "has_issuer": .flag(issuer != nil), "issuer": .text(issuer ?? ""), "name": .text(letter.payee.name),
            "payee_id": .text(letter.payee.id), "payee_type": .text(wording[letter.payee.type.rawValue]),
            "issued": .text(wording.asOf(letter.issuedAt, offset: letter.issuedAtOffset)),
            "issued_iso": .text(issued), "has_currencies": .flag(!currencies.isEmpty), "currencies": .list(currencies),
            "t": .object(wording.templateWords),
        ]
    }

    /// `2026-10` as `October 2026` / `Oktober 2026` (the label itself if it is not a month's).
    static func monthText(_ label: String, wording: Wording) -> String {
        let parts = label.split(separator: "-")
        guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else {
            return label
        }
        return wording.monthYear(year: year, month: month)
    }
}
