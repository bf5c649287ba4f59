// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import Testing

@testable import LedgerPressCore

/// The ledger's records: entries spilled to the spill file come back field for field, repeats merge into a
/// spilled record, payees are grouped from the records, and a ledger without a spill file is the same ledger.
@Suite struct EntryRecordsTests {
    /// Every record but the newest chunk of two goes to the spill file.
    static let spillAll = EntryRecords.Spill(memoryBudget: 0, chunkRecords: 2, folder: NSTemporaryDirectory())
    static let inMemory = EntryRecords.Spill(memoryBudget: 1 << 30, chunkRecords: 8192, folder: "/nonexistent")

    static func entry(
        _ id: String, payee: String = "drv_1", day: Int64 = 0, name: String? = "Ann", kind: EntryKind = .earning,
        minor: Int64 = 1_250, status: PayoutStatus? = nil, payout: String? = nil, description: String? = "Ride",
        line: Int = 2, statusReport: Bool = false, texts: EntryTexts = EntryTexts()
    ) -> LedgerEntry {
        var entry = LedgerEntry(
            id: id,
            occurredAt: Timestamp(epochSeconds: 1_790_000_000 + day * 86_400, nanoseconds: 7, offsetSeconds: -18_000),
            payeeID: payee, payeeType: payee.hasPrefix("drv") ? .driver : .merchant, payeeName: name, kind: kind,
            amount: Money(minorUnits: minor, currency: Currency(code: kind == .tip ? "BHD" : "USD")!),
            reference: "job_\(id)", description: description, payoutID: payout, payoutStatus: status,
            source: SourceLocation(file: "ledger.csv", line: line), texts: texts)
        entry.isStatusReport = statusReport
        return entry
    }

    /// Forty entries over three payees, one id longer than fits inline, and repeats that merge or conflict.
    static var rows: [LedgerEntry] {
        var rows: [LedgerEntry] = []
        for index in 0..<40 {
            let payee = ["drv_1", "drv_2", "mer_1"][index % 3]
            rows.append(
                entry(
                    "t\(index)", payee: payee, day: Int64(index % 7), name: index % 5 == 0 ? nil : "Name \(index)",
                    kind: index % 4 == 0 ? .tip : .earning, minor: Int64(index * 101 - 700),
                    description: index % 6 == 0 ? nil : "Ride \(index)", line: index + 2))
        }
        rows.append(entry(String(repeating: "long-id-", count: 8), payee: "drv_2", line: 50))
        // A repeat that sets a payout (merged into a record long spilled), one that changes nothing, one that conflicts.
        rows.append(
            entry("t1", payee: "drv_2", day: 1, name: "Name 1", minor: -599, status: .paid, payout: "po_9", line: 60))
        rows.append(rows[3])
        rows.append(entry("t2", payee: "mer_1", day: 2, minor: 1, line: 62))
        rows.append(
            entry(
                "t3", payee: "drv_1", day: 3, kind: .payout, minor: -1, status: .pending, line: 63, statusReport: true))
        return rows
    }

    static func ledger(_ spill: EntryRecords.Spill) -> (Ledger, [String]) {
        var ledger = Ledger(spill: spill)
        var diagnostics = DiagnosticLog()
        for row in rows { ledger.add(row, diagnostics: &diagnostics) }
        return (ledger, diagnostics.lines)
    }

