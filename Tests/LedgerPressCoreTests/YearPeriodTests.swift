import Testing

@testable import LedgerPressCore

/// The `year` period: its statements' figures are exactly the sums of its months', for random ledgers with random
/// zones and business-day cutoffs.
@Suite struct YearPeriodTests {
    typealias Random = StatementBuilderPropertyTests.Random

    @Test(arguments: [UInt64(5), 6, 7, 8])
    func yearFiguresEqualTheSumOfItsMonths(seed: UInt64) throws {
        var random = Random(state: seed &* 0x2545_F491_4F6C_DD1D)
        var years = 0
        for _ in 0..<60 {
            var testCase = StatementBuilderPropertyTests.makeCase(&random, huge: false)
            testCase.selection = PeriodSelection(kinds: [.month, .year])
            let book = try StatementBuilder(selection: testCase.selection).book(
                for: testCase.payee, entries: testCase.entries, zone: testCase.zone)
            for year in book.statements where year.period.kind == .year {
                years += 1
                #expect(year.period.label == String(year.period.start.year))
                let months = book.statements.filter {
                    $0.period.kind == .month && year.period.start <= $0.period.start && $0.period.end <= year.period.end
                }
                #expect(!months.isEmpty)
                for section in year.sections {
                    let parts = months.compactMap { month in month.sections.first { $0.currency == section.currency } }
                    var sum = Figures()
                    for part in parts { try sum.absorb(part.figures) }
                    for kind in EntryKind.allCases { #expect(section.figures[kind] == sum[kind]) }
                    #expect(section.figures.entries == sum.entries)
                    #expect(section.figures.netActivity == sum.netActivity)
                    // The year opens with its first month and closes with its last.
                    #expect(section.figures.openingBalance == parts.first?.figures.openingBalance)
                    #expect(section.figures.closingBalance == parts.last?.figures.closingBalance)
                    #expect(section.lines.count >= parts.map(\.lines.count).max() ?? 0)
                    #expect(section.yearToDate == nil)
                }
                // Every month section belongs to a currency of the year.
                let currencies = Set(year.sections.map(\.currency))
                #expect(months.allSatisfy { $0.sections.allSatisfy { currencies.contains($0.currency) } })
            }
        }
        #expect(years > 60)
    }

    /// The annual summary's gross by month is each month statement's take (drivers) or sales (merchants), and
    /// its count is that month's `earning` entries; months without a statement are zero.
    @Test(arguments: [UInt64(11), 12, 13])
    func annualSummaryMonthsEqualTheMonthStatements(seed: UInt64) throws {
        var random = Random(state: seed &* 0x2545_F491_4F6C_DD1D)
        var checked = 0
        for _ in 0..<60 {
            var testCase = StatementBuilderPropertyTests.makeCase(&random, huge: false)
            testCase.selection = PeriodSelection(kinds: [.month, .year])
            let book = try StatementBuilder(selection: testCase.selection).book(
                for: testCase.payee, entries: testCase.entries, zone: testCase.zone)
            let driver = testCase.payee.type == .driver
            for year in book.statements where year.period.kind == .year {
                for section in year.sections {
                    let summary = try #require(section.annual)
                    #expect(summary.months.map(\.month) == Array(1...12))
                    var total: Int64 = 0
                    for month in summary.months {
                        let statement = book.statements.first {
                            $0.period.kind == .month && $0.period.start.year == year.period.start.year
                                && $0.period.start.month == month.month
                        }
                        let part = statement?.sections.first { $0.currency == section.currency }
                        let gross = try part.map { try AnnualSummary.gross($0.figures, driver: driver) } ?? 0
                        #expect(month.gross == gross, "\(year.period.label) month \(month.month)")
                        #expect(month.count <= part?.figures.entries ?? 0)
                        total += month.gross
                        checked += 1
                    }
                    #expect(total == (try AnnualSummary.gross(section.figures, driver: driver)))
                }
                // Only year statements have one.
                #expect(
                    book.statements.filter { $0.period.kind != .year }.allSatisfy {
                        $0.sections.allSatisfy { $0.annual == nil }
                    })
            }
        }
        #expect(checked > 700)
        #expect(AnnualSummary.box(month: 1) == "5a" && AnnualSummary.box(month: 12) == "5l")
    }
}
