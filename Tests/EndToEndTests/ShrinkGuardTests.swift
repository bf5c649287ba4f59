import Foundation
import Testing

/// Issue 25, F2: a run that made no statements published an empty site (exit 0) and reset every statement's
/// version. Now a run with no statements, or far fewer than the published site (`--max-shrink`), fails 65
/// with the site untouched unless `--allow-shrink`; and statements a run does not build keep their history.
@Suite(.serialized) struct ShrinkGuardTests {
    static let late =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
        + "x001,2026-10-03T10:00:00-05:00,drv_ann,driver,Ann Lee,earning,10.00,USD,job_x1,Late run,,\n"

    func build(_ cli: CLIRunner, _ options: [String], late: Bool = true) throws -> CLIRunner.Outcome {
        try cli.run(
            ["build", CLIRunner.example("example-ledger.csv")] + (late ? ["late.csv"] : [])
                + ["--payees", CLIRunner.example("example-payees.csv"), "--output", "site"] + options)
    }

    /// A revised month statement: version 2 in drv_ann's manifest.
    func revisedSite() throws -> CLIRunner {
        let cli = try CLIRunner()
        try cli.write("late.csv", Self.late)
        #expect(try build(cli, ["--periods", "month"], late: false).status == 0)
        let revised = try build(cli, ["--periods", "month"])
        #expect(revised.stdout.contains("2 statements revised"), "\(revised.stdout)")
        #expect(try version(cli, "2026-10") == 2)
        return cli
    }

    func version(_ cli: CLIRunner, _ period: String) throws -> Int? {
        let data = Data(try cli.read("site/payees/drv_ann/manifest.json").utf8)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let statements = try #require(manifest["statements"] as? [[String: Any]])
        return statements.first { $0["period"] as? String == period }?["version"] as? Int
    }

    @Test(arguments: [["--periods", ""], ["--as-of", "2000-01-01T00:00:00Z"]])
    func aRunWithNoStatementsPublishesNothing(options: [String]) throws {
        let cli = try revisedSite()
        let before = try cli.tree("site")
        let outcome = try build(cli, options)
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("this run makes no statements; nothing was published"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--allow-shrink"))
        #expect(try cli.tree("site") == before)
        #expect(cli.stagingFolders("site").isEmpty)
        let next = try build(cli, ["--periods", "month"])
        #expect(next.status == 0)
        #expect(try version(cli, "2026-10") == 2)
    }

    @Test func aRunThatDropsMoreThanMaxShrinkOfTheStatementsPublishesNothing() throws {
        let cli = try revisedSite()
        #expect(try build(cli, ["--periods", "day,week,month"]).status == 0)
        let before = try cli.tree("site")
        let outcome = try build(cli, ["--periods", "month"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("this run makes 10 statements where the published site has"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("more than 25 % (--max-shrink)"), "\(outcome.stderr)")
        #expect(try cli.tree("site") == before)
        #expect(try build(cli, ["--periods", "month", "--max-shrink", "100%"]).status == 0)
        #expect(try build(cli, ["--periods", "month", "--max-shrink", "101"]).status == 64)
    }

    @Test func statementsARunDoesNotBuildKeepTheirVersions() throws {
        let cli = try revisedSite()
        let narrower = try build(cli, ["--periods", "week", "--allow-shrink"])
        #expect(narrower.status == 0, "\(narrower.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site/payees/drv_ann/2026-10.html")))
        let again = try build(cli, ["--periods", "month", "--allow-shrink"])
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 statements revised"), "\(again.stdout)")
        #expect(try version(cli, "2026-10") == 2)
        #expect(try cli.read("site/payees/drv_ann/2026-10.md").contains("ersion 2"))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
