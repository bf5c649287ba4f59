// swift-format-ignore-file: NeverForceUnwrap

import LedgerPressCore
import LedgerPressImport
import LedgerPressSample
import Testing

/// Invariants of the statement figures on generated ledgers.
@Suite struct StatementInvariantTests {
    struct Built {
        var ledger: Ledger
        var books: [PayeeBook]
    }

    static func build(seed: UInt64, entries: Int = 3_000, payees: Int = 12) throws -> Built {
        let options = SampleOptions(entries: entries, payees: payees, seed: seed)
        let imported = NativeLedgerImporter.read(
            bytes: Array(SampleGenerator.ledgerCSV(options).utf8), file: "sample.csv")
        #expect(imported.diagnostics.isEmpty)
        let payeesFile = PayeesFileImporter.read(
            bytes: Array(SampleGenerator.payeesCSV(options).utf8), file: "payees.csv")
        #expect(payeesFile.diagnostics.isEmpty)
        var log = DiagnosticLog()
        let ledger = Ledger(merging: imported.entries, diagnostics: &log)
        #expect(!log.hasErrors)
        let builder = StatementBuilder(selection: PeriodSelection(kinds: [.day, .week, .month]))
        let byPayee = Dictionary(grouping: ledger.entries, by: \.payeeID)
        let books = try byPayee.keys.sorted().map { id -> PayeeBook in
            let profile = try #require(payeesFile.profiles[id])
            let entries = byPayee[id]!
            let payee = Payee(
                id: id, type: entries[0].payeeType, name: id, timeZone: profile.timeZone, locale: profile.locale)
            return try builder.book(
                for: payee, entries: entries, zone: try #require(ZoneClock(identifier: profile.timeZone)))
        }
        return Built(ledger: ledger, books: books)
    }

    @Test(arguments: [UInt64(1), 7, 42])
    func figuresAddUp(seed: UInt64) throws {
        let built = try Self.build(seed: seed)
        #expect(built.ledger.entries.count == 3_000)
        var ledgerTotal: [Currency: Int64] = [:]
        for entry in built.ledger.entries { ledgerTotal[entry.amount.currency, default: 0] += entry.amount.minorUnits }
        var payeesTotal: [Currency: Int64] = [:]
        var kindTotal: [PeriodKind: [Currency: Int64]] = [:]
        for book in built.books {
            for item in book.allTime { payeesTotal[item.currency, default: 0] += item.figures.closingBalance }
            var lastClosing: [PeriodKind: [Currency: Int64]] = [:]
            for statement in book.statements {
                for section in statement.sections {
                    let f = section.figures
                    #expect(f.closingBalance == f.openingBalance + f.netActivity + f.payouts)
                    #expect(f.netActivity == f.earnings + f.tips + f.fees + f.adjustments + f.refunds + f.tax)
                    #expect(section.lines.reduce(0) { $0 + $1.net } == f.netActivity + f.payouts)
                    #expect(section.lines.reduce(0) { $0 + $1.figures.entries } == f.entries)
                    kindTotal[statement.period.kind, default: [:]][section.currency, default: 0] +=
                        f.netActivity + f.payouts
                    // Consecutive periods of a kind chain: the next opening is the last closing.
                    if let previous = lastClosing[statement.period.kind]?[section.currency] {
                        #expect(
                            f.openingBalance == previous,
                            "\(book.payee.id) \(statement.period.label) \(section.currency)")
                    }
                    lastClosing[statement.period.kind, default: [:]][section.currency] = f.closingBalance
                }
            }
            // The days of each month sum to the month.
            for month in book.statements where month.period.kind == .month {
                for section in month.sections {
                    var sum = Figures()
                    for day in book.statements where day.period.kind == .day && month.period.contains(day.period.start)
                    {
                        for daySection in day.sections where daySection.currency == section.currency {
                            try sum.absorb(daySection.figures)
                        }
                    }
                    #expect(sum.earnings == section.figures.earnings)
                    #expect(sum.fees == section.figures.fees)
                    #expect(sum.tips == section.figures.tips)
                    #expect(sum.payouts == section.figures.payouts)
                    #expect(sum.netActivity == section.figures.netActivity)
                    #expect(sum.entries == section.figures.entries)
                }
            }
        }
        #expect(payeesTotal == ledgerTotal)
        for kind in [PeriodKind.day, .week, .month] { #expect(kindTotal[kind] == ledgerTotal, "\(kind)") }
    }

    @Test func sameInputSameBooks() throws {
        let a = try Self.build(seed: 5, entries: 800, payees: 5)
        let b = try Self.build(seed: 5, entries: 800, payees: 5)
        #expect(a.books == b.books)
    }
}
