import Foundation
import Testing

/// What a run says and leaves (issue 45, item 9): options that would do nothing say so on standard error and the
/// run goes on; `--help` lists every exit code; `verify-letter` given a page or a file with a byte-order mark says
/// what it expected; a refused `--previous` run leaves no lock file behind.
@Suite(.serialized) struct RunMessagesTests {
    static let ledger = VerifySafetyTests.ledger

    /// The options that would do nothing here; none needs the PDF engine to run (so no browser starts).
    @Test(arguments: [
        (
            ["--pdf-engine", "chromium"],
            "ledgerpress: warning: --pdf-engine chromium: does nothing without --pdf (no PDF is printed)"
        ),
        (
            ["--pdf", "month", "--only", "finance"],
            "ledgerpress: warning: --pdf month: does nothing with --only finance (no statement files, so no PDFs)"
        ),
        (
            ["--pdf", "year", "--periods", "month"],
            "ledgerpress: warning: --pdf year: does nothing: no year statements are built (add year to --periods, which is 'month')"
        ),
    ])
    func anOptionThatDoesNothingSaysSoAndTheRunGoesOn(_ options: [String], _ warning: String) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build"] + Self.ledger + ["--output", "site"] + options)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").map(String.init).contains(warning), "\(outcome.stderr)")
        #expect(!(try cli.tree("site")).keys.contains { $0.hasSuffix(".pdf") })
    }

    @Test func helpListsExitCode69() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["--help"])
        #expect(outcome.status == 0)
        let help = outcome.stdout.replacingOccurrences(of: "\n", with: " ")
        for code in ["0 ok", "64 usage", "65 bad input", "66 missing input", "69 unavailable", "70 internal", "74 I/O"]
        {
            #expect(help.contains(code), "\(code)")
        }
    }

    /// `verify-letter` given the letter's page, a verify page, or the letter's JSON saved with a byte-order mark.
    @Test func verifyLetterGivenAPageOrABOMSaysItExpectsTheLettersJSON() throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let site = try cli.tree("site")
        let publicKey = try #require(site.keys.first { $0.hasPrefix("keys/") })
        let verifyPage = try #require(site.keys.first { $0.hasPrefix("verify/") })
        let json = try #require(site["payees/drv_ann/income-letter.json"])
        try (Data([0xEF, 0xBB, 0xBF]) + json).write(to: URL(fileURLWithPath: cli.path("bom.json")))
        let cases = [
            ("site/payees/drv_ann/income-letter.html", "got an HTML page"),
            ("site/" + verifyPage, "got an HTML page"),
            ("bom.json", "got a file that starts with a byte-order mark"),
        ]
        for (file, got) in cases {
            let outcome = try cli.run(["verify-letter", file, "--public-key", "site/" + publicKey])
            #expect(outcome.status == 65, "\(file): \(outcome.stderr)")
            #expect(
                outcome.stderr.hasPrefix(
                    "\(file): error: expected the letter's JSON (income-letter.json, UTF-8), \(got)"),
                "\(outcome.stderr)")
        }
        // The letter itself still verifies.
        let valid = try cli.run([
            "verify-letter", "site/payees/drv_ann/income-letter.json", "--public-key", "site/" + publicKey,
        ])
        #expect(valid.status == 0, "\(valid.stderr)")
    }

    /// A first build refused for its `--previous` (missing, or no site) writes nothing: not even the lock file.
    @Test(arguments: ["missing", "empty"])
    func aRefusedPreviousRunLeavesNoLockFile(_ previous: String) throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("empty"), withIntermediateDirectories: true)
        let outcome = try cli.run(["build"] + Self.ledger + ["--output", "site", "--previous", previous])
        #expect(outcome.status == (previous == "missing" ? 66 : 65), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("nothing was written"), "\(outcome.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted()
        #expect(left == ["empty"], "\(left)")
        // A site that exists keeps its lock file (another run may be waiting on it) and its bytes.
        #expect(try cli.run(["build"] + Self.ledger + ["--output", "site"]).status == 0)
        let before = try cli.tree("site")
        #expect(try cli.run(["build"] + Self.ledger + ["--output", "site", "--previous", previous]).status != 0)
        #expect(try cli.tree("site") == before)
        #expect(FileManager.default.fileExists(atPath: cli.path(".site.lock")))
    }
}
