// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Synchronization
import Testing

@testable import LedgerPressCore

/// A run's entry texts live as long as its entries and no longer, and two runs never share a table.
@Suite struct EntryTextsTests {
    static func entry(_ id: String, payee: String, type: PayeeType = .driver, file: String = "a.csv") -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: Timestamp(epochSeconds: 1_790_000_000), payeeID: payee, payeeType: type,
            payeeName: payee + " name", kind: .earning,
            amount: Money(minorUnits: 100, currency: Currency(code: "USD")!),
            reference: payee + " job", description: payee + " ride", payoutID: payee + " payout",
            source: SourceLocation(file: file, line: 2))
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
            entries = texts.using { (0..<50).map { Self.entry(longID + "\($0)", payee: payee) } }
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
        #expect(!EntryTexts.anyAliveHolds(payee))
    }

    @Test func twoRunsHoldOnlyTheirOwnTexts() {
        let (first, second) = (Self.unique("first"), Self.unique("second"))
        let one = EntryTexts()
        let two = EntryTexts()
        let a = one.using { Self.entry("t1", payee: first) }
        let b = two.using { Self.entry("t1", payee: second) }
        #expect(Self.table(a) === one && Self.table(b) === two)
        #expect(one.contains(first) && !one.contains(second))
        #expect(two.contains(second) && !two.contains(first))
        // An entry changed later (a merge) keeps its texts in its own table.
        var changed = b
        changed.description = second + " changed"
        #expect(two.contains(second + " changed") && !one.contains(second + " changed"))
        #expect(Self.table(changed) === two)
    }

    @Test func aRunEndsWithItsCallAndRunsNest() {
        let outer = EntryTexts()
        let inner = EntryTexts()
        let before = EntryTexts.current
        outer.using {
            #expect(EntryTexts.current === outer)
            inner.using { #expect(EntryTexts.current === inner) }
            #expect(EntryTexts.current === outer)
            #expect(Self.table(Self.entry("t1", payee: "p")) === outer)
        }
        #expect(EntryTexts.current === before)
    }

    final class Made: Sendable {
        let entry = Mutex<LedgerEntry?>(nil)
    }

    /// Another thread is in no run: what it makes goes to the shared table, never into this thread's run.
    @Test func anotherThreadsEntriesStayOutOfTheRun() {
        let run = EntryTexts()
        let payee = Self.unique("other-thread")
        let made = Made()
        run.using {
            let done = DispatchSemaphore(value: 0)
            Thread {
                made.entry.withLock { $0 = Self.entry("t1", payee: payee) }
                done.signal()
            }.start()
            done.wait()
        }
        let entry = made.entry.withLock { $0! }
        #expect(Self.table(entry) !== run)
        #expect(!run.contains(payee))
    }

    /// Entries of two tables compare by their texts and places, not by their numbers.
    @Test func entriesOfTwoRunsCompareByValue() {
        let one = EntryTexts()
        let two = EntryTexts()
        // Different texts get the same numbers in the two tables.
        let x = one.using { Self.entry("t1", payee: "x", file: "x.csv") }
        let y = two.using { Self.entry("t1", payee: "y", file: "y.csv") }
        #expect(x.payeeNumber.number == y.payeeNumber.number)
        #expect(x != y)
        let same = two.using { Self.entry("t1", payee: "x", file: "x.csv") }
        #expect(x == same)
        var moved = same
        moved.source = SourceLocation(file: "y.csv", line: 2)
        #expect(x != moved)
    }

    /// A ledger tells payees apart by their texts, whatever table their entries are in.
    @Test func aLedgerTellsPayeesOfTwoRunsApart() {
        let x = EntryTexts().using { Self.entry("t1", payee: "x", type: .driver) }
        let y = EntryTexts().using { Self.entry("t2", payee: "y", type: .merchant) }
        #expect(x.payeeNumber.number == y.payeeNumber.number)
        var ledger = Ledger()
        var log = DiagnosticLog(limit: 10)
        #expect(ledger.add(row: [x], diagnostics: &log))
        #expect(ledger.add(row: [y], diagnostics: &log))
        #expect(log.items.isEmpty)
        #expect(ledger.entries.map(\.payeeType) == [.driver, .merchant])
    }
}
