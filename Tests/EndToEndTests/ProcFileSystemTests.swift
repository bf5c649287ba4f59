import Foundation
import Testing

@testable import ledgerpress

/// Without `/proc` (a chroot) the command line reads as empty; every command must then fail saying why, not
/// print the help and exit 0. The real run without `/proc` is `scripts/no-proc.sh` (root: a mount namespace
/// with an empty tmpfs over /proc; `make faults`); here the check reads a stand-in for `/proc/self`.
@Suite struct ProcFileSystemTests {
    @Test func anEmptyProcIsNamedAsTheReason() throws {
        let cli = try CLIRunner()
        let empty = cli.path("proc-self")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect(
            ProcFileSystem.problem(arguments: [], procSelf: empty)
                == "ledgerpress: error: cannot read the command line: /proc is not mounted (\(empty)/cmdline: "
                + "No such file or directory); mount it (in a chroot: mount -t proc proc /proc) and run again")
        // Arguments alone are not enough: the executable must be readable through it too.
        #expect(ProcFileSystem.problem(arguments: ["ledgerpress", "build"], procSelf: empty) != nil)
    }

    @Test func theRealProcPasses() {
        #expect(ProcFileSystem.problem(arguments: CommandLine.arguments) == nil)
        // Mounted, but the command line reads as empty (a process started with no argv[0]).
        #expect(
            ProcFileSystem.problem(arguments: [])
                == "ledgerpress: error: cannot read the command line (/proc/self/cmdline gives no arguments, or /proc/self/exe no executable)"
        )
    }

    @Test func everyCommandRunsWithProcMounted() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["check", CLIRunner.example("example-ledger.csv")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }
}
