import Foundation
import Testing

@testable import LedgerPressCore
@testable import ledgerpress

/// A build's entry texts are that build's: two builds in one process never see each other's texts (each run makes
/// its own table and passes it to its importers; no table is reachable from a thread or the process).
@Suite struct RunTextsTests {
    /// The example ledger with one more row whose reference and description no other test uses.
    static func ledger(marker: String) throws -> String {
        try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
            + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,\(marker),\(marker) tip,,\n"
    }

    @Test func twoBuildsInOneProcessHoldOnlyTheirOwnTexts() throws {
        let cli = try CLIRunner()
        let first = "only-in-the-first-" + UUID().uuidString
        let second = "only-in-the-second-" + UUID().uuidString
        try cli.write("first.csv", try Self.ledger(marker: first))
        try cli.write("second.csv", try Self.ledger(marker: second))
        func build(_ ledger: String, into output: String) throws {
            let command = try Build.parse([
                cli.path(ledger), "--payees", CLIRunner.example("example-payees.csv"), "--output", cli.path(output),
                "--quiet",
            ])
            try command.run()
        }
        try build("first.csv", into: "first")
        #expect(try cli.read("first/finance/lines.csv").contains(first))
        try build("second.csv", into: "second")
        #expect(try cli.read("second/finance/lines.csv").contains(second))
        #expect(try !cli.read("second/finance/lines.csv").contains(first), "the first build's texts in the second")
        // The same ledger built again in the same process gives the same site.
        try build("first.csv", into: "again")
        #expect(try cli.tree("again") == cli.tree("first"))
    }
}
