import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Publishing: unchanged files keep their inode and mtime, gone statements disappear, one run at a time.
@Suite(.serialized) struct PublishTests {
    func identity(_ cli: CLIRunner, _ path: String) throws -> (Int, Date) {
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path(path))
        return ((attributes[.systemFileNumber] as? Int) ?? -1, (attributes[.modificationDate] as? Date) ?? .distantPast)
    }

    @Test func rerunsRewriteOnlyWhatChanged() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let arguments = ["build", "ledger.csv", "--payees", CLIRunner.example("example-payees.csv"), "--output", "site"]
        #expect(try cli.run(arguments).status == 0)
        let before = try identity(cli, "site/payees/drv_ann/2026-10.html")
        let rerun = try cli.run(arguments)
        #expect(rerun.stdout.hasSuffix("(220 files: 0 added, 0 changed, 220 unchanged, 0 removed).\n"))
        let after = try identity(cli, "site/payees/drv_ann/2026-10.html")
        #expect(before.0 == after.0)
        #expect(before.1 == after.1)
        // Drop every row of mer_books and add a late tip for drv_ann in November.
        var lines = ledger.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("mer_books") }
        lines.insert("late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,", at: 1)
        try cli.write("ledger.csv", lines.joined(separator: "\n"))
        let third = try cli.run(arguments)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site/payees/mer_books")))
        #expect(third.stdout.contains(" removed)."))
        #expect(!third.stdout.contains(", 0 removed"))
        #expect(try identity(cli, "site/payees/drv_ann/2026-10.html").0 == before.0)
        #expect(try cli.read("site/payees/drv_ann/2026-11.md").contains("Tips: $10.00"))
    }

    @Test func aSecondRunOnTheSameOutputExits75() throws {
        let cli = try CLIRunner()
        let descriptor = open(cli.path(".site.lock"), O_CREAT | O_RDWR, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "site"])
        #expect(outcome.status == 75)
        #expect(outcome.stderr.hasPrefix("ledgerpress: another run is publishing to site"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
        flock(descriptor, LOCK_UN)
        #expect(try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "site"]).status == 0)
    }
}
