// swift-format-ignore-file: NeverForceUnwrap

import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// The import's check of payee types against the payees file, which reads the ledger once without grouping
/// it, reports exactly what a plain reading of the rule finds: for each payee (in the UTF-8 order of their
/// ids) whose payees file row has a source and a type other than their first ledger entry's, one error at
/// that row's `payee_type`.
@Suite struct PayeeTypeCheckTests {
    @Test func disagreementsAreThoseOfThePlainRule() {
        var found = 0
        for seed in UInt64(1)...20 { found += Self.check(seed: seed) }
        #expect(found > 10)
    }

    /// The rule as docs/inputs.md states it, on entries grouped by payee (the reference the import's check is held to).
    static func reference(ledger: Ledger, profiles: [String: PayeeProfile]) -> [Diagnostic] {
        var byPayee: [String: [LedgerEntry]] = [:]
        for entry in ledger.entries { byPayee[entry.payeeID, default: []].append(entry) }
        var diagnostics: [Diagnostic] = []
        for (id, entries) in byPayee.sorted(by: { $0.key.utf8Precedes($1.key) }) {
            let first = entries[0]
            guard let profile = profiles[id], let declared = profile.type, declared != first.payeeType,
                var location = profile.source
            else { continue }
            location.field = "payee_type"
            diagnostics.append(
                Diagnostic(
                    at: location,
                    expected:
                        "'\(first.payeeType.rawValue)' as in the ledger (\(first.source.file):\(first.source.line))",
                    found: declared.rawValue))
        }
        return diagnostics
    }

    static func check(seed: UInt64) -> Int {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let payees = ["a", "b", "é", "e\u{301}", "Z", "drv_10", "drv_9", "K", "\u{212A}"]
        let usd = Currency(code: "USD")!
        var ledger = Ledger()
        var log = DiagnosticLog(limit: Int.max)
        for i in 0..<300 {
            var entry = LedgerEntry(
                id: "t\(next(250))", occurredAt: Timestamp(epochSeconds: 1_790_000_000 + Int64(next(100_000))),
                payeeID: payees[next(payees.count)],
                payeeType: next(5) == 0 ? .merchant : .driver, kind: .earning,
                amount: Money(minorUnits: 100, currency: usd),
                source: SourceLocation(file: "l\(next(2)).csv", line: i + 2))
            if next(6) == 0 { entry.isStatusReport = true }
            ledger.add(entry, diagnostics: &log)
        }
        var profiles: [String: PayeeProfile] = [:]
        for (line, id) in payees.enumerated() where next(4) != 0 {
            profiles[id] = PayeeProfile(
                id: id, type: [PayeeType.driver, .merchant, nil][next(3)], timeZone: "UTC", locale: "en_US",
                source: next(8) == 0 ? nil : SourceLocation(file: "payees.csv", line: line + 2))
        }
        let expected = reference(ledger: ledger, profiles: profiles)
        let found = PayeesFileImporter.typeDisagreements(ledger: ledger, profiles: profiles)
        #expect(found == expected, "seed \(seed)")
        return expected.count
    }
}
