import Foundation
import Testing

/// Stripe reports, the Dashboard export and JSON Lines through the binary; `check`; quarantine.
@Suite(.serialized) struct ImportFormatsTests {
    static func format(_ name: String) -> String { CLIRunner.fixture("formats/" + name) }

    static let mixedInputs = [
        format("connected_account_balance_change_from_activity.itemized.3.csv"),
        format("balance_change_from_activity.itemized.3.csv"), format("connected_account_payouts.itemized.3.csv"),
        format("dashboard-balance-history.csv"), format("native.jsonl"), "--payees", format("payees.csv"),
        "--payee", "dashboard-balance-history.csv=acct_mer1",
    ]

    @Test func mixedFormatsReconcileToTheGoldenSummary() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build"] + Self.mixedInputs + ["--periods", "month", "--output", "out"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        try Golden.check(try cli.read("out/finance/summary.csv"), against: "formats/summary.csv")
        let lines = try cli.read("out/finance/lines.csv")
        // Payout statuses come from the payouts report (in_transit is processing).
        #expect(lines.contains(",STRIPE PAYOUT,0.00,0.00,0.00,0.00,0.00,-6.54,-6.54,po_d1_1,paid,1"))
        #expect(lines.contains(",STRIPE PAYOUT,0.00,0.00,0.00,0.00,0.00,-23.97,-23.97,po_d1_2,processing,1"))
        // A platform report's transfer is the payee's earning, sign reversed.
        #expect(lines.contains("acct_drv2,driver,2026-10,EUR,2026-10-03T12:00:00+02:00,tr_1,Weekly earnings,50.00,"))
    }

    @Test func theSameAccountsDashboardExportOverlapsWithoutChangingAFigure() throws {
        let cli = try CLIRunner()
        let inputs =
            Self.mixedInputs + [Self.format("dashboard-acct_drv1.csv"), "--payee", "dashboard-acct_drv1.csv=acct_drv1"]
        let outcome = try cli.run(["build"] + inputs + ["--periods", "month", "--output", "out"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        try Golden.check(try cli.read("out/finance/summary.csv"), against: "formats/summary.csv")
    }

    @Test func checkPrintsASummaryPerFileAndWritesNothing() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["check"] + Self.mixedInputs)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(
            lines[1].hasSuffix(
                "balance_change_from_activity.itemized.3.csv: stripe-report, 4 rows read = 3 accepted + 0 rejected + 1 skipped (1 of the platform's own (no connected_account_id)); 3 entries, 1 payees, EUR, 2026-10-03..2026-10-11 (UTC)"
            ))
        #expect(
            lines[3].hasSuffix(
                "dashboard-balance-history.csv: stripe-dashboard, 4 rows read = 4 accepted + 0 rejected + 0 skipped; 6 entries, 1 payees, USD, 2026-10-23..2026-10-28 (UTC)"
            ))
        #expect(
            lines[4].hasSuffix(
                "native.jsonl: jsonl, 3 rows read = 3 accepted + 0 rejected + 0 skipped; 3 entries, 1 payees, USD, 2026-10-04..2026-10-05 (UTC)"
            ))
        #expect(lines[5].hasPrefix("Checked ") && lines[5].hasSuffix(" entries (periods day,week,month)."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).isEmpty)
        let missing = try cli.run(["check", "nope.csv"])
        #expect(missing.status == 66)
    }

    @Test(arguments: [
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account\ntxn_1,2026-10-05 14:00:00,usd,40.00,1.46,38.00,charge,acct_drv1\n",
            "report.csv:2: error: net: expected gross - fee = net (or gross + fee = net), got 'gross 40.00, fee 1.46, net 38.00'"
        ),
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account\ntxn_1,2026-10-05 14:00:00,usd,1.00,0.00,1.00,topup,acct_drv1\n",
            "report.csv:2: error: reporting_category: expected one of charge, refund, refund_failure, dispute, dispute_reversal, transfer, transfer_reversal, fee, tax, other_adjustment, payout, payout_reversal, got 'topup'"
        ),
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account\ntxn_1,05/10/2026 14h,usd,1.00,0.00,1.00,charge,acct_drv1\n",
            "report.csv:2: error: created_utc: expected a time such as 2026-09-14 10:02:11, got '05/10/2026 14h'"
        ),
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account\ntxn_1,2026-10-05 14:00:00,usd,1.001,0.00,1.001,charge,acct_drv1\n",
            "report.csv:2: error: gross: expected at most 2 decimals for USD, got '1.001'"
        ),
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net,reporting_category,connected_account\ntxn_1,2026-10-05 14:00:00,usd,1.00,0.00,1.00,charge,acct_new\n",
            "report.csv:2: error: payee_type: expected a type for payee 'acct_new' from the payees file or --payee-type driver|merchant, got 'none'"
        ),
        (
            "report.csv",
            "balance_transaction_id,created_utc,currency,gross,fee,net\ntxn_1,2026-10-05 14:00:00,usd,1.00,0.00,1.00\n",
            "report.csv:1: error: header: expected a header row of a known format: the closest is stripe-report, which also needs reporting_category (or give --mapping FILE for another layout), got 'balance_transaction_id,created_utc,currency,gross,fee,net'"
        ),
        (
            "dash.csv",
            "id,Type,Source,Amount,Fee,Net,Currency,Created (UTC)\ntxn_1,charge,ch_1,30.00,1.17,28.83,usd,2026-10-23 21:56\n",
            "dash.csv:2: error: expected the account this export belongs to (--payee ACCOUNT or --payee FILE=ACCOUNT), got 'none'"
        ),
        (
            "ledger.jsonl",
            "{\"id\":\"j1\",\"occurred_at\":\"2026-10-04T09:00:00Z\",\"payee_id\":\"d\",\"payee_type\":\"driver\",\"kind\":\"earning\",\"amount\":\"1.5e3\",\"currency\":\"USD\"}\n",
            "ledger.jsonl:1: error: amount: expected a decimal like 120.00 or -24 (no thousands separators, no exponent), got '1.5e3'"
        ),
        (
            "ledger.jsonl", "{\"id\":\"j1\",\"occurred_at\":\"2026-10-04T09:00:00Z\"\n",
            "ledger.jsonl:1: error: expected one JSON object of the ledger fields per line ('}' expected), got '{\"id\":\"j1\",\"occurred_at\":\"2026-10-04T09:00:00Z\"'"
        ),
    ])
    func badRowsPerFormatAreNamed(name: String, text: String, message: String) throws {
        let cli = try CLIRunner()
        try cli.write(name, text)
        let outcome = try cli.run(["check", name, "--payees", Self.format("payees.csv")])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.split(separator: "\n").first.map(String.init) == message)
    }

    @Test func anUnrecognisedFileIsSaidToBeOne() throws {
        let cli = try CLIRunner()
        try cli.write("what.csv", "a,b,c\n1,2,3\n")
        let outcome = try cli.run(["check", "what.csv"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stdout
                == "what.csv: unrecognised format, 0 rows read = 0 accepted + 0 rejected + 0 skipped; 0 entries, 0 payees\n"
        )
    }

    @Test func quarantineLosesNoRow() throws {
        let cli = try CLIRunner()
        try cli.write(
            "mixed.csv",
            """
            id,occurred_at,payee_id,payee_type,kind,amount,currency
            ok1,2026-10-03T10:00:00Z,drv_1,driver,earning,10.00,USD
            bad1,2026-10-03T10:00:00Z,drv_1,driver,earning,10.001,USD
            ok2,2026-10-04T10:00:00Z,drv_1,driver,tip,=2,USD
            ok1,2026-10-03T10:00:00Z,drv_1,driver,earning,11.00,USD
            short,2026-10-03T10:00:00Z
            ok3,2026-10-05T10:00:00Z,drv_1,driver,fee,-1.00,USD

            """)
        let outcome = try cli.run(["build", "mixed.csv", "--reject-file", "rejects.csv", "--periods", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "mixed.csv: native, 6 rows read = 2 accepted + 4 rejected + 0 skipped; 2 entries, 1 payees, USD"))
        let rejects = try cli.read("rejects.csv").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(rejects[0] == "file,line,reason,row")
        #expect(
            rejects[1]
                == "mixed.csv,3,\"mixed.csv:3: error: amount: expected at most 2 decimals for USD, got '10.001'\",\"bad1,2026-10-03T10:00:00Z,drv_1,driver,earning,10.001,USD\""
        )
        #expect(rejects[2].hasPrefix("mixed.csv,4,\"mixed.csv:4: error: amount: expected a decimal"))
        #expect(rejects[2].hasSuffix(",\"ok2,2026-10-04T10:00:00Z,drv_1,driver,tip,=2,USD\""))
        #expect(
            rejects[3].hasPrefix(
                "mixed.csv,5,\"mixed.csv:5: error: amount: expected the same amount for repeated id 'ok1'"))
        #expect(
            rejects[4]
                == "mixed.csv,6,\"mixed.csv:6: error: expected 7 fields as in the header, got '2 fields'\",\"short,2026-10-03T10:00:00Z\""
        )
        #expect(rejects.count == 6)
        #expect(
            try cli.read("output/finance/summary.csv").contains(
                "drv_1,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,10.00,0.00,-1.00,"))
        // Without the option the same input fails and writes nothing.
        #expect(try cli.run(["build", "mixed.csv", "--output", "strict"]).status == 65)
        #expect(!FileManager.default.fileExists(atPath: cli.path("strict")))
    }

    @Test func aRejectedRowStartingWithAFormulaIsGuarded() throws {
        let cli = try CLIRunner()
        try cli.write(
            "f.csv", "id,occurred_at,payee_id,payee_type,kind,amount,currency\n=cmd,bad,drv,driver,earning,1.00,USD\n")
        // Every row rejected: no entry at all, so nothing is built (65), and the rejected row is still written, guarded.
        let outcome = try cli.run(["build", "f.csv", "--reject-file", "r.csv"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains(
                "f.csv: native, 1 rows read = 0 accepted + 1 rejected + 0 skipped; 0 entries, 0 payees; no entries: every row was rejected"
            ))
        #expect(try cli.read("r.csv").hasSuffix(",\"'=cmd,bad,drv,driver,earning,1.00,USD\"\n"))
    }
}
