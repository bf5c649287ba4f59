import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGTERM and SIGINT end a `build` or `merge` with a run report (`exit_status` 143 or 130, `signal`), a line saying
/// what was kept, and the previous site as it was; the next run cleans up and publishes.
@Suite(.serialized) struct InterruptTests {
    typealias Running = VerifySafetyTests.Running
    static let ledger = VerifySafetyTests.ledger

    struct Report: Decodable {
        var exit_status: Int
        var signal: String?
        var inputs: [Input]

        struct Input: Decodable { var name: String }
    }

    func report(_ cli: CLIRunner) throws -> Report {
        try JSONDecoder().decode(Report.self, from: Data(try cli.read("run.json").utf8))
    }

    /// The build waits for a `verify` (this test holding the lock shared) when the signal comes: a moment known
    /// to be before anything is written.
    @Test(arguments: [(SIGTERM, "SIGTERM", 143), (SIGINT, "SIGINT", 130)])
    func aSignalWhileTheBuildWaitsWritesAnInterruptedReport(_ signal: Int32, _ name: String, _ status: Int32) throws {
        let cli = try CLIRunner()
        #expect(try cli.run(["build"] + Self.ledger + ["--output", "output"]).status == 0)
        let before = try cli.tree("output")
        let lock = try VerifySafetyTests.HeldLock(cli, exclusive: false)
        let build = try Running(cli, ["build"] + Self.ledger + ["--output", "output", "--report", "run.json"])
        #expect(build.errorLine().hasPrefix("ledgerpress: waiting for a `ledgerpress verify` of output to finish"))
        kill(build.process.processIdentifier, signal)
        let outcome = build.finish()
        lock.release()
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(
            outcome.stderr
                == "ledgerpress: interrupted by \(name); nothing was published: output is the previous site, as it was\n"
        )
        let written = try report(cli)
        #expect(written.exit_status == Int(status))
        #expect(written.signal == name)
        #expect(try cli.tree("output") == before)
        #expect(cli.stagingFolders("output").isEmpty)
    }

    /// The signal comes once the new site is staged, before the swap (the build holds there until this test lets it
    /// go, `LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH`, so the signal never races the publish): the old site stays, the
    /// staging folder is left for the next run, which removes it and publishes.
    @Test func aSignalWhileTheSiteIsStagedKeepsThePreviousSite() throws {
        let cli = try CLIRunner()
        let sample = try cli.run([
            "sample", "--entries", "3000", "--payees", "60", "--seed", "7", "--out", "ledger.csv", "--payees-out",
            "payees.csv",
        ])
        #expect(sample.status == 0, "\(sample.stderr)")
        let inputs = ["ledger.csv", "--payees", "payees.csv", "--output", "output", "--quiet"]
        let old = try cli.run(["build"] + inputs + ["--as-of", "2026-10-20T00:00:00Z"])
        #expect(old.status == 0, "\(old.stderr)")
        let before = try cli.tree("output")
        let release = cli.path("release-the-build")
        let build = try Running(
            cli, ["build"] + inputs + ["--report", "run.json"],
            environment: ["LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH": release])
        let deadline = Date().addingTimeInterval(120)
        while cli.stagingFolders("output").isEmpty, build.process.isRunning,
            Date() < deadline
        {
            usleep(1000)
        }
        kill(build.process.processIdentifier, SIGINT)
        // Were the signal lost, the build would go on and publish: the checks below would say so.
        FileManager.default.createFile(atPath: release, contents: Data())
        let outcome = build.finish()
        #expect(outcome.status == 130, "\(outcome.stderr)")
        #expect(
            outcome.stderr
                == "ledgerpress: interrupted by SIGINT; nothing was published: output is the previous site, as it was "
                + "(the next run removes \(cli.path("output.staging-\(build.process.processIdentifier)")))\n")
        let written = try report(cli)
        #expect(written.exit_status == 130)
        #expect(written.signal == "SIGINT")
        // The report holds what the run had done by then: its import.
        #expect(written.inputs.map(\.name) == ["ledger.csv"])
        #expect(try cli.tree("output") == before)
        let next = try cli.run(["build"] + inputs)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(cli.stagingFolders("output").isEmpty)
        #expect(try cli.run(["verify", "output"]).status == 0)
        #expect(try cli.tree("output") != before)
    }
}
