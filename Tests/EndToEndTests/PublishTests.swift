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
        let arguments = [
            "build", "ledger.csv", "--payees", CLIRunner.example("example-payees.csv"), "--output", "site",
        ]
        #expect(try cli.run(arguments).status == 0)
        let before = try identity(cli, "site/payees/drv_ann/2026-10.html")
        let rerun = try cli.run(arguments)
        #expect(
            rerun.stdout.hasSuffix("(227 files: 0 added, 0 changed, 227 unchanged, 0 removed; 0 statements revised).\n")
        )
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
        #expect(third.stdout.contains(" removed; 3 statements revised)."))
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

@Suite(.serialized) struct VerifyTests {
    @Test func verifyCatchesAnEditedFileAndAnEditedSummaryRow() throws {
        let cli = try CLIRunner()
        #expect(
            try cli.run([
                "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
            ]).status == 0)
        let clean = try cli.run(["verify", "output"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "output: verified\n")
        // Edit a statement and one figure of a summary row (same length, so only the hash can tell).
        try cli.write("output/payees/drv_ann/2026-10.md", try cli.read("output/payees/drv_ann/2026-10.md") + "x")
        let summary = try cli.read("output/finance/summary.csv")
        try cli.write(
            "output/finance/summary.csv",
            summary.replacingOccurrences(
                of: "drv_ann,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,135.50,4.00,-33.88,5.00,0.00,110.62,",
                with: "drv_ann,driver,2026-10,2026-10-01,2026-11-01,USD,0.00,135.50,4.00,-33.88,5.00,0.00,110.63,"))
        try cli.write("output/extra.html", "<p>not published by ledgerpress</p>")
        let dirty = try cli.run(["verify", "output"])
        #expect(dirty.status == 65)
        #expect(
            dirty.stderr == """
                output/finance/summary.csv: SHA-256 differs from the manifest
                output/payees/drv_ann/2026-10.md: 3450 bytes, the manifest says 3449
                output/extra.html: not in the manifest
                output/finance/summary.csv:2: error: net_activity: expected 110.62 (earnings + tips + fees + adjustments + refunds + tax), got 110.63
                output/finance/summary.csv:2: error: closing_balance: expected 46.51 (opening_balance + net_activity + payouts), got 46.50
                output/finance/summary.csv: month statements of USD sum to 119.45, the manifest says 119.44

                """)
        #expect(try cli.run(["verify", "nowhere"]).status == 66)
    }
}

@Suite(.serialized) struct RunReportTests {
    struct Report: Decodable {
        var entries: Int
        var exit_status: Int
        var rows_read: Int
        var statements: [String: Int]
        var files: [String: Int]
        struct Input: Decodable {
            var name: String
            var rows: Int
            var sha256: String
        }
        var inputs: [Input]
    }

    @Test func reportGoesToStdoutAloneAndSaysWhatHappened() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--report", "-"])
        #expect(outcome.status == 0)
        let report = try JSONDecoder().decode(Report.self, from: Data(outcome.stdout.utf8))
        #expect(report.entries == 70)
        #expect(report.rows_read == 72)
        #expect(report.inputs.map(\.name) == ["example-ledger.csv"])
        #expect(report.inputs.first?.sha256.count == 64)
        #expect(report.statements == ["day": 34, "week": 24, "month": 10])
        #expect(report.files == ["added": 221, "changed": 0, "unchanged": 0, "removed": 0])
        #expect(outcome.stderr.hasPrefix("Built 68 statements"))
    }

    @Test func reportIsWrittenWhenTheRunFails() throws {
        let cli = try CLIRunner()
        try cli.write(
            "bad.csv", "id,occurred_at,payee_id,payee_type,kind,amount,currency\nx,bad,d,driver,earning,1.00,USD\n")
        let outcome = try cli.run(["build", "bad.csv", "--report", "run.json"])
        #expect(outcome.status == 65)
        let report = try JSONDecoder().decode(Report.self, from: Data(try cli.read("run.json").utf8))
        #expect(report.exit_status == 65)
        #expect(report.rows_read == 1)
    }
}

