import Foundation
import Testing

/// Issue 25, F1: files in the published site that ledgerpress did not write (a `.git`, a `CNAME`: a site
/// published from a git checkout) were moved into the spare by one build and deleted by the next, and the run
/// said "0 removed". Now those at the top of the site are carried into every new site untouched; those in
/// ledgerpress's own folders fail the run (73) naming them, unless `--adopt` lets ledgerpress remove them.
@Suite(.serialized) struct ForeignFilesTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"

    /// Builds the example ledger plus one late earning of `amount` for drv_ann into `site`.
    func build(_ cli: CLIRunner, amount: String, _ options: [String] = []) throws -> CLIRunner.Outcome {
        try cli.write(
            "late.csv",
            Self.header + "x001,2026-10-03T10:00:00-05:00,drv_ann,driver,Ann Lee,earning,\(amount),USD,,,,\n")
        return try cli.run(
            ["build", CLIRunner.example("example-ledger.csv"), "late.csv", "--output", "site"] + options)
    }

    @Test func aGitCheckoutAndACNAMEAtTheTopAreCarriedIntoEveryNewSite() throws {
        let cli = try CLIRunner()
        #expect(try build(cli, amount: "10.00").status == 0)
        try FileManager.default.createDirectory(
            atPath: cli.path("site/.git/objects"), withIntermediateDirectories: true)
        try cli.write("site/.git/HEAD", "ref: refs/heads/main\n")
        try cli.write("site/.git/objects/ab", "an object")
        try cli.write("site/CNAME", "statements.example.com\n")
        #expect(symlink("CNAME", cli.path("site/CNAME.link")) == 0)
        for amount in ["11.00", "12.00", "13.00"] {
            let outcome = try build(cli, amount: amount)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("0 removed"), "\(outcome.stdout)")
            #expect(
                outcome.stdout.contains(
                    "Carried over untouched, as ledgerpress did not write them: 4 file(s) under .git, CNAME, CNAME.link."
                ),
                "\(outcome.stdout)")
            #expect(try cli.read("site/.git/HEAD") == "ref: refs/heads/main\n")
            #expect(try cli.read("site/.git/objects/ab") == "an object")
            #expect(try cli.read("site/CNAME") == "statements.example.com\n")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("site/CNAME.link")) == "CNAME")
            #expect(try cli.read("site/payees/drv_ann/2026-10.csv").contains(amount))
            let verify = try cli.run(["verify", "site"])
            #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        }
    }

    @Test(arguments: ["site/payees/drv_ann/notes.txt", "site/payees/stray.html", "site/finance/old.csv"])
    func aFileInLedgerpressOwnFoldersIsRefusedUnlessAdopted(path: String) throws {
        let cli = try CLIRunner()
        #expect(try build(cli, amount: "10.00").status == 0)
        try cli.write(path, "mine")
        let before = try cli.tree("site")
        let refused = try build(cli, amount: "11.00")
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains(String(path.dropFirst(5))), "\(refused.stderr)")
        #expect(refused.stderr.contains("--adopt"), "\(refused.stderr)")
        #expect(try cli.tree("site") == before)
        let adopted = try build(cli, amount: "11.00", ["--adopt"])
        #expect(adopted.status == 0, "\(adopted.stderr)")
        #expect(adopted.stdout.contains("1 removed"), "\(adopted.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cli.path(path)))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
