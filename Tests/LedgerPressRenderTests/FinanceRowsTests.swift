// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// A payee's finance rows, built block by block, come out exactly as sorting every row by the spec's keys.
@Suite struct FinanceRowsTests {
    static let currencies = ["USD", "EUR", "JPY", "BHD"].map { Currency(code: $0)! }
    static let zone = ZoneClock(identifier: "America/New_York")!

    /// Entries of one payee in several currencies over six weeks, many at the same instant, with references
    /// shared by several entries and ids that do not follow the order of time.
    static func entries(seed: UInt64, type: PayeeType) -> [LedgerEntry] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let kinds: [EntryKind] = [.earning, .tip, .fee, .adjustment, .refund, .payout]
        let start = RFC3339.parse("2026-09-20T00:00:00Z")!.epochSeconds
        return (0..<(20 + next(200))).map { index in
            let currency = currencies[next(next(2) == 0 ? 1 : currencies.count)]
            let instant = start + Int64(next(6) == 0 ? 3_600 * 24 * 10 : next(3_600 * 24 * 42))
            let reference = next(3) == 0 ? nil : "job_\(next(12))"
            return LedgerEntry(
                id: "e\(next(1_000_000))_\(index)", occurredAt: Timestamp(epochSeconds: instant), payeeID: "=p,1",
                payeeType: type, kind: kinds[next(kinds.count)],
                amount: Money(minorUnits: Int64(next(20_000) - 10_000), currency: currency), reference: reference,
                description: next(2) == 0 ? nil : "d \(next(5)), \"q\"", source: SourceLocation(file: "t.csv", line: 2))
        }
    }

    @Test(arguments: 1...60 as ClosedRange<UInt64>) func rowsComeOutAsSortingEveryRow(seed: UInt64) throws {
        let type: PayeeType = seed % 2 == 0 ? .driver : .merchant
        let payee = Payee(id: "=p,1", type: type, name: "P", timeZone: "America/New_York", locale: "en_US")
        let range = PeriodSelection.parseRange("2026-09-25..2026-10-09")!
        let builder = StatementBuilder(selection: PeriodSelection(kinds: [.day, .week, .month], ranges: [range]))
        let book = try builder.book(for: payee, entries: Self.entries(seed: seed, type: type), zone: Self.zone)
        var rows = FinanceRows()
        var summaries: [SortableRow] = []
        var lines: [SortableRow] = []
        for statement in book.statements {
            rows.add(statement)
            summaries += StatementCSV.summaryRows(statement)
            lines += StatementCSV.lineRows(statement)
        }
        let (summary, lineText) = rows.csv()
        #expect(book.statements.count > 3)
        #expect(summary == SortableRow.sorted(summaries).map(\.text).joined())
        #expect(lineText == SortableRow.sorted(lines).map(\.text).joined())
    }
}

extension StatementCSV {
    /// `finance/lines.csv` rows of one statement, each with its sort keys: the reference form of ``FinanceRows``,
    /// which builds a payee's rows in order without a sort.
    static func lineRows(_ statement: Statement) -> [SortableRow] {
        var rows: [SortableRow] = []
        let label = statement.period.label
        let prefix = CSVCell.text(statement.payee.id) + "," + statement.payee.type.rawValue + ","
        var text = ByteText(capacity: 256)
        for section in statement.sections {
            for line in section.lines {
                text.removeAll()
                text += prefix
                appendLineCells(line, label: label, currency: section.currency, foldFees: false, to: &text)
                appendDistance(line.distance, to: &text)
                text += "\n"
                rows.append(
                    SortableRow(
                        keys: [statement.payee.id, section.currency.code, label], instant: line.occurredAt,
                        tieBreak: (line.reference ?? "") + "\u{0}" + line.firstEntryID, text: text.string))
            }
        }
        return rows
    }
}
