/// The words of a net chart, supplied by the caller (a locale's string table; ``english`` by default).
///
/// Titles and the description may hold placeholders, replaced in one pass by tool-made text: `{currency}`
/// (`USD`), `{first}` and `{last}` (the period's first and last dates, `2026-10-19`) and `{total}` (the
/// section's net activity in the payee's money format). An unknown `{name}` stays as written. Every word
/// is escaped where it is written, so a translation can never add markup.
public struct ChartLabels: Sendable, Equatable {
    /// String table key `chart_title_week`.
    public var titleWeek: String { didSet { titleWeekPhrase = Phrase(titleWeek) } }
    /// String table key `chart_title_month`.
    public var titleMonth: String { didSet { titleMonthPhrase = Phrase(titleMonth) } }
    /// String table key `chart_description`.
    public var description: String { didSet { descriptionPhrase = Phrase(description) } }
    /// The three texts with placeholders, parsed once (not once per chart).
    private(set) var titleWeekPhrase: Phrase
    private(set) var titleMonthPhrase: Phrase
    private(set) var descriptionPhrase: Phrase
    /// String table key `chart_day`: the header of the date column.
    public var day: String
    /// String table key `chart_net`: the header of the figures column.
    public var net: String
    /// The label of the total row (the lines table's `Total`).
    public var total: String

    public init(titleWeek: String, titleMonth: String, description: String, day: String, net: String, total: String) {
        self.titleWeek = titleWeek
        self.titleMonth = titleMonth
        self.description = description
        titleWeekPhrase = Phrase(titleWeek)
        titleMonthPhrase = Phrase(titleMonth)
        descriptionPhrase = Phrase(description)
        self.day = day
        self.net = net
        self.total = total
    }

    /// The English defaults.
    public static let english = ChartLabels(
        titleWeek: "Net earnings per day this week ({currency})",
        titleMonth: "Net earnings per day this month ({currency})",
        description: "Bar chart of net earnings for each day from {first} to {last} in {currency}, total {total}. "
            + "Bars above the line are days that added to the balance, bars below are days that took from it.",
        day: "Day", net: "Net", total: "Total")
}

extension ChartLabels {
    /// The chart's words from a payee's string tables (made once per locale, ``Wording/chartLabels``).
    public init(wording: Wording) {
        self = wording.chartLabels
    }

    /// The chart's words from a string table: `chart_title_week`, `chart_title_month`, `chart_description`,
    /// `chart_day`, `chart_net` and the lines table's `total` (a missing key stands for itself).
    init(words: [String: String]) {
        func word(_ key: String) -> String { words[key] ?? key }
        self.init(
            titleWeek: word("chart_title_week"), titleMonth: word("chart_title_month"),
            description: word("chart_description"), day: word("chart_day"), net: word("chart_net"),
            total: word("total"))
    }
}
