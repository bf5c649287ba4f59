import Foundation
import Testing

/// Messages of issue 25's list, through the command line: each names what is really wrong, and a file name is
/// never printed raw (a newline in it cannot forge a message line).
@Suite struct MessageListTests {
    static let ledger = CLIRunner.example("example-ledger.csv")

    @Test func aLinkSecretThatIsAFolderIsSaidToBeOne() throws {
        let cli = try CLIRunner()
        // The output sits inside the folder given as the secret: the folder, not the output, is the mistake.
        let outcome = try cli.run(["build", Self.ledger, "--output", "output", "--link-secret", cli.directory.path])
        #expect(outcome.status == 66, "\(outcome.stderr)")
        #expect(outcome.stderr == "\(cli.directory.path): error: --link-secret: is a folder, expected a file\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("output")))
    }

    @Test func asOfALeapSecondSaysLeapSecondsAreNotSupported() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", Self.ledger, "--as-of", "2016-12-31T23:59:60Z"])
        #expect(outcome.status == 64)
        #expect(
            outcome.stderr.contains(
                "--as-of: expected a time with seconds from 00 to 59 (leap seconds are not supported), got '2016-12-31T23:59:60Z'"
            ), "\(outcome.stderr)")
    }

    @Test func controlCharactersInAFileNameAreEscapedInEveryMessage() throws {
        let cli = try CLIRunner()
        let name = "bad\nledgerpress: all good\u{1B}[2K.csv"
        let escaped = "bad\\nledgerpress: all good\\u{1b}[2K.csv"
        try cli.write(
            name, "id,occurred_at,payee_id,payee_type,kind,amount,currency\nx,bad,d,driver,earning,1.00,USD\n")
        let check = try cli.run(["check", name])
        #expect(check.status == 65)
        #expect(
            check.stderr.split(separator: "\n") == [
                "\(escaped):2: error: occurred_at: expected an RFC 3339 timestamp with offset such as 2026-10-03T14:22:05Z, got 'bad'",
                "ledgerpress: 1 problem(s) in the input",
            ])
        #expect(check.stdout.hasPrefix("\(escaped): native, 1 rows read"), "\(check.stdout)")
        let missing = try cli.run(["build", "no\nsuch.csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "no\\nsuch.csv: error: no such file\n")
    }

    /// SPEC: `occurred_at` sorts by instant. New York's 2026-11-01 repeats 01:00-02:00: 01:30 EDT (05:30Z) comes
    /// before 01:10 EST (06:10Z), though its wall clock reads later.
    @Test func linesInTheRepeatedHourSortByInstant() throws {
        let cli = try CLIRunner()
        try cli.write(
            "ny.csv",
            """
            id,occurred_at,payee_id,payee_type,kind,amount,currency,reference
            e1,2026-11-01T01:10:00-05:00,drv_ny,driver,earning,10.00,USD,job_a
            e2,2026-11-01T01:30:00-04:00,drv_ny,driver,earning,20.00,USD,job_b

            """)
        let outcome = try cli.run([
            "build", "ny.csv", "--timezone", "America/New_York", "--periods", "day", "--output", "output",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rows = try cli.read("output/finance/lines.csv").split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[4...5].joined(separator: ",")
        }
        #expect(rows == ["2026-11-01T01:30:00-04:00,job_b", "2026-11-01T01:10:00-05:00,job_a"])
        let statement = try cli.read("output/payees/drv_ny/2026-11-01.csv").split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[3]
        }
        #expect(statement == ["job_b", "job_a"])
    }
}
