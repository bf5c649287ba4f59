import LedgerPressCore

/// The words of one payee's pages, in their locale's language: what templates see as `{{t.key}}`, and the
/// texts the code builds (table headers, payout statuses, period titles, dates).
///
/// Made by ``StringTables/wording(for:)``, once per locale; everything a statement needs per row is
/// prepared here (statuses, the numeric date layout), so rendering a row looks nothing up in Foundation.
public struct Wording: Sendable {
    /// The locale this was made for (`de_DE`): it names the month and weekday names.
    public let locale: String
    /// The language of the words (`de`; `en` when no table has the locale's language), for `lang`.
    public let language: String
    /// Key → text, each key from the most specific table that has it non-empty (the templates' `t`).
    public let words: [String: String]
    /// The same words as the templates' `t` object, made once per locale.
    public let templateWords: TemplateObject
    /// Every word parsed as a ``Phrase`` once, for ``fill(_:_:)``.
    let phrases: [String: Phrase]
    let names: CalendarNames
    let titleDay: Phrase
    let titleWeek: Phrase
    let titleMonth: Phrase
    let titleRange: Phrase
    let dateLong: Phrase
    let dateNumeric: Phrase
    /// `date_numeric` is `{year}-{month}-{day}`: dates stay ISO and are cut from the timestamp's text.
    let isoDates: Bool
    /// Pending, processing, paid, failed, unknown.
    let statuses: [String]
    /// The words of the net charts.
    let chartLabels: ChartLabels

    init(locale: String, language: String, words: [String: String], names: CalendarNames) {
        self.locale = locale
        self.language = language
        self.words = words
        templateWords = TemplateObject(texts: words)
        phrases = words.mapValues(Phrase.init)
        self.names = names
        func phrase(_ key: String) -> Phrase { Phrase(words[key] ?? key) }
        titleDay = phrase("title_day")
        titleWeek = phrase("title_week")
        titleMonth = phrase("title_month")
        titleRange = phrase("title_range")
        dateLong = phrase("date_long")
        dateNumeric = phrase("date_numeric")
        isoDates = dateNumeric == Phrase("{year}-{month}-{day}")
        statuses = ["status_pending", "status_processing", "status_paid", "status_failed", "status_unknown"].map {
            words[$0] ?? $0
        }
        chartLabels = ChartLabels(words: words)
    }

    /// The text of `key`; the key itself when no table has it, so a missing word shows on the page.
    public subscript(key: String) -> String { words[key] ?? key }

    /// The text of `key` with its `{slots}` filled: `fill("paid_in", ["month": "Oktober 2026"])`.
    public func fill(_ key: String, _ values: [String: String]) -> String {
        (phrases[key] ?? Phrase(key)).fill { values[$0] }
    }

    /// A payout status as the payee reads it (`Paid`, `Bezahlt`); nil is "Unknown".
    public func status(_ status: PayoutStatus?) -> String {
        switch status {
        case .pending: return statuses[0]
        case .processing: return statuses[1]
        case .paid: return statuses[2]
        case .failed: return statuses[3]
        case nil: return statuses[4]
        }
    }
}
