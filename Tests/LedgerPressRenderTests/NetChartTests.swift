// swift-format-ignore-file: NeverForceUnwrap, NeverUseForceTry

import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// The net-per-day chart: days across DST changes, one bar per day, accessible text, and nothing active or
/// injectable in the SVG.
@Suite struct NetChartTests {
    static let usd = Currency(code: "USD")!
    static let newYork = ZoneClock(identifier: "America/New_York")!

    static func entry(
        _ id: String, _ time: String, _ kind: EntryKind, _ cents: Int64, reference: String? = nil,
        description: String? = nil
    ) -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: RFC3339.parse(time)!, payeeID: "p", payeeType: .driver, kind: kind,
            amount: Money(minorUnits: cents, currency: usd), reference: reference, description: description,
            payoutID: kind == .payout ? "po_" + id : nil, source: SourceLocation(file: "t.csv", line: 2))
    }

    static func book(_ entries: [LedgerEntry], name: String = "Ann") throws -> PayeeBook {
        let payee = Payee(id: "p", type: .driver, name: name, timeZone: "America/New_York", locale: "en_US")
        let builder = StatementBuilder(selection: PeriodSelection(kinds: [.day, .week, .month]))
        return try builder.book(for: payee, entries: entries, zone: newYork)
    }

    /// New York, 2026: 8 March is 23 hours long, 1 November 25 hours.
    static let dstEntries = [
        entry("a", "2026-03-08T00:30:00-05:00", .earning, 1_000),
        entry("b", "2026-03-08T23:30:00-04:00", .earning, 500),  // 2026-03-09T03:30Z: still 8 March locally
        entry("c", "2026-03-09T00:10:00-04:00", .fee, -200),
        entry("d", "2026-03-04T12:00:00-05:00", .payout, -9_000),  // payouts are not net activity
        entry("e", "2026-03-05T12:00:00-05:00", .refund, -300),
        entry("f", "2026-11-01T01:30:00-04:00", .earning, 700),
        entry("g", "2026-11-01T01:30:00-05:00", .tip, 100),  // the repeated hour
        entry("h", "2026-11-01T23:30:00-05:00", .earning, 50),  // 2026-11-02T04:30Z
        entry("i", "2026-11-02T00:30:00-05:00", .adjustment, -25),
    ]

    static func chart(_ book: PayeeBook, _ label: String) throws -> NetChart {
        let statement = try #require(book.statements.first { $0.period.label == label })
        return try #require(NetChart(section: statement.sections[0], period: statement.period))
    }

    @Test func daysOf23And25HoursCountByLocalDate() throws {
        let book = try Self.book(Self.dstEntries)
        let week = try Self.chart(book, "2026-W10")
        #expect(week.days.map(\.date.description) == (2...8).map { "2026-03-0\($0)" })
        #expect(week.days.map(\.net) == [0, 0, 0, -300, 0, 0, 1_500])
        #expect(week.total == 1_200)
        let next = try Self.chart(book, "2026-W11")
        #expect(next.days[0].net == -200)
        let november = try Self.chart(book, "2026-11")
        #expect(november.days.count == 30)
        #expect(november.days[0].net == 850 && november.days[1].net == -25)
        #expect(november.days.dropFirst(2).allSatisfy { $0.net == 0 })
        #expect(november.total == 825)
    }

    @Test func dayAndRangeStatementsHaveNoChart() throws {
        let book = try Self.book(Self.dstEntries)
        var kinds: Set<PeriodKind> = []
        for statement in book.statements {
            let view = StatementView(
                statement: statement, issuer: nil, formats: MoneyFormats(),
                wording: try #require(WordingTests.strings).wording(for: "en_US"))
            let sections = try #require(view.context["sections"]?.list)
            let charted = statement.period.kind == .week || statement.period.kind == .month
            #expect(view.charts.count == (charted ? statement.sections.count : 0))
            for section in sections {
                #expect(section["has_chart"]?.flag == charted)
                #expect((section["chart_block"] != nil) == charted)
            }
            kinds.insert(statement.period.kind)
        }
        #expect(kinds == [.day, .week, .month])
        let range = Period.range(from: CivilDate(iso: "2026-03-01")!, through: CivilDate(iso: "2026-03-10")!)
        let section = try #require(book.statements.first { $0.period.kind == .month }?.sections.first)
        #expect(NetChart(section: section, period: range) == nil)
    }

    static func figure(_ chart: NetChart, labels: ChartLabels = .english) -> ChartFigure {
        ChartFigure(chart: chart, format: MoneyFormat(currency: usd, localeIdentifier: "en_US"), labels: labels)
    }

    @Test func svgHasABarPerDayWithItsFigureATitleADescriptionAndATable() throws {
        let chart = try Self.chart(try Self.book(Self.dstEntries), "2026-W10")
        let html = Self.figure(chart).html
        #expect(html.hasPrefix("<figure class=\"chart\" id=\"chart-USD\">\n"))
        #expect(
            html.contains(
                "<svg viewBox=\"0 0 720 280\" width=\"100%\" role=\"img\" aria-labelledby=\"chart-USD-caption chart-USD-desc\">"
            ))
        #expect(html.contains("<figcaption id=\"chart-USD-caption\">Net earnings per day this week (USD)</figcaption>"))
        #expect(html.contains("<title>Net earnings per day this week (USD)</title>\n<desc id=\"chart-USD-desc\">"))
        #expect(
            html.contains(
                "<desc id=\"chart-USD-desc\">Bar chart of net earnings for each day from 2026-03-02 to 2026-03-08 in USD, total $12.00."
            ))
        #expect(html.components(separatedBy: "<rect ").count - 1 == 7)
        for (date, money) in [("2026-03-02", "$0.00"), ("2026-03-05", "-$3.00"), ("2026-03-08", "$15.00")] {
            #expect(html.contains("<title>\(date): \(money)</title></rect>"))
            #expect(html.contains("<tr><th scope=\"row\">\(date)</th><td class=\"num\">\(money)</td></tr>"))
        }
        #expect(html.contains("<rect class=\"bar-neg\""))
        #expect(html.contains("<rect class=\"bar-pos\""))
        #expect(html.contains("<caption>Net earnings per day this week (USD)</caption>"))
        #expect(html.contains("<th scope=\"col\">Day</th><th scope=\"col\" class=\"num\">Net</th>"))
        #expect(html.contains("<tfoot><tr><th scope=\"row\">Total</th><td class=\"num\">$12.00</td></tr></tfoot>"))
        for banned in ["<script", "style=", "<style", "href", "url(", "<image", "<use", "<foreignObject"] {
            #expect(!html.contains(banned), "\(banned)")
        }
        #expect(html.range(of: " on[a-z]+=", options: .regularExpression) == nil)
    }

    @Test func barsStayInThePlotAndScaleWithIntegers() throws {
        // Extremes: ±10^15 minor units beside one cent; every coordinate is an integer inside the viewBox.
        let book = try Self.book([
            Self.entry("a", "2026-10-05T12:00:00-04:00", .earning, 1_000_000_000_000_000),
            Self.entry("b", "2026-10-06T12:00:00-04:00", .refund, -1_000_000_000_000_000),
            Self.entry("c", "2026-10-07T12:00:00-04:00", .tip, 1),
            Self.entry("d", "2026-10-08T12:00:00-04:00", .fee, -1),
        ])
        let chart = try Self.chart(book, "2026-W41")
        let body = chart.svgBody(money: { String($0) }, days: chart.days.map { ($0.date.description, String($0.net)) })
        let zero = chart.zeroLine(high: chart.range.high, low: chart.range.low)
        #expect(zero == 123)  // the middle of 24...222
        #expect(body.contains("<rect class=\"bar-pos\" x=\"30\" y=\"24\" width=\"60\" height=\"99\">"))
        #expect(body.contains("<rect class=\"bar-neg\" x=\"130\" y=\"123\" width=\"60\" height=\"99\">"))
        // A day of one cent is still drawn, one unit tall.
        #expect(body.contains("<rect class=\"bar-pos\" x=\"230\" y=\"122\" width=\"60\" height=\"1\">"))
        #expect(body.contains("<rect class=\"bar-neg\" x=\"330\" y=\"123\" width=\"60\" height=\"1\">"))
        #expect(body.contains("<rect class=\"bar-zero\" x=\"430\" y=\"123\" width=\"60\" height=\"0\">"))
        let numbers = body.split { !$0.isNumber && $0 != "." && $0 != "-" }.filter { $0.contains(".") }
        #expect(numbers.isEmpty, "no fractional coordinates: \(numbers)")
        // Only gains: the zero line is the plot's bottom; only losses: its top.
        let gains = try Self.chart(
            try Self.book([Self.entry("a", "2026-10-05T12:00:00-04:00", .earning, 5)]), "2026-W41")
        #expect(gains.zeroLine(high: 5, low: 0) == NetChart.plotBottom)
        #expect(gains.zeroLine(high: 0, low: -5) == NetChart.plotTop)
    }

    static let hostile = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\" onload=\"alert(1)", "]]><svg onload=alert(1)>",
        "</title><script>x</script>", "<style>*{}</style>", "<a href=\"javascript:alert(1)\">x</a>", "&lt;",
        "\u{202E}evil",
        "x\u{0}y", "{currency}<b>", "```", "<foreignObject><iframe src=x>",
    ]

    /// Every tag and attribute of a figure, whatever the words and ledger text: only the chart's own.
    static func tagsAndAttributes(_ html: String) -> (tags: Set<String>, attributes: Set<String>) {
        var tags: Set<String> = []
        var attributes: Set<String> = []
        let tag = try! NSRegularExpression(pattern: "<(/?[A-Za-z]+)([^>]*)>")
        let attribute = try! NSRegularExpression(pattern: "([A-Za-z-]+)=\"[^\"]*\"")
        let text = html as NSString
        for match in tag.matches(in: html, range: NSRange(location: 0, length: text.length)) {
            tags.insert(text.substring(with: match.range(at: 1)).replacingOccurrences(of: "/", with: ""))
            let inside = text.substring(with: match.range(at: 2)) as NSString
            for a in attribute.matches(in: inside as String, range: NSRange(location: 0, length: inside.length)) {
                attributes.insert(inside.substring(with: a.range(at: 1)))
            }
        }
        return (tags, attributes)
    }

    @Test(arguments: hostile)
    func hostileWordsAndLedgerTextCannotAddMarkup(_ text: String) throws {
        let book = try Self.book(
            Self.dstEntries + [
                Self.entry("z", "2026-03-06T09:00:00-05:00", .earning, 1, reference: text, description: text)
            ],
            name: text)
        let labels = ChartLabels(
            titleWeek: text, titleMonth: text, description: text, day: text, net: text, total: text)
        let figure = Self.figure(try Self.chart(book, "2026-W10"), labels: labels)
        let (tags, attributes) = Self.tagsAndAttributes(figure.html)
        #expect(
            tags == [
                "figure", "figcaption", "svg", "title", "desc", "line", "text", "rect", "table", "caption", "thead",
                "tbody",
                "tfoot", "tr", "th", "td",
            ])
        #expect(
            attributes.isSubset(of: [
                "class", "id", "viewBox", "width", "height", "role", "aria-labelledby", "x", "y", "x1", "y1",
                "x2", "y2", "text-anchor", "scope",
            ]))
        #expect(!figure.html.contains("\u{0}"))
        // The Markdown block stays one fenced block under its own info string.
        let lines = figure.markdownBlock.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasSuffix("ledgerpress-chart chart-USD") == true)
        let fence = lines[0].prefix { $0 == "`" }.count
        #expect(fence >= 3)
        #expect(lines.indices.filter { lines[$0].prefix { $0 == "`" }.count >= fence } == [0, lines.count - 2])
    }

    @Test func commonMarkSwapsTheChartBlockAndStaysInSafeMode() throws {
        let figure = Self.figure(try Self.chart(try Self.book(Self.dstEntries), "2026-W10"))
        #expect(
            figure.markdownBlock == """
                ```ledgerpress-chart chart-USD
                Day            Net
                ----------  ------
                2026-03-02   $0.00
                2026-03-03   $0.00
                2026-03-04   $0.00
                2026-03-05  -$3.00
                2026-03-06   $0.00
                2026-03-07   $0.00
                2026-03-08  $15.00
                ----------  ------
                Total       $12.00
                ```

                """)
        let markdown = "## USD\n\n<script>alert(1)</script>\n\n" + figure.markdownBlock + "\nAfter.\n"
        let html = try CommonMark.html(fromMarkdown: markdown, charts: [figure.id: figure])
        #expect(html.contains("\n" + figure.html + "\n<p>After.</p>"))
        #expect(!html.contains("<pre") && !html.contains("ledgerpress-chart") && !html.contains("<script"))
        // A block naming no known chart stays a code block.
        let other = try CommonMark.html(fromMarkdown: figure.markdownBlock, charts: [:])
        #expect(other.hasPrefix("<pre><code class=\"language-ledgerpress-chart\">"))
    }
}
