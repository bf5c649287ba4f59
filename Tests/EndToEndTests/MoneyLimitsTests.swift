import Foundation
import Testing

/// Money never traps, through the binary: huge amounts are refused at import by every importer, a total
/// that overflows is a data error naming payee, period and currency (exit 65, report written, output
/// untouched), `check` fails the same way and reports the same counts as `build`.
@Suite(.serialized) struct MoneyLimitsTests {
    static let header = "id,occurred_at,payee_id,payee_type,kind,amount,currency\n"
    static let limitMessage = "expected at most ±10^15 minor units (e.g. 10000000000000.00 USD)"
    static let overflowText = "exceeds what can be held exactly (±9,223,372,036,854,775,807 minor units)"

    /// `count` rows of 10^15 minor units (the largest amount accepted) on one day, spread over `payees` payees.
    static func hugeRows(_ count: Int, payees: Int) -> String {
        header
            + (0..<count).map {
                "x\($0),2026-10-03T10:00:00Z,drv_\($0 % payees),driver,earning,10000000000000.00,USD\n"
            }.joined()
    }

    @Test func twoRowsOfInt64MaxAreRefusedAtImport() throws {
        let cli = try CLIRunner()
        try cli.write(
            "big.csv",
            Self.header + """
                x1,2026-10-03T10:00:00Z,drv_1,driver,earning,92233720368547758.07,USD
                x2,2026-10-03T11:00:00Z,drv_1,driver,earning,92233720368547758.07,USD

                """)
        for command in ["build", "check"] {
            let outcome = try cli.run([command, "big.csv"] + (command == "build" ? ["--output", "site"] : []))
            #expect(outcome.status == 65, "\(command): \(outcome.stderr)")
            let errors = outcome.stderr.split(separator: "\n").map(String.init)
            #expect(errors.contains("big.csv:2: error: amount: \(Self.limitMessage), got '92233720368547758.07'"))
            #expect(errors.contains("big.csv:3: error: amount: \(Self.limitMessage), got '92233720368547758.07'"))
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func anEarningOfInt64MaxPlusATipPublishesNothing() throws {
        let cli = try CLIRunner()
        try cli.write(
            "tip.csv",
            Self.header + """
                x1,2026-10-03T10:00:00Z,drv_1,driver,earning,92233720368547758.07,USD
                x2,2026-10-03T11:00:00Z,drv_1,driver,tip,0.01,USD

                """)
        let outcome = try cli.run(["build", "tip.csv", "--output", "site"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("tip.csv:2: error: amount: \(Self.limitMessage), got '92233720368547758.07'"))
        #expect(!outcome.stdout.contains("-$92,233") && !FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func anOverflowingTotalNamesPayeePeriodAndCurrencyAndKeepsTheOldSite() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(BuildCommandTests.exampleArguments).status == 0)
        let before = try cli.tree("site")
        try cli.write("huge.csv", Self.hugeRows(10_000, payees: 1))
        let expected = "ledgerpress: error: payee drv_0, 2026-W40, USD: the total of earnings \(Self.overflowText)\n"
        let outcome = try cli.run(["build", "huge.csv", "--output", "site", "--report", "report.json"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr == expected)
        let report = try JSONSerialization.jsonObject(with: Data(try cli.read("report.json").utf8)) as? [String: Any]
        #expect(report?["exit_status"] as? Int == 65)
        #expect(report?["entries"] as? Int == 10_000)
        #expect(try cli.tree("site") == before)
        let check = try cli.run(["check", "huge.csv"])
        #expect(check.status == 65)
        #expect(check.stderr == expected)
    }

    @Test func aTotalOverAllPayeesThatOverflowsIsADataError() throws {
        let cli = try CLIRunner()
        try cli.write("many.csv", Self.hugeRows(10_000, payees: 20))
        let expected = "ledgerpress: error: all payees together, USD: the total of earnings \(Self.overflowText)\n"
        for arguments in [
            ["build", "many.csv", "--output", "site"], ["check", "many.csv"],
            ["build", "many.csv", "--shard", "0/2", "--output", "s0"],
        ] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 65, "\(arguments)")
            #expect(outcome.stderr == expected, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func justUnderTheLimitBuilds() throws {
        let cli = try CLIRunner()
        try cli.write("fits.csv", Self.hugeRows(9_000, payees: 1))
        let outcome = try cli.run(["build", "fits.csv", "--output", "site", "--periods", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try cli.read("site/finance/summary.csv").contains(",90000000000000000.00,"))
        // Totals beyond the import limit are read back by `verify` (its limit is Int64's, not 10^15).
        let verify = try cli.run(["verify", "site"])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func checkReportsTheCountsBuildDoes() throws {
        let cli = try CLIRunner()
        let inputs = [CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv")]
        let build = try cli.run(["build"] + inputs + ["--output", "site"])
        let check = try cli.run(["check"] + inputs)
        #expect(build.status == 0 && check.status == 0)
        let built = try #require(build.stdout.split(separator: "\n").last).split(separator: " ")
        let checked = try #require(check.stdout.split(separator: "\n").last).split(separator: " ")
        // "Built 68 statements for 5 payees from 70 entries ..." / "Checked 68 statements for 5 payees from 70 entries ..."
        #expect(checked.first == "Checked")
        #expect(Array(built[1...7]) == Array(checked[1...7]))
    }

    @Test func everyImporterRefusesAmountsBeyondTheLimit() throws {
        let cli = try CLIRunner()
        let huge = "10000000000000.01"
        try cli.write(
            "n.jsonl",
            """
            {"id":"j1","occurred_at":"2026-10-04T09:00:00Z","payee_id":"d","payee_type":"driver","kind":"earning","amount":"\(huge)","currency":"USD"}

            """)
        try cli.write(
            "dash.csv",
            """
            id,Type,Source,Amount,Fee,Net,Currency,Created (UTC)
            txn_1,charge,ch_1,\(huge),0.00,\(huge),usd,2026-10-23 21:56

            """)
        try cli.write(
            "report.csv",
            """
            balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,source_id,description,connected_account_id
            txn_t1,2026-10-03 10:00:00,usd,-\(huge),0.00,-\(huge),transfer,tr_1,Weekly,acct_drv2

            """)
        try cli.write(
            "m.yaml",
            """
            name: simple
            timestamp: {columns: [Date], format: "yyyy-MM-dd", timezone: UTC}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
            entries: [{kind: earning, amount: A}]

            """)
        try cli.write("mapped.csv", "Date,ID,A\n2026-10-01,x1,\(huge)\n")
        let cases: [([String], String)] = [
            (["n.jsonl"], "n.jsonl:1: error: amount: \(Self.limitMessage), got '\(huge)'"),
            (
                ["dash.csv", "--payee", "acct_1", "--payee-type", "merchant"],
                "dash.csv:2: error: Amount: \(Self.limitMessage), got '\(huge)'"
            ),
            (
                ["report.csv", "--payee-type", "driver"],
                "report.csv:2: error: gross: \(Self.limitMessage), got '-\(huge)'"
            ),
            (["mapped.csv", "--mapping", "m.yaml"], "mapped.csv:2: error: A: \(Self.limitMessage), got '\(huge)'"),
        ]
        for (arguments, message) in cases {
            let outcome = try cli.run(["check"] + arguments)
            #expect(outcome.status == 65, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").map(String.init).contains(message), "\(outcome.stderr)")
        }
    }
}
