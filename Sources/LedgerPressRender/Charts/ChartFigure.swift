import LedgerPressCore

/// A chart ready for a statement: a plain-text table of its days for the Markdown, and the HTML figure that
/// ``CommonMark`` puts in that block's place.
///
/// > Note: the Markdown block is a fenced code block whose info string is `ledgerpress-chart ID`, so the
/// > `.md` file reads as an aligned table (day, net, total). The HTML is made here from tool-made figures and
/// > escaped words only; cmark's safe mode stays on.
public struct ChartFigure: Sendable, Equatable {
    /// `chart-USD`.
    public let id: String
    /// The fenced block for the Markdown (`{{{chart_block}}}`).
    public let markdownBlock: String
    /// The `<figure>`, from its opening tag to its closing tag.
    let html: String
    /// The chart's title and its description in words (what a printed figure's /Alt says), filled in.
    public let title: String
    public let summary: String
    /// Each day's net, first day to last (minor units), and the first and last days as the payee writes dates.
    public let values: [Int64]
    public let firstDate: String
    public let lastDate: String

    /// The info string that marks this chart's code block in the Markdown.
    public var infoString: String { ChartFigure.infoPrefix + id }

    static let infoPrefix = "ledgerpress-chart "

    /// The chart with its figures in `format`, the words of `labels` and dates written by `date` (the payee's
    /// numeric date, ``Wording/date(_:)``; ISO by default).
    public init(
        chart: NetChart, format: MoneyFormat, labels: ChartLabels,
        date: @escaping (CivilDate) -> String = { $0.description }
    ) {
        let money = { (value: Int64) in format.format(value) }
        let words = ChartWords(chart: chart, labels: labels, money: money, date: date)
        // Each day's date and figure, written once for the Markdown table, the bars and the hidden table.
        let days = chart.days.map { (date: date($0.date), net: money($0.net)) }
        let table = TableData(
            id: chart.id, header: [labels.day, labels.net], alignments: [.left, .right],
            rows: days.map { [$0.date, $0.net] }, footer: [[labels.total, money(chart.total)]])
        self.id = chart.id
        self.title = words.title
        self.summary = words.description
        self.values = chart.days.map(\.net)
        self.firstDate = days.first?.date ?? ""
        self.lastDate = days.last?.date ?? ""
        self.markdownBlock = table.markdownBlock(infoString: ChartFigure.infoPrefix + chart.id)
        self.html = chart.html(
            money: money, words: words,
            days: days.map { (date: HTMLText.escape($0.date), net: HTMLText.escape($0.net)) })
    }
}

/// The words of one chart, placeholders filled.
struct ChartWords {
    var title: String
    var description: String
    var labels: ChartLabels

    /// `date` writes a day as the payee reads dates (`2026-10-14`, `14.10.2026`).
    init(chart: NetChart, labels: ChartLabels, money: (Int64) -> String, date: (CivilDate) -> String) {
        let values = [
            "currency": chart.currency.code,
            "first": chart.days.first.map { date($0.date) } ?? "",
            "last": chart.days.last.map { date($0.date) } ?? "",
            "total": money(chart.total),
        ]
        let title: Phrase
        switch chart.kind {
        case .day, .week: title = labels.titleWeekPhrase
        case .month, .year, .range: title = labels.titleMonthPhrase  // only weeks and months have charts
        }
        self.title = title.fill { values[$0] }
        self.description = labels.descriptionPhrase.fill { values[$0] }
        self.labels = labels
    }
}
