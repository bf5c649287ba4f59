// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressCore

@Suite struct LedgerTests {
    static let usd = Currency(code: "USD")!

    static func entry(
        _ id: String, _ time: String = "2026-10-03T10:00:00Z", payee: String = "drv_1", type: PayeeType = .driver,
        kind: EntryKind = .earning, cents: Int64 = 1_000, reference: String? = nil, payout: String? = nil,
        status: PayoutStatus? = nil, line: Int = 2
    ) -> LedgerEntry {
        LedgerEntry(
            id: id, occurredAt: RFC3339.parse(time)!, payeeID: payee, payeeType: type, kind: kind,
            amount: Money(minorUnits: cents, currency: usd), reference: reference, payoutID: payout,
            payoutStatus: status,
            source: SourceLocation(file: "a.csv", line: line))
    }

    @Test func repeatsCountOnceAndLastStatusWins() {
        var log = DiagnosticLog()
        let ledger = Ledger(
            merging: [
                Self.entry("t1", payout: "po_1", status: .pending),
                Self.entry("t1", "2026-10-03T06:00:00-04:00", payout: "po_1", status: .paid, line: 9),
                Self.entry("t1", line: 12),
            ], diagnostics: &log)
        #expect(!log.hasErrors)
        #expect(ledger.entries.count == 1)
        #expect(ledger.entries[0].payoutStatus == .paid)
        #expect(ledger.entries[0].payoutID == "po_1")
    }

    @Test func conflictingRepeatIsAnError() {
        var log = DiagnosticLog()
        _ = Ledger(merging: [Self.entry("t1"), Self.entry("t1", cents: 1_001, line: 7)], diagnostics: &log)
        #expect(
            log.lines == [
                "a.csv:7: error: amount: expected the same amount for repeated id 't1' as at a.csv:2 ('10.00'), got '10.01'"
            ])
    }

    @Test func payeeTypeMustAgree() {
        var log = DiagnosticLog()
        _ = Ledger(merging: [Self.entry("t1"), Self.entry("t2", type: .merchant, line: 5)], diagnostics: &log)
        #expect(
            log.lines == [
                "a.csv:5: error: payee_type: expected 'driver' for payee 'drv_1' as at a.csv:2, got 'merchant'"
            ])
    }

    /// Rows of one entry (the importers' path) check the payee's type whether the payee is the previous row's
    /// (the remembered one) or not; a payee id written with other bytes of the same text (NFD against NFC) is
    /// refused as a look-alike of the first (issue 25, F12: it was merged into the same payee).
    @Test func payeeTypeMustAgreeRowByRow() {
        var log = DiagnosticLog()
        var ledger = Ledger()
        let rows = [
            Self.entry("t1", payee: "caf\u{E9}", line: 2),
            Self.entry("t2", payee: "caf\u{E9}", type: .merchant, line: 3),
            Self.entry("t3", payee: "drv_2", line: 4), Self.entry("t4", payee: "cafe\u{301}", type: .merchant, line: 5),
            Self.entry("t5", payee: "cafe\u{301}", line: 6),
        ]
        let added = rows.map { ledger.add(row: CollectionOfOne($0), diagnostics: &log) }
        #expect(added == [true, false, true, false, false])
        let lookAlike =
            "error: payee_id: expected an id that differs from 'caf\u{E9}' at a.csv:2 as text, not only in its Unicode "
            + "normalization (U+63 U+61 U+66 U+E9 there, U+63 U+61 U+66 U+65 U+301 here), got 'cafe\u{301}'"
        #expect(
            log.lines == [
                "a.csv:3: error: payee_type: expected 'driver' for payee 'caf\u{E9}' as at a.csv:2, got 'merchant'",
                "a.csv:5: " + lookAlike, "a.csv:6: " + lookAlike,
            ])
    }

    @Test func diagnosticsAreCapped() {
        var log = DiagnosticLog(limit: 2)
        for line in 1...5 {
            log.append(
                Diagnostic(
                    at: SourceLocation(file: "x.csv", line: line, field: "amount"), expected: "a decimal", found: "x"))
        }
        #expect(log.errorCount == 5)
        #expect(log.lines.last == "... and 3 more")
        #expect(log.lines.first == "x.csv:1: error: amount: expected a decimal, got 'x'")
    }

    @Test func payoutStatusComesFromItsOwnRow() {
        let statuses = PayoutStatuses(entries: [
            Self.entry("t1", payout: "po_1", status: .paid),
            Self.entry("p1", "2026-10-02T00:00:00Z", kind: .payout, cents: -1_000, payout: "po_1", status: .processing),
            Self.entry("t2", "2026-10-05T00:00:00Z", payout: "po_2", status: .pending),
            Self.entry("t3", "2026-10-06T00:00:00Z", payout: "po_2", status: .paid),
        ])
        #expect(statuses.status(of: "po_1") == .processing)
        #expect(statuses.status(of: "po_2") == .paid)
        #expect(statuses.status(of: nil) == nil)
    }

    @Test func asOfLeavesOutLaterEntries() {
        var log = DiagnosticLog()
        let ledger = Ledger(merging: [Self.entry("t1"), Self.entry("t2", "2026-10-04T00:00:00Z")], diagnostics: &log)
        #expect(ledger.asOf(RFC3339.parse("2026-10-03T23:59:59Z")!).entries.map(\.id) == ["t1"])
    }
}
