import Foundation
import Testing

/// Issue 25, F12: payee ids that differ only in Unicode normalization were merged (Swift's `String ==` is
/// canonical equivalence): `drv_josé` as NFC bytes and as NFD bytes became one payee whose statement showed
/// both payees' descriptions. Entry ids merged the same way. Now such ids in one run are an error naming both.
@Suite struct LookAlikeIDTests {
    static let header = "id,occurred_at,payee_id,payee_type,kind,amount,currency,description\n"
    static let nfc = "drv_jos\u{E9}"
    static let nfd = "drv_jose\u{301}"

    /// Two rows whose payee ids (or entry ids) differ only in normalization: the second is refused naming both.
    @Test(arguments: [
        (
            "a1,2026-10-03T10:00:00Z,\(LookAlikeIDTests.nfc),driver,earning,10.00,USD,secret of A\n"
                + "b1,2026-10-04T10:00:00Z,\(LookAlikeIDTests.nfd),driver,earning,20.00,USD,secret of B\n", "payee_id"
        ),
        (
            "\u{E9}1,2026-10-03T10:00:00Z,drv_a,driver,earning,10.00,USD,\n"
                + "e\u{301}1,2026-10-03T10:00:00Z,drv_a,driver,earning,10.00,USD,\n", "id"
        ),
    ])
    func idsThatDifferOnlyInNormalizationAreRefused(rows: String, field: String) throws {
        let cli = try CLIRunner()
        try cli.write("ledger.csv", Self.header + rows)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("ledger.csv:3: error: \(field): expected an id that differs from"),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("at ledger.csv:2 as text"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("U+65 U+301"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func theSameIDBytesStillMergeAsRepeats() throws {
        let cli = try CLIRunner()
        let row = "a1,2026-10-03T10:00:00Z,\(Self.nfd),driver,earning,10.00,USD,x\n"
        try cli.write("ledger.csv", Self.header + row + row)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("from 1 entries"), "\(outcome.stdout)")
    }
}
