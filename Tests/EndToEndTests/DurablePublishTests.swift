import Foundation
import Testing

/// Durable and honest publish: a damaged file in the old output is never carried forward, and a previous
/// manifest that cannot be read stops the run (65) instead of silently restarting every statement at version 1.
@Suite(.serialized) struct DurablePublishTests {
    let arguments = [
        "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
        "--output", "site",
    ]

    @Test func aDamagedFileInTheOldOutputIsWrittenAfresh() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(arguments).status == 0)
        let good = try cli.read("site/payees/drv_ann/2026-10.html")
        // Same length, other bytes: the previous manifest's hash still says "unchanged".
        try cli.write("site/payees/drv_ann/2026-10.html", String(good.dropLast(2)) + "X\n")
        let rerun = try cli.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stdout.contains("1 changed"), "\(rerun.stdout)")
        #expect(try cli.read("site/payees/drv_ann/2026-10.html") == good)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func anUnreadablePreviousManifestExits65NamingIt() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(arguments).status == 0)
        try cli.write("site/manifest.json", "{\"tool\" : \"ledgerpress\", \"files\" : 3}\n")
        let before = try cli.tree("site")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("site/manifest.json: error: expected a ledgerpress manifest"), "\(outcome.stderr)")
        #expect(try cli.tree("site") == before)
        #expect(cli.stagingFolders("site").isEmpty)
    }

    @Test func anUnreadableManifestGivenAsPreviousExits65() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(arguments + ["--output", "previous"]).status == 0)
        try cli.write("previous/manifest.json", "{\"tool\" : \"ledgerpress\", \"statements\" : [{\"period\" : 1}]")
        let outcome = try cli.run(arguments + ["--previous", "previous"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("previous/manifest.json: error: expected a ledgerpress manifest"),
            "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    /// Issue 25, F3: `--previous sitee` (a typo) or `--previous /tmp` was a silent first publish: every revised
    /// statement came out as version 1. `--previous` must name a site ledgerpress published.
    @Test(arguments: [("sitee", Int32(66), "no such folder"), ("other", 65, "without a ledgerpress manifest.json")])
    func previousMustNameALedgerpressSite(folder: String, status: Int32, reason: String) throws {
        let cli = try CLIRunner()
        #expect(try cli.run(arguments).status == 0)
        try FileManager.default.createDirectory(atPath: cli.path("other"), withIntermediateDirectories: true)
        try cli.write("other/notes.txt", "not a site")
        let before = try cli.tree("site")
        let outcome = try cli.run(arguments + ["--previous", folder])
        #expect(outcome.status == status, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--previous"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(reason), "\(outcome.stderr)")
        #expect(try cli.tree("site") == before)
        let good = try cli.run(arguments + ["--previous", "site"])
        #expect(good.status == 0, "\(good.stderr)")
    }

    /// Issue 25, F8: a file damaged in place with its modification time put back (`touch -r`) was carried forward
    /// every night; only `verify` noticed. Reuse now also needs the file's status change time, which `touch`
    /// cannot set back, to be no later than the publish.
    @Test(arguments: ["payees/drv_ann/2026-10.html", "finance/summary.csv", "payees/drv_jose/index.html"])
    func aFileDamagedInPlaceWithItsTimeRestoredIsWrittenAfresh(path: String) throws {
        let cli = try CLIRunner()
        #expect(try cli.run(arguments).status == 0)
        let file = cli.path("site/" + path)
        let good = try cli.read("site/" + path)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        // Same length, other bytes, written into the same inode, then the old modification time put back.
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.seek(toOffset: UInt64(good.utf8.count - 2))
        try handle.write(contentsOf: Data("X\n".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file)
        #expect(try cli.run(["verify", "site"]).status != 0)
        let rerun = try cli.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try cli.read("site/" + path) == good)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
