import Foundation
import Testing

/// `ledgerpress sample` with the files `make bench` asks of it.
@Suite struct SampleCommandTests {
    @Test func writesLedgerJournalPayeesAndLateRows() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run([
            "sample", "--entries", "300", "--payees", "6", "--out", "l.csv", "--payees-out", "p.csv",
            "--journal-out", "l.journal", "--late", "10", "--late-out", "late.csv",
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty)
        // The same ledger as on standard output; the extra files change nothing in it.
        let plain = try cli.run(["sample", "--entries", "300", "--payees", "6"])
        #expect(try cli.read("l.csv") == plain.stdout)
        let transactions = try cli.read("l.journal").split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(transactions.count == 300)
        #expect(
            try cli.read("p.csv").split(separator: "\n").filter { $0.hasPrefix("drv_") || $0.hasPrefix("mer_") }.count
                == 6)
        let late = try cli.read("late.csv")
        #expect(late.hasPrefix("id,occurred_at,payee_id,"))
        #expect(late.split(separator: "\n").filter { $0.hasPrefix("late_") }.count == 10)

        // Base and late rows build together (the nightly rerun `make bench` times).
        let build = try cli.run(["build", "l.csv", "late.csv", "--payees", "p.csv", "--output", "site", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
    }

    @Test(arguments: [
        (["--late", "5"], "--late: expected --late-out FILE as well"),
        (["--late-out", "x.csv"], "--late-out: expected --late N as well"),
        (["--late=-1", "--late-out", "x.csv"], "--late: expected 0 or more, got -1"),
    ])
    func lateOptionsGoTogether(arguments: [String], message: String) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["sample", "--entries", "10", "--payees", "1"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains(message))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.csv")))
    }
}
