import Foundation
import Testing

@testable import LedgerPressCore

/// A ledger written out whole (``Ledger/writeState(_:)``) and read back into a new run's table is the same ledger:
/// every entry field for field, in order, and adding to it afterwards merges repeats and reports conflicts exactly as
/// adding to the ledger that was written does. A state cut short, or one its digest does not vouch for, is refused.
@Suite struct LedgerStateTests {
    static func state(of ledger: Ledger) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var writer = StateWriter { bytes += $0 }
        try ledger.writeState(&writer)
        try writer.flush()
        return bytes
    }

    static func reader(_ bytes: [UInt8]) -> StateReader {
        var at = 0
        return StateReader { limit in
            defer { at = min(bytes.count, at + limit) }
            return Array(bytes[at..<min(bytes.count, at + limit)])
        }
    }

    /// Later rows: a repeat that merges into a record read back, one that conflicts with one, a new payee, a new id.
    static let later: [LedgerEntry] = [
        EntryRecordsTests.entry("t4", payee: "drv_2", day: 4, name: "Name 4", kind: .tip, minor: -296, line: 90),
        EntryRecordsTests.entry("t5", payee: "mer_1", day: 5, minor: 1, line: 91),
        EntryRecordsTests.entry("t7", payee: "drv_2", day: 0, name: "Name 7", minor: 7, payout: "po_7", line: 92),
        EntryRecordsTests.entry("n1", payee: "drv_9", day: 6, name: nil, line: 93),
        EntryRecordsTests.entry(String(repeating: "long-id-", count: 8), payee: "drv_2", line: 94),
        EntryRecordsTests.entry("t9", payee: "mer_1", day: 9, kind: .tip, line: 95),
    ]

    static func fields(_ ledger: Ledger) -> [String] {
        ledger.entries.map { entry in
            [
                entry.id, String(entry.occurredAt.epochSeconds), String(entry.occurredAt.offsetSeconds), entry.payeeID,
                entry.payeeType.rawValue, entry.payeeName ?? "-", entry.kind.rawValue, String(entry.amount.minorUnits),
                entry.amount.currency.code, entry.reference ?? "-", entry.description ?? "-", entry.payoutID ?? "-",
                entry.payoutStatus?.rawValue ?? "-", String(entry.isStatusReport), entry.source.file,
                String(entry.source.line),
            ].joined(separator: "|")
        }
    }

    @Test(arguments: [EntryRecordsTests.spillAll, EntryRecordsTests.inMemory])
    func aLedgerReadBackIsTheLedgerWritten(spill: EntryRecords.Spill) throws {
        let (written, _) = EntryRecordsTests.ledger(spill)
        let bytes = try Self.state(of: written)
        var reader = Self.reader(bytes)
        var checked = false
        var restored = try Ledger(restoring: &reader, texts: EntryTexts()) { reader in
            checked = (try? reader.atEnd()) == true
            return true
        }
        #expect(checked, "the digest is asked once every byte is read")
        #expect(Self.fields(restored) == Self.fields(written))
        #expect(try Self.state(of: restored) == bytes, "the same ledger writes the same bytes")

        // Adding to both: the same merges, the same conflicts (naming the same first rows), the same entries.
        var original = written
        var one = DiagnosticLog()
        var two = DiagnosticLog()
        for entry in Self.later {
            original.add(entry, diagnostics: &one)
            restored.add(entry, diagnostics: &two)
        }
        #expect(one.lines == two.lines)
        #expect(!one.lines.isEmpty, "a conflicting repeat is reported")
        #expect(Self.fields(restored) == Self.fields(original))
    }

    @Test func aStateCutShortOrNotVouchedForIsRefused() throws {
        let (written, _) = EntryRecordsTests.ledger(EntryRecordsTests.spillAll)
        let bytes = try Self.state(of: written)
        for cut in [0, 8, bytes.count / 2, bytes.count - 1] {
            var reader = Self.reader(Array(bytes.prefix(cut)))
            #expect(throws: StateReader.Damaged.self, "cut at \(cut)") {
                try Ledger(restoring: &reader, texts: EntryTexts()) { _ in true }
            }
        }
        var reader = Self.reader(bytes)
        #expect(throws: StateReader.Damaged.self) {
            try Ledger(restoring: &reader, texts: EntryTexts()) { _ in false }
        }
        // A table that already holds texts cannot take a state's numbers.
        let used = EntryTexts()
        _ = used.number(of: "already here", lane: .description)
        reader = Self.reader(bytes)
        #expect(throws: StateReader.Damaged.self) { try Ledger(restoring: &reader, texts: used) { _ in true } }
    }
}

/// The index by id that a ledger read back makes at once (``EntryIndex/insertAll(_:sameID:)``, in the order of the
/// ids' home slots) finds what the one made entry by entry finds: every id at its own record, no other.
@Suite struct EntryIndexBulkTests {
    @Test(arguments: [100, 5_000, 40_000])
    func aLedgerReadBackFindsEveryIdAtItsOwnRecord(count: Int) throws {
        // Ids of several lengths: inline in the record and in the table of texts.
        let ids = (0..<count).map { $0 % 3 == 0 ? "t\($0)" : "a-longer-id-that-is-a-text-\($0)" }
        // Written in a table of its own, made once for every entry.
        let texts = EntryTexts()
        let bytes = try { () throws -> [UInt8] in
            var written = Ledger(
                spill: EntryRecords.Spill(memoryBudget: 0, chunkRecords: 512, folder: NSTemporaryDirectory()))
            var diagnostics = DiagnosticLog()
            for (line, id) in ids.enumerated() {
                written.add(
                    EntryRecordsTests.entry(id, payee: "drv_\(line % 7)", line: line + 2, texts: texts),
                    diagnostics: &diagnostics)
            }
            #expect(diagnostics.lines.isEmpty)
            return try LedgerStateTests.state(of: written)
        }()
        var reader = LedgerStateTests.reader(bytes)
        do {
            var restored = try Ledger(restoring: &reader, texts: EntryTexts()) { _ in true }
            restored.reserveCapacity(count + 1)
            #expect(restored.indexByID.position(of: "t0", in: restored.records) == 0)
            for (position, id) in ids.enumerated() {
                #expect(restored.indexByID.position(of: id, in: restored.records) == position)
            }
            for id in ["t\(count)", "a-longer-id-that-is-a-text-\(count + 1)", "absent"] {
                #expect(restored.indexByID.position(of: id, in: restored.records) == nil)
            }
            // Adding a repeat merges into its record; a new id goes last.
            var log = DiagnosticLog()
            restored.add(
                EntryRecordsTests.entry(ids[count / 2], payee: "drv_\((count / 2) % 7)", line: 2), diagnostics: &log)
            restored.add(EntryRecordsTests.entry("new", payee: "drv_1", line: 3), diagnostics: &log)
            #expect(log.lines.isEmpty)
            #expect(restored.entries.count == count + 1)
            #expect(restored.indexByID.position(of: "new", in: restored.records) == count)
        }
    }
}
