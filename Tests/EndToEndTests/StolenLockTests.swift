import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 25, F4: a lock file deleted while a run holds it let a second run share the staging folder and
/// publish a corrupt site. Now each run stages in a folder of its own and checks, before the swap, that the
/// lock file it locked is still the one at the lock path.
@Suite(.serialized) struct StolenLockTests {
    @Test func aRunWhoseLockFileIsRemovedPublishesNothingAndExits75() throws {
        let cli = try CLIRunner()
        #expect(
            try cli.run([
                "sample", "--entries", "4000", "--payees", "60", "--seed", "7", "--out", "ledger.csv",
                "--payees-out", "payees.csv",
            ]).status == 0)
        let build = ["build", "ledger.csv", "--payees", "payees.csv", "--output", "site", "--quiet"]
        #expect(try cli.run(build + ["--as-of", "2026-10-20T00:00:00Z"]).status == 0)
        let before = try cli.tree("site")

        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = build
        process.currentDirectoryURL = cli.directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // The run holds once its site is staged, before the swap, until this test lets it go.
        let release = cli.path("release-the-build")
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["LEDGERPRESS_TEST_HOLD_BEFORE_PUBLISH": release]) { _, new in new }
        try process.run()
        // Once the run stages its files, its lock file goes.
        let deadline = Date().addingTimeInterval(60)
        while cli.stagingFolders("site").isEmpty, process.isRunning, Date() < deadline { usleep(2_000) }
        #expect(unlink(cli.path(".site.lock")) == 0)
        FileManager.default.createFile(atPath: release, contents: Data())
        process.waitUntilExit()

        #expect(process.terminationStatus == 75)
        #expect(try cli.tree("site") == before)
        #expect(cli.stagingFolders("site").isEmpty)
        #expect(try cli.run(["verify", "site"]).status == 0)
        let next = try cli.run(build)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
