import Foundation
import LedgerPressEngine
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

    /// The help of each flag that changes output is its declaration's line (the engine's `OutputSpec`, from the
    /// site's table of output options), in `build --help`, and in `check --help` for the statement options.
    @Test func outputFlagsHelpIsTheirDeclaredLine() throws {
        let cli = try CLIRunner()
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let build = try cli.run(["build", "--help"])
        let check = try cli.run(["check", "--help"])
        #expect(build.status == 0 && check.status == 0, "\(build.stderr)\(check.stderr)")
        let flags = OutputSpec.flags.filter { $0.hasPrefix("--") }
        #expect(flags.count >= 14, "\(flags)")
        for flag in flags {
            #expect(words(build.stdout).contains(flag), "\(flag)")
            #expect(words(build.stdout).contains(words(OutputSpec.help(for: flag))), "build --help, \(flag)")
        }
        for flag in ["--periods", "--range", "--timezone", "--locale", "--issuer", "--as-of", "--day-start"] {
            #expect(words(check.stdout).contains(words(OutputSpec.help(for: flag))), "check --help, \(flag)")
        }
    }
}
