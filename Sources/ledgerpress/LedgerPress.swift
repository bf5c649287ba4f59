import ArgumentParser
import Foundation

@main
struct LedgerPress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledgerpress",
        abstract: "Earnings statements for drivers and merchants from ledger exports, published as a static site.",
        discussion: """
            Exit codes: 0 ok, 64 usage, 65 bad input data (also a site that would shrink past --max-shrink), \
            66 missing input, 69 unavailable (a --source server that cannot be reached or refuses the login, \
            --pdf's engine not installed or not working), 70 internal error, 72 /proc is not mounted, 73 cannot create output, 74 I/O error \
            (also: the PDF engine failed, crashed or timed out on a document), \
            75 another run holds the output or took it over (try again), 130 / 143 interrupted by SIGINT / SIGTERM.
            """,
        subcommands: [Build.self, Merge.self, Check.self, Verify.self, VerifyLetter.self, Sample.self, Send.self]
    )

    /// ArgumentParser's own `main`, plus the run report of a `build` or `merge` whose command line is refused
    /// (the errors `run()` throws write theirs in `RunReport.recording`), and exit 70 with
    /// `ledgerpress: internal error: ...` for an unexpected error from any command (not ArgumentParser's exit 1).
    /// Before anything, a missing `/proc` stops every command (``ProcFileSystem``), and SIGTERM and SIGINT are
    /// handed to ``Interruption``.
    static func main() {
        if let problem = ProcFileSystem.problem(arguments: CommandLine.arguments) {
            Console().error([problem])
            Foundation.exit(ProcFileSystem.exitStatus)
        }
        Interruption.install()
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if exitCode(for: error) == Exit.usage { RunReport.recordUsageError(arguments: CommandLine.arguments) }
            exit(withError: error)
        }
        do {
            try command.run()
        } catch {
            // A help request (`--help`, `help build`, no subcommand) is ArgumentParser's own clean exit, not a failure.
            if exitCode(for: error) == .success { exit(withError: error) }
            exit(withError: RunReport.outcome(of: error).error)
        }
    }
}

/// sysexits codes the commands exit with.
enum Exit {
    static let usage = ExitCode(64)
    static let dataError = ExitCode(65)
    static let noInput = ExitCode(66)
    static let software = ExitCode(70)
    static let cannotCreate = ExitCode(73)
    static let ioError = ExitCode(74)
    static let temporaryFailure = ExitCode(75)
}
