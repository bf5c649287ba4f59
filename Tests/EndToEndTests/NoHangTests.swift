import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Nothing hangs a run (issue 45, item 7): a FIFO put where a published statement was is damage, rewritten by the
/// next build (whose open never waits for a writer) and reported by `verify`, never a run that waits for ever
/// holding the output's lock.
@Suite(.serialized) struct NoHangTests {
    typealias Running = VerifySafetyTests.Running
    static let ledger = VerifySafetyTests.ledger

    /// Runs the binary for at most `seconds`; a run still going then is killed (SIGKILL) and reported as hung.
    static func run(
        _ cli: CLIRunner, _ arguments: [String], within seconds: Double = 60, environment: [String: String] = [:]
    )
        throws -> (outcome: CLIRunner.Outcome, hung: Bool)
    {
        let running = try Running(cli, arguments, environment: environment)
        let deadline = Date().addingTimeInterval(seconds)
        while running.process.isRunning, Date() < deadline { usleep(20_000) }
        let hung = running.process.isRunning
        if hung { kill(running.process.processIdentifier, SIGKILL) }
        return (running.finish(), hung)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    @Test(arguments: ["payees/drv_ann/2026-10.md", "payees/drv_ann/2026-10.html", "payees/drv_ann/index.html"])
    func aFIFOWhereAStatementWasIsRewrittenNotWaitedOn(_ file: String) throws {
        let cli = try CLIRunner()
        let build = ["build"] + Self.ledger + ["--output", "site"]
        #expect(try cli.run(build).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("site/" + file)))
        try FileManager.default.removeItem(atPath: cli.path("site/" + file))
        #expect(mkfifo(cli.path("site/" + file), 0o644) == 0)
        // `verify` reports it instead of waiting for a writer.
        let verify = try Self.run(cli, ["verify", "site"], within: 30)
        #expect(!verify.hung, "verify waited on the FIFO")
        #expect(verify.outcome.status == 65, "\(verify.outcome.stderr)")
        #expect(verify.outcome.stderr.contains(file), "\(verify.outcome.stderr)")
        // The build rewrites it: a regular file with the statement's bytes again, and the site verifies.
        let rebuilt = try Self.run(cli, build, within: 60)
        #expect(!rebuilt.hung, "the build waited on the FIFO")
        #expect(rebuilt.outcome.status == 0, "\(rebuilt.outcome.stderr)")
        #expect(Self.isRegularFile(cli.path("site/" + file)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("site/" + file))) == bytes)
        #expect(try cli.run(["verify", "site"]).status == 0)
        // The night after (the old site, FIFO and all, is kept as the spare that staging starts from) too.
        let again = try Self.run(cli, build, within: 60)
        #expect(!again.hung && again.outcome.status == 0, "\(again.outcome.stderr)")
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
