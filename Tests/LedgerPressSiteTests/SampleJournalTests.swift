import LedgerPressCore
import LedgerPressImport
import LedgerPressSample
import Testing

/// `sample --journal-out` (the hledger / ledger-cli journal of the same entries) and `sample --late`
/// (rows on a new day), which `make bench` builds on.
@Suite struct SampleJournalTests {
    /// One journal transaction: `DATE ID`, then `payees:PAYEE:KIND  AMOUNT CODE`, then `platform`.
    struct Transaction: Equatable {
        var date: String
        var id: String
        var account: String
        var amount: String
        var code: String
    }

    static func transactions(_ journal: String) -> [Transaction] {
        let lines = journal.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.hasPrefix(";") }
        return stride(from: 0, to: lines.count - 2, by: 3).compactMap { i in
            let head = lines[i].split(separator: " ", maxSplits: 1)
            let posting = lines[i + 1].split(separator: " ", omittingEmptySubsequences: true)
            guard head.count == 2, posting.count == 3, lines[i + 2] == "    platform" else { return nil }
            return Transaction(
                date: String(head[0]), id: String(head[1]), account: String(posting[0]), amount: String(posting[1]),
                code: String(posting[2]))
        }
    }

    /// The transaction a native entry must become.
    static func expected(_ entry: LedgerEntry) -> Transaction {
        let local = Timestamp.format(
            epochSeconds: entry.occurredAt.epochSeconds, offsetSeconds: Int(entry.occurredAt.offsetSeconds))
        return Transaction(
            date: String(local.prefix(10)), id: entry.id, account: "payees:\(entry.payeeID):\(entry.kind.rawValue)",
            amount: PlainDecimal.format(entry.amount), code: entry.amount.currency.code)
    }

    static func totals(_ entries: [LedgerEntry]) -> [String: Int64] {
        entries.reduce(into: [:]) { $0[$1.amount.currency.code, default: 0] += $1.amount.minorUnits }
    }

    @Test func journalHoldsExactlyTheEntriesOfTheCSV() {
        let options = SampleOptions(entries: 3_000, payees: 40, seed: 5)
        let journal = SampleGenerator.journal(options)
        let entries = NativeLedgerImporter.read(bytes: Array(SampleGenerator.ledgerCSV(options).utf8), file: "s.csv")
            .entries
        #expect(entries.count == 3_000)
        let transactions = Self.transactions(journal)
        // Every non-comment line belongs to a transaction of three lines: nothing else is in the file.
        #expect(journal.split(separator: "\n").filter { !$0.hasPrefix(";") }.count == 3 * transactions.count)
        #expect(transactions == entries.map(Self.expected))
        #expect(Set(transactions.map(\.code)) == ["USD", "EUR", "JPY"])
        #expect(transactions.contains { $0.code == "JPY" && !$0.amount.contains(".") })
        #expect(journal == SampleGenerator.journal(options))
    }

    @Test func writingBothGivesTheSameBytesAsWritingEach() {
        let options = SampleOptions(entries: 800, payees: 9, seed: 2)
        var ledger = ""
        var journal = ""
        let lastDay = SampleGenerator.write(options, ledger: { ledger += $0 }, journal: { journal += $0 })
        #expect(ledger == SampleGenerator.ledgerCSV(options))
        #expect(journal == SampleGenerator.journal(options))
        #expect(lastDay == SampleGenerator.lastDay(options))
    }

    @Test(arguments: [(20_000, 200, 200), (5_000, 50, 51), (1_000, 3, 1)])
    func lateRowsFallOnTheDayAfterTheLastDay(entries: Int, payees: Int, late: Int) throws {
        let options = SampleOptions(entries: entries, payees: payees, seed: 1)
        let base = NativeLedgerImporter.read(bytes: Array(SampleGenerator.ledgerCSV(options).utf8), file: "base.csv")
        let lateCSV = SampleGenerator.lateLedgerCSV(options, count: late)
        let extra = NativeLedgerImporter.read(bytes: Array(lateCSV.utf8), file: "late.csv")
        #expect(extra.diagnostics.isEmpty)
        #expect(extra.entries.count == late)
        #expect(lateCSV == SampleGenerator.lateLedgerCSV(options, count: late))

        func localDay(_ entry: LedgerEntry) -> String {
            String(Self.expected(entry).date)
        }
        let lastDay = try #require(base.entries.map(localDay).max())
        #expect(lastDay == SampleGenerator.lastDay(options)?.description)
        let newDay = try #require(CivilDate(iso: lastDay)?.adding(days: 1).description)
        #expect(extra.entries.allSatisfy { localDay($0) == newDay })

        // New ids, known payees with their type and currency: base + late merge without a conflict.
        let ids = Set(base.entries.map(\.id))
        #expect(Set(extra.entries.map(\.id)).count == late)
        #expect(extra.entries.allSatisfy { !ids.contains($0.id) })
        var diagnostics = DiagnosticLog()
        let ledger = Ledger(merging: base.entries + extra.entries, diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors)
        #expect(ledger.entries.count == entries + late)
        let currencyByPayee = Dictionary(
            base.entries.map { ($0.payeeID, $0.amount.currency) }, uniquingKeysWith: { a, _ in a })
        #expect(extra.entries.allSatisfy { currencyByPayee[$0.payeeID] == $0.amount.currency })
        #expect(extra.entries.allSatisfy { $0.payoutID == nil })
    }

    @Test func lateJournalMatchesLateCSV() {
        let options = SampleOptions(entries: 2_000, payees: 20, seed: 7)
        var csv = ""
        var journal = ""
        SampleGenerator.writeLate(
            options, count: 30, after: SampleGenerator.lastDay(options), ledger: { csv += $0 },
            journal: { journal += $0 })
        let entries = NativeLedgerImporter.read(bytes: Array(csv.utf8), file: "late.csv").entries
        #expect(Self.transactions(journal) == entries.map(Self.expected))
        #expect(Self.totals(entries).keys.isEmpty == false)
    }
}
