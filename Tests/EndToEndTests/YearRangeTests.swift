import Foundation
import Testing

/// Years outside 1900–2199 are refused wherever a date is read: timestamps of every importer,
/// `--range` and `--as-of`.
@Suite(.serialized) struct YearRangeTests {
    static let header = "id,occurred_at,payee_id,payee_type,kind,amount,currency\n"

    @Test(arguments: [
        "0000-10-03T10:00:00Z", "1899-12-31T23:59:59Z", "2200-01-01T00:00:00Z", "0001-01-01T00:00:00+05:00",
    ])
    func ledgerTimestampsOutOfRangeAreRefused(time: String) throws {
        let cli = try CLIRunner()
        try cli.write("y.csv", Self.header + "x1,\(time),drv_1,driver,earning,1.00,USD\n")
        let outcome = try cli.run(["build", "y.csv", "--output", "site"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.hasPrefix("y.csv:2: error: occurred_at: expected a year from 1900 to 2199, got '\(time)'\n"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func theEdgeYearsBuild() throws {
        let cli = try CLIRunner()
        try cli.write(
            "y.csv",
            Self.header
                + "x1,1900-01-01T00:00:00Z,drv_1,driver,earning,1.00,USD\nx2,2199-12-31T23:59:59Z,drv_1,driver,earning,1.00,USD\n"
        )
        let outcome = try cli.run(["build", "y.csv", "--output", "site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(FileManager.default.fileExists(atPath: cli.path("site/payees/drv_1/1900-W01.html")))
        #expect(FileManager.default.fileExists(atPath: cli.path("site/payees/drv_1/2199-12.html")))
    }

    @Test func rangeAndAsOfOutOfRangeAreUsageErrors() throws {
        let cli = try CLIRunner()
        let ledger = CLIRunner.example("example-ledger.csv")
        let range = try cli.run(["build", ledger, "--range", "0000-01-01..0000-01-02", "--output", "site"])
        #expect(range.status == 64)
        #expect(range.stderr.contains("--range: expected YYYY-MM-DD..YYYY-MM-DD with years from 1900 to 2199"))
        let asOf = try cli.run(["build", ledger, "--as-of", "0000-01-01T00:00:00Z", "--output", "site"])
        #expect(asOf.status == 64)
        #expect(asOf.stderr.contains("--as-of: expected a year from 1900 to 2199, got '0000-01-01T00:00:00Z'"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    @Test func stripeAndMappedTimesOutOfRangeAreRefused() throws {
        let cli = try CLIRunner()
        try cli.write(
            "dash.csv",
            "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC)\ntxn_1,charge,ch_1,1.00,0.00,1.00,usd,0000-10-23 21:56\n"
        )
        try cli.write(
            "report.csv",
            """
            balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,source_id,description,connected_account_id
            txn_t1,2200-10-03 10:00:00,usd,-1.00,0.00,-1.00,transfer,tr_1,Weekly,acct_drv2

            """)
        try cli.write(
            "m.yaml",
            """
            name: simple
            timestamp: {columns: [Date], format: "yyyy-MM-dd", timezone: UTC}
            fields: {id: ID, payee_id: {constant: m1}, payee_type: {constant: merchant}, currency: {constant: USD}}
            entries: [{kind: earning, amount: A}]

            """)
        try cli.write("mapped.csv", "Date,ID,A\n0000-10-01,x1,1.00\n")
        let cases: [([String], String)] = [
            (
                ["dash.csv", "--payee", "acct_1", "--payee-type", "merchant"],
                "dash.csv:2: error: Created (UTC): expected a year from 1900 to 2199, got '0000-10-23 21:56'"
            ),
            (
                ["report.csv", "--payee-type", "driver"],
                "report.csv:2: error: created_utc: expected a year from 1900 to 2199, got '2200-10-03 10:00:00'"
            ),
            (
                ["mapped.csv", "--mapping", "m.yaml"],
                "mapped.csv:2: error: Date: expected a year from 1900 to 2199, got '0000-10-01'"
            ),
        ]
        for (arguments, message) in cases {
            let outcome = try cli.run(["check"] + arguments)
            #expect(outcome.status == 65, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").map(String.init).contains(message), "\(outcome.stderr)")
        }
    }
}
