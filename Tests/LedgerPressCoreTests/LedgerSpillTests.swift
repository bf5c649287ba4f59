// swift-format-ignore-file: NeverForceUnwrap

import Foundation
import LedgerPressStore
import Testing

@testable import LedgerPressCore

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger's spill settings come from its caller (issue 48, item 6), and a spill file that fails is noted for the
/// run to stop on (exit 74), never a crash.
@Suite struct LedgerSpillTests {
    @Test func theSettingsAreTheEnvironmentsWhenGivenElseTheStandardOnes() throws {
        #expect(try LedgerSpill(environment: [:]) == .standard)
        #expect(LedgerSpill.standard == LedgerSpill(memoryBudget: 32 << 20, chunkRecords: 8192, folder: "/tmp"))
        let set = try LedgerSpill(
            environment: ["TMPDIR": "/var/tmp/x", "LEDGERPRESS_SPILL_MIB": "0", "LEDGERPRESS_SPILL_CHUNK": "3"])
        #expect(set == LedgerSpill(memoryBudget: 0, chunkRecords: 3, folder: "/var/tmp/x"))
        #expect(try LedgerSpill(environment: ["TMPDIR": ""]).folder == "/tmp")
    }

    @Test(arguments: [
        (
            "LEDGERPRESS_SPILL_MIB", "lots",
            "LEDGERPRESS_SPILL_MIB: expected MiB of ledger records kept in memory, a number from 0 to 1048576, got 'lots'"
        ),
        (
            "LEDGERPRESS_SPILL_CHUNK", "0",
            "LEDGERPRESS_SPILL_CHUNK: expected records per chunk, a number from 1 to 1048576, got '0'"
        ),
    ])
    func aValueOutOfRangeIsRefusedNamingIt(name: String, value: String, message: String) {
        #expect(throws: LedgerSpill.Invalid.self) { try LedgerSpill(environment: [name: value]) }
        do {
            _ = try LedgerSpill(environment: [name: value])
        } catch {
            #expect(error.description == message)
        }
    }

    /// Re-points the ledger's spill file at another open file (`mode` on the spill file itself, or /dev/null).
    static func repoint(_ ledger: Ledger, to path: String, _ mode: Int32) -> Bool {
        let spill = ledger.records.spillFileDescriptor
        guard spill >= 0 else { return false }
        let other = open(path == "spill" ? "/proc/self/fd/\(spill)" : path, mode)
        guard other >= 0 else { return false }
        defer { close(other) }
        return dup2(other, spill) == spill
    }

    @Test func aSpillFileThatCannotBeReadIsNotedAndTheRecordsReadAsZeros() {
        let folder = EntryRecordsTests.spillAll.folder
        let (ledger, _) = EntryRecordsTests.ledger(EntryRecordsTests.spillAll)
        #expect(ledger.spilledChunks > 0)
        #expect(ledger.storageFailure == nil)
        #expect(Self.repoint(ledger, to: "/dev/null", O_WRONLY))
        let entries = Array(ledger.entries)
        #expect(entries.count == 41)
        #expect(entries[0].id == "")
        let failure = ledger.storageFailure
        #expect(failure?.action == "read")
        #expect(failure?.reason == String(cString: strerror(EBADF)))
        #expect(failure?.file.hasPrefix(folder + "/ledgerpress-spill-") == true)
        #expect(
            failure?.description
                == "\(failure?.file ?? ""): error: cannot read the ledger's spill file: Bad file descriptor")
        // A ledger made from it (`--as-of`, a shard) carries the failure on.
        #expect(ledger.filter { _ in true }.storageFailure == failure)
    }

    @Test func aSpilledRecordThatCannotBeRewrittenIsNoted() {
        var (ledger, _) = EntryRecordsTests.ledger(EntryRecordsTests.spillAll)
        // The spill file itself, opened read-only: reading back works, rewriting a record does not.
        #expect(Self.repoint(ledger, to: "spill", O_RDONLY))
        var diagnostics = DiagnosticLog()
        // `t4` again (a tip, long spilled) with its payout: merged into its record, which cannot be written.
        let repeated = EntryRecordsTests.entry("t4", payee: "drv_2", day: 4, kind: .tip, minor: -296, payout: "po_1")
        ledger.add(repeated, diagnostics: &diagnostics)
        #expect(diagnostics.lines.isEmpty)
        #expect(ledger.storageFailure?.action == "write to")
        #expect(ledger.storageFailure?.reason == String(cString: strerror(EBADF)))
        // Thrown for the run to stop on (exit 74), not a crash.
        #expect(throws: LedgerStorageFailure.self) { try ledger.checkStorage() }
    }
}
