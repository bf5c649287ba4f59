// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

@testable import LedgerPressCore

/// A run's entry texts live as long as its entries and no longer, two runs never share a table, and no table is
/// reachable but through the entries and records that hold it (no thread's or process's current table).
@Suite struct EntryTextsTests {
    static func entry(
        _ id: String, payee: String, type: PayeeType = .driver, file: String = "a.csv", texts: EntryTexts = EntryTexts()
    ) -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: Timestamp(epochSeconds: 1_790_000_000), payeeID: payee, payeeType: type,
            payeeName: payee + " name", kind: .earning,
            amount: Money(minorUnits: 100, currency: Currency(code: "USD")!),
            reference: payee + " job", description: payee + " ride", payoutID: payee + " payout",
            source: SourceLocation(file: file, line: 2), texts: texts)
    }

    /// A text no other test makes.
    static func unique(_ name: String) -> String { name + "-" + UUID().uuidString }

    /// The table an entry's texts are in.
    static func table(_ entry: LedgerEntry) -> EntryTexts { entry.payeeNumber.table }

    @Test func aRunsTextsLiveAsLongAsItsEntriesAndNoLonger() {
        let payee = Self.unique("run-payee")
        let longID = Self.unique("an id too long to be kept inline")
        weak var weakTable: EntryTexts?
        var entries: [LedgerEntry] = []
        do {
            let texts = EntryTexts()
            weakTable = texts
            entries = (0..<50).map { Self.entry(longID + "\($0)", payee: payee, texts: texts) }
            #expect(entries.allSatisfy { Self.table($0) === texts })
            #expect(texts.contains(payee) && texts.contains(longID + "7"))
        }
        // The run is over; its entries still read their texts back, and keep the table alive.
        #expect(weakTable != nil)
        #expect(entries[7].id == longID + "7" && entries[7].payeeID == payee)
        #expect(entries[7].payoutID == payee + " payout")
        #expect(entries[7].source == SourceLocation(file: "a.csv", line: 2))
        entries = []
        #expect(weakTable == nil)
    }

    @Test func twoRunsHoldOnlyTheirOwnTexts() {
        let (first, second) = (Self.unique("first"), Self.unique("second"))
        let one = EntryTexts()
        let two = EntryTexts()
        let a = Self.entry("t1", payee: first, texts: one)
        let b = Self.entry("t1", payee: second, texts: two)
        #expect(Self.table(a) === one && Self.table(b) === two)
        #expect(one.contains(first) && !one.contains(second))
        #expect(two.contains(second) && !two.contains(first))
        // An entry changed later (a merge) keeps its texts in its own table.
        var changed = b
        changed.description = second + " changed"
        #expect(two.contains(second + " changed") && !one.contains(second + " changed"))
        #expect(Self.table(changed) === two)
    }

    /// An entry made without a table gets one of its own: never another entry's, never one another thread set.
    @Test func anEntryMadeWithoutATableHasItsOwn() {
        let payee = Self.unique("own-table")
        let x = Self.entry("t1", payee: payee)
        let y = Self.entry("t2", payee: payee)
        #expect(Self.table(x) !== Self.table(y))
        #expect(Self.table(x).contains(payee) && Self.table(x).count == 5)
        #expect(x.payeeID == payee && y.payeeName == payee + " name")
    }

    /// The table grows in segments that never move a text: numbers given early read the same text after many more.
    @Test func aTableOfManyTextsKeepsEveryText() {
        let texts = EntryTexts()
        var numbers: [UInt32] = []
        for index in 0..<70_000 { numbers.append(texts.number(of: "text \(index)", lane: .reference)) }
        #expect(texts.count == 70_000)
        #expect(numbers.enumerated().allSatisfy { texts.text($0.element) == "text \($0.offset)" })
        var all: [String] = []
        texts.forEachText { all.append($0) }
        #expect(all.count == 70_000 && all[0] == "text 0" && all[69_999] == "text 69999")
    }

    /// Entries of two tables compare by their texts and places, not by their numbers.
    @Test func entriesOfTwoRunsCompareByValue() {
        let one = EntryTexts()
        let two = EntryTexts()
        // Different texts get the same numbers in the two tables.
        let x = Self.entry("t1", payee: "x", file: "x.csv", texts: one)
        let y = Self.entry("t1", payee: "y", file: "y.csv", texts: two)
        #expect(x.payeeNumber.number == y.payeeNumber.number)
        #expect(x != y)
        let same = Self.entry("t1", payee: "x", file: "x.csv", texts: two)
        #expect(x == same)
        var moved = same
        moved.source = SourceLocation(file: "y.csv", line: 2)
        #expect(x != moved)
    }

    /// A ledger tells payees apart by their texts, whatever table their entries are in.
    @Test func aLedgerTellsPayeesOfTwoRunsApart() {
        let x = Self.entry("t1", payee: "x", type: .driver)
        let y = Self.entry("t2", payee: "y", type: .merchant)
        #expect(x.payeeNumber.number == y.payeeNumber.number)
        var ledger = Ledger()
        var log = DiagnosticLog(limit: 10)
        #expect(ledger.add(row: [x], diagnostics: &log))
        #expect(ledger.add(row: [y], diagnostics: &log))
        #expect(log.items.isEmpty)
        #expect(ledger.entries.map(\.payeeType) == [.driver, .merchant])
    }
}