@Suite(.serialized) struct KilledRunTests {
    @Test func aRunKilledMidWriteLeavesTheOldOutputAndTheNextRunCleansUp() throws {
        let cli = try CLIRunner()
        let arguments = [
            "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
        ]
        #expect(try cli.run(arguments + ["--periods", "month"]).status == 0)
        let before = try cli.tree("output")
        // Now a bigger site, killed after 50 files.
        let killed = try cli.run(arguments, environment: ["LEDGERPRESS_TEST_ABORT_AFTER_FILES": "50"])
        #expect(killed.status != 0)
        #expect(try cli.tree("output") == before)
        #expect(!cli.stagingFolders("output").isEmpty)
        let next = try cli.run(arguments)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(cli.stagingFolders("output").isEmpty)
        #expect(try cli.run(["verify", "output"]).status == 0)
    }
}

@Suite(.serialized) struct RevisionTests {
    @Test func aLateTipRevisesThePublishedStatements() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let arguments = [
            "build", "ledger.csv", "--payees", CLIRunner.example("example-payees.csv"), "--periods", "month",
        ]
        #expect(try cli.run(arguments).status == 0)
        #expect(try cli.read("output/finance/revisions.csv").split(separator: "\n").count == 1)
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-10-30T20:00:00-04:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1004,Late tip,,\n")
        let second = try cli.run(arguments + ["--report", "run.json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            try cli.read("output/finance/revisions.csv") == """
                payee_id,period,currency,version,first_issued_as_of,previous_net_activity,net_activity,previous_closing_balance,closing_balance
                drv_ann,2026-10,USD,2,2026-10-31T23:50:00-04:00,110.62,112.62,46.50,48.50
                drv_ann,2026-11,USD,2,2026-11-12T13:10:00-05:00,65.50,65.50,21.50,23.50

                """)
        #expect(
            try cli.read("output/payees/drv_ann/2026-10.md").contains(
                "> **Revised — version 2**, first issued as of 2026-10-31 23:50 (UTC-04:00). Changes: USD net activity $110.62 → $112.62, closing balance $46.50 → $48.50;"
            ))
        #expect(try cli.read("run.json").contains("\"revisions\" : 2"))
        #expect(try cli.read("output/payees/drv_ann/manifest.json").contains("\"version\" : 2"))
        // Unchanged statements keep version 1 and no banner; a rerun keeps version 2 but revises nothing new.
        #expect(!(try cli.read("output/payees/drv_jose/2026-10.md").contains("Revised")))
        let third = try cli.run(arguments)
        #expect(third.stdout.hasSuffix("; 0 statements revised).\n"))
        #expect(try cli.read("output/payees/drv_ann/2026-10.md").contains("Revised — version 2"))
        #expect(try cli.run(["verify", "output"]).status == 0)
    }
}

@Suite(.serialized) struct LoggingTests {
    @Test func quietPrintsNothingButErrorsAndVerboseLogsEachStage() throws {
        let cli = try CLIRunner()
        let quiet = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty)
        #expect(quiet.stderr.isEmpty)
        let verbose = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--verbose"])
        #expect(verbose.status == 0)
        let lines = verbose.stderr.split(separator: "\n").map(String.init)
        // The second build of the same ledger takes it from the import checkpoint the first one left.
        #expect(
            lines.contains {
                $0.hasSuffix(
                    "info ledgerpress: [ledgerpress] import: 72 rows read, 70 entries from 1 input(s); 1 input(s) taken from the import checkpoint"
                )
            })
        #expect(lines.contains { $0.contains("Building statements: 5/5 payees") })
        #expect(lines.contains { $0.hasSuffix("publish: 0 added, 0 changed, 221 unchanged, 0 removed") })
    }
}
