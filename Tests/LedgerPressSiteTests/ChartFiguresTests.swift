import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressRender
import LedgerPressTestSupport
import Testing

@testable import LedgerPressSample

/// SVG chart figures equal the statement's numbers: on the Examples ledger, generated ledgers and random
/// statements, every week and month section's chart has one day per business day, each day equal to the lines
/// of that day (dated by ``ReferenceBusinessDay`` in the payee's zone, independently of the line's stored day), the days adding up to
/// the section's net activity; and the rendered page shows exactly those figures, formatted as the statement
/// formats them, in the SVG bars, the screen-reader table and the Markdown block.
@Suite struct ChartFiguresTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func templates() throws -> TemplateSet {
        try TemplateSet.load(defaultsDirectory: repository.appendingPathComponent("Templates").path, overrides: nil)
    }

    /// Checks every statement of `book`; returns the number of charts checked.
    @discardableResult
    static func check(_ book: PayeeBook, formats: MoneyFormats) throws -> Int {
        let zone = try #require(ZoneClock(identifier: book.payee.timeZone))
        let templates = try Self.templates()
        let wording = templates.wording(for: book.payee.locale)
        var charts = 0
        for statement in book.statements {
            let period = statement.period
            let charted = NetChart.isCharted(period.kind)
            let view = StatementView(statement: statement, issuer: nil, formats: formats, wording: wording)
            let markdown = templates.renderStatementMarkdown(view.context, driver: book.payee.type == .driver)
            let html = try CommonMark.html(fromMarkdown: markdown, tables: view.tables, charts: view.charts)
            #expect(html.contains("<figure class=\"chart\"") == charted, "\(book.payee.id) \(period.label)")
            #expect(!markdown.contains("ledgerpress-chart") || charted)
            #expect(!html.contains("ledgerpress-chart"))
            let sections = try #require(view.context["sections"]?.list)
            for (section, context) in zip(statement.sections, sections) {
                let chart = NetChart(section: section, period: period)
                guard charted else {
                    #expect(chart == nil)
                    continue
                }
                let drawn = try #require(chart, "\(book.payee.id) \(period.label) \(section.currency)")
                charts += 1
                // The model: every date once, in order; each day the sum of its lines; the days the section's total.
                var byDate: [CivilDate: Int128] = [:]
                for line in section.lines {
                    let day = ReferenceBusinessDay.day(
                        line.occurredAt.epochSeconds, zone: zone, dayStart: book.payee.dayStart)
                    byDate[day, default: 0] += Int128(line.figures.netActivity)
                }
                let dates = (0..<(period.end.daysSinceEpoch - period.start.daysSinceEpoch)).map {
                    period.start.adding(days: $0)
                }
                #expect(drawn.days.map(\.date) == dates)
                #expect(Set(byDate.keys).isSubset(of: Set(dates)))
                for day in drawn.days {
                    #expect(Int128(day.net) == byDate[day.date] ?? 0, "\(period.label) \(day.date)")
                }
                #expect(drawn.days.reduce(Int128(0)) { $0 + Int128($1.net) } == Int128(section.figures.netActivity))
                #expect(drawn.total == section.figures.netActivity)
                // The page: the same figures, formatted as the statement's own ("net_activity").
                let money = formats.formatter(for: section.currency, locale: book.payee.locale)
                let figure = try #require(Self.figure(html, id: drawn.id))
                for day in drawn.days {
                    let text = HTMLText.escape(money.format(day.net))
                    let date = HTMLText.escape(wording.date(day.date))
                    #expect(figure.contains("<title>\(date): \(text)</title></rect>"))
                    #expect(figure.contains("<tr><th scope=\"row\">\(date)</th><td class=\"num\">\(text)</td></tr>"))
                }
                #expect(figure.components(separatedBy: "<rect ").count - 1 == dates.count)
                let net = try #require(context["net_activity"]?.text)
                #expect(figure.contains("<td class=\"num\">\(HTMLText.escape(net))</td></tr></tfoot>"))
                let block = try #require(context["chart_block"]?.text)
                #expect(markdown.contains(block))
                #expect(block.contains("\n" + wording.date(dates[0]) + "  "))
                #expect(block.hasSuffix(net + "\n```\n"))
            }
        }
        return charts
    }

    /// The `<figure>` of chart `id` in a page.
    static func figure(_ html: String, id: String) -> String? {
        guard let start = html.range(of: "<figure class=\"chart\" id=\"\(id)\">"),
            let end = html.range(of: "</figure>", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func examplesLedgerChartsEqualTheStatements() throws {
        func read(_ name: String) throws -> [UInt8] {
            Array(try Data(contentsOf: Self.repository.appendingPathComponent("Examples/" + name)))
        }
        let imported = NativeLedgerImporter.read(bytes: try read("example-ledger.csv"), file: "example-ledger.csv")
        #expect(imported.diagnostics.isEmpty)
        let profiles = PayeesFileImporter.read(bytes: try read("example-payees.csv"), file: "example-payees.csv")
            .profiles
        let byPayee = Dictionary(grouping: imported.entries, by: \.payeeID)
        var charts = 0
        for id in byPayee.keys.sorted() {
            let profile = try #require(profiles[id])
            let entries = byPayee[id]!
            let payee = Payee(
                id: id, type: entries[0].payeeType, name: profile.name ?? id, timeZone: profile.timeZone,
                locale: profile.locale)
            let book = try StatementBuilder(selection: PeriodSelection(kinds: [.day, .week, .month]))
                .book(for: payee, entries: entries, zone: try #require(ZoneClock(identifier: profile.timeZone)))
            charts += try Self.check(book, formats: MoneyFormats())
        }
        #expect(charts >= 10)
    }

    @Test(arguments: [UInt64(3), 11])
    func generatedLedgerChartsEqualTheStatements(seed: UInt64) throws {
        let built = try StatementInvariantTests.build(seed: seed, entries: 1_500, payees: 6)
        var charts = 0
        for book in built.books { charts += try Self.check(book, formats: MoneyFormats()) }
        #expect(charts > 20)
    }

    /// Random statements in zones with DST changes and odd offsets, entries on both sides of local midnight,
    /// references spanning days, amounts up to ±10^15 minor units, several currencies and locales.
    @Test(arguments: [UInt64(1), 2, 3])
    func randomStatementChartsEqualTheStatements(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)  // the sample generator's: every run checks the same statements
        let zones = [
            "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "UTC",
        ]
        let locales = ["en_US", "de_DE", "fr_FR", "ja_JP"]
        let currencies = ["USD", "EUR", "JPY", "BHD"].compactMap { Currency(code: $0) }
        let kinds = EntryKind.allCases.filter { $0 != .openingBalance }
        var charts = 0
        for round in 0..<12 {
            let zoneName = random.pick(zones)
            let zone = try #require(ZoneClock(identifier: zoneName))
            // Around the 2026 spring and autumn changes of most of these zones.
            let base: Int64 = round % 2 == 0 ? 1_772_000_000 : 1_790_500_000
            let entries = (0..<(5 + random.int(0...79))).map { i -> LedgerEntry in
                var seconds = base + Int64(random.int(0...40 * 86_400 - 1))
                if random.int(0...2) == 0 {
                    // Right before or at local midnight.
                    let date = ReferenceBusinessDay.day(seconds, zone: zone)
                    seconds =
                        ReferenceBusinessDay.start(of: date.adding(days: 1), zone: zone) - Int64(random.int(0...1))
                }
                let huge = random.int(0...9) == 0
                var amount = huge ? AmountParser.limit - Int64(random.int(0...999)) : Int64(random.int(0...99999))
                if random.int(0...2) == 0 { amount = -amount }
                let kind = random.pick(kinds)
                return LedgerEntry(
                    id: "e\(i)", occurredAt: Timestamp(epochSeconds: seconds), payeeID: "p",
                    payeeType: round % 3 == 0 ? .merchant : .driver,
                    kind: kind, amount: Money(minorUnits: amount, currency: random.pick(currencies)),
                    reference: random.int(0...1) == 0 ? "job_\(random.int(0...5))" : nil,
                    payoutID: kind == .payout ? "po\(i)" : nil,
                    source: SourceLocation(file: "random.csv", line: i + 2))
            }
            let payee = Payee(
                id: "p", type: entries[0].payeeType, name: "P", timeZone: zoneName, locale: random.pick(locales))
            let book = try StatementBuilder(selection: PeriodSelection(kinds: [.day, .week, .month]))
                .book(for: payee, entries: entries, zone: zone)
            charts += try Self.check(book, formats: MoneyFormats())
        }
        #expect(charts > 30)
    }
}