    @Test func aSpilledLedgerIsTheLedgerInMemory() throws {
        let (spilled, spilledProblems) = Self.ledger(Self.spillAll)
        let (held, heldProblems) = Self.ledger(Self.inMemory)
        #expect(spilled.spilledChunks >= 19)
        #expect(held.spilledChunks == 0)
        #expect(spilledProblems == heldProblems)
        #expect(spilledProblems.count == 1)
        #expect(Array(spilled.entries) == Array(held.entries))
        #expect(spilled.entries.count == 41)
        // By position too (one record read), and every field as it went in.
        for index in spilled.entries.indices { #expect(spilled.entries[index] == held.entries[index]) }
        let merged = spilled.entries[1]
        #expect((merged.payoutID, merged.payoutStatus, merged.amount.minorUnits) == ("po_9", .paid, -599))
        #expect(spilled.entries[40].id == String(repeating: "long-id-", count: 8))
        #expect(spilled.entries[40].source == SourceLocation(file: "ledger.csv", line: 50))
        #expect(spilled.entries[0].occurredAt.offsetSeconds == -18_000)
        #expect(spilled.entries[0].occurredAt.nanoseconds == 7)
    }

    @Test func aSpillFileThatCannotBeMadeKeepsTheRecordsInMemory() {
        var spill = Self.spillAll
        spill.folder = "/nonexistent/folder"
        let (ledger, _) = Self.ledger(spill)
        #expect(ledger.spilledChunks == 0)
        #expect(Array(ledger.entries) == Array(Self.ledger(Self.inMemory).0.entries))
    }

    @Test func payeesAreGroupedFromTheRecords() {
        let (spilled, _) = Self.ledger(Self.spillAll)
        let groups = spilled.payeeGroups()
        #expect(groups.map(\.id) == ["drv_1", "drv_2", "mer_1"])
        #expect(groups.map(\.type) == [.driver, .driver, .merchant])
        let all = Array(spilled.entries)
        for group in groups {
            let entries = group.entries.load()
            #expect(entries == all.filter { $0.payeeID == group.id })
            #expect(group.entries.count == entries.count)
            let latest = entries.filter { !($0.payeeName ?? "").isEmpty }
                .max { $0.occurredAt != $1.occurredAt ? $0.occurredAt < $1.occurredAt : $0.id < $1.id }
            #expect(group.latestName == latest?.payeeName)
        }
    }

    /// Grouped in slices read at once: the same payees in the same order, the same positions and latest names,
    /// whether a payee's latest name is in their first slice, a later one, or tied on time across two.
    @Test(arguments: [2, 3, 5, 44, 100]) func payeesGroupedInSlicesAreTheSame(slices: Int) {
        var ledger = Ledger(spill: Self.spillAll)
        var diagnostics = DiagnosticLog()
        for row in Self.rows { ledger.add(row, diagnostics: &diagnostics) }
        // Late payees, and names tied on time whose ids order them (the larger id wins).
        for (index, payee) in ["drv_7", "mer_1", "drv_7", "drv_1"].enumerated() {
            ledger.add(
                Self.entry("z\(9 - index)", payee: payee, day: 6, name: "Tie \(index)", line: 80 + index),
                diagnostics: &diagnostics)
        }
        // Two more ties on time whose ids are longer than a record keeps inline (kept in the table).
        let long = String(repeating: "x", count: 40)
        for (index, id) in ["\(long)b", "\(long)a"].enumerated() {
            ledger.add(
                Self.entry(id, payee: "mer_1", day: 7, name: "Long \(index)", line: 90 + index),
                diagnostics: &diagnostics)
        }
        let whole = ledger.payeeGroups()
        let sliced = ledger.payeeGroups(slices: slices, minimumSlice: 1)
        // Each payee's latest name is their latest named entry's, ties on time going to the larger id.
        for group in whole {
            let latest = group.entries.load().filter { !($0.payeeName ?? "").isEmpty }
                .max { $0.occurredAt != $1.occurredAt ? $0.occurredAt < $1.occurredAt : $0.id < $1.id }
            #expect(group.latestName == latest?.payeeName)
        }
        #expect(whole.first { $0.id == "mer_1" }?.latestName == "Long 0")
        #expect(sliced.map(\.id) == whole.map(\.id))
        #expect(sliced.map(\.type) == whole.map(\.type))
        #expect(sliced.map(\.latestName) == whole.map(\.latestName))
        #expect(sliced.map { $0.entries.load() } == whole.map { $0.entries.load() })
        #expect(whole.map(\.id).contains("drv_7"))
    }

    @Test func aCopyOfALedgerDoesNotSeeTheOthersChanges() {
        let (original, _) = Self.ledger(Self.spillAll)
        let before = Array(original.entries)
        let groups = original.payeeGroups()
        var copy = original
        var diagnostics = DiagnosticLog()
        copy.add(
            Self.entry("t0", name: "Ann", kind: .tip, minor: -700, status: .failed, line: 70), diagnostics: &diagnostics
        )
        copy.add(Self.entry("new", line: 71), diagnostics: &diagnostics)
        #expect(diagnostics.lines.isEmpty)
        #expect(Array(original.entries) == before)
        #expect(copy.entries.count == before.count + 1)
        #expect(copy.entries[0].payoutStatus == .failed)
        #expect(original.entries[0].payoutStatus == nil)
        #expect(groups[0].entries.load() == before.filter { $0.payeeID == "drv_1" })
    }

    @Test func entriesOfAnotherTableAreMovedIntoTheRecordsTable() {
        let run = EntryTexts()
        let first = Self.entry("a1", payee: "drv_9", name: "Run", texts: run)
        let outside = Self.entry("a2", payee: "drv_9", name: "Shared", payout: "po_shared")
        var ledger = Ledger(spill: Self.spillAll)
        var diagnostics = DiagnosticLog()
        ledger.add(first, diagnostics: &diagnostics)
        ledger.add(outside, diagnostics: &diagnostics)
        ledger.add(Self.entry("a3", payee: "drv_9", line: 9), diagnostics: &diagnostics)
        #expect(diagnostics.lines.isEmpty)
        #expect(Array(ledger.entries) == [first, outside, Self.entry("a3", payee: "drv_9", line: 9)])
        #expect(ledger.payeeGroups().count == 1)
    }
}
