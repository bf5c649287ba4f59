import Foundation
import Testing

/// Asking for help is not a failure: it prints the help on standard output and exits 0.
@Suite struct HelpTests {
    @Test(arguments: [
        ["--help"], ["build", "--help"], ["help", "build"], ["merge", "--help"], ["verify", "--help"], [],
    ])
    func helpExitsZeroWithTheOverview(_ arguments: [String]) throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("OVERVIEW: "))
        #expect(!outcome.stderr.contains("internal error"))
    }

    /// `--format`'s help and its usage error list the import registry's formats, in its order
    /// (`ImporterRegistryTests` holds that order).
    @Test func formatHelpAndItsErrorListTheRegistrysFormats() throws {
        let cli = try CLIRunner()
        let help = try cli.run(["build", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains(
                "recognising it by its header: native, jsonl, stripe-report, stripe-payouts, stripe-dashboard, "
                    + "stripe-payments, mapped."), "\(help.stdout)")
        let bad = try cli.run(["check", "x.csv", "--format", "csv"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr.contains(
                "--format: expected native, jsonl, stripe-report, stripe-payouts, stripe-dashboard, stripe-payments "
                    + "or mapped, got 'csv'"), "\(bad.stderr)")
    }
}
