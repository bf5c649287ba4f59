// swift-format-ignore-file: NeverForceUnwrap

import LedgerPressCore
import LedgerPressSite
import Testing

@testable import LedgerPressEngine

/// Without a payees file, a payee is named by the latest entry that names them; entries at the same instant
/// go by id (the greatest wins), whatever order the ledger lists them in.
@Suite struct PayeeNameTests {
    static func entry(_ id: String, at seconds: Int64, name: String?) -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: Timestamp(epochSeconds: 1_790_000_000 + seconds), payeeID: "drv_1",
            payeeType: .driver, payeeName: name, kind: .earning,
            amount: Money(minorUnits: 100, currency: Currency(code: "USD")!),
            source: SourceLocation(file: "l.csv", line: 2))
    }

    static func name(_ entries: [LedgerEntry]) -> String? {
        var ledger = Ledger()
        var log = DiagnosticLog(limit: Int.max)
        for entry in entries { ledger.add(entry, diagnostics: &log) }
        return PayeeDirectory.payees(ledger: ledger, profiles: [:], options: SiteOptions()).first?.0.name
    }

    @Test func theLatestNamedEntryNamesThePayee() {
        let entries = [
            Self.entry("t1", at: 10, name: "Old"), Self.entry("t2", at: 30, name: "New"),
            Self.entry("t3", at: 40, name: nil), Self.entry("t4", at: 50, name: ""),
            Self.entry("t5", at: 20, name: "Mid"),
        ]
        #expect(Self.name(entries) == "New")
        #expect(Self.name(entries.reversed()) == "New")
    }

    @Test func entriesAtOneInstantGoByID() {
        let entries = [
            Self.entry("t9", at: 30, name: "Nine"), Self.entry("t10", at: 30, name: "Ten"),
            Self.entry("t1", at: 10, name: "One"), Self.entry("t8", at: 30, name: "Eight"),
        ]
        // "t9" sorts after "t10" and "t8".
        #expect(Self.name(entries) == "Nine")
        #expect(Self.name(entries.reversed()) == "Nine")
    }

    @Test func aPayeeNoEntryNamesIsNamedByTheirID() {
        #expect(Self.name([Self.entry("t1", at: 10, name: nil)]) == "drv_1")
    }
}
