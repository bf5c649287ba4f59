import Foundation
import Testing

/// Output safety: `build` and `merge` publish only into a missing or empty folder or a site ledgerpress
/// published; anything else exits 73 and touches nothing (no lock, no staging folder, nothing deleted).
@Suite(.serialized) struct OutputSafetyTests {
    /// Every entry under a folder (hidden ones too), folders marked with a trailing `/`, with file bytes.
    func snapshot(_ cli: CLIRunner, _ relative: String = ".") throws -> [String: Data] {
        let root = URL(fileURLWithPath: cli.path(relative)).standardizedFileURL
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        for case let item as String in walker {
            var isDirectory: ObjCBool = false
            let full = root.appendingPathComponent(item).path
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            result[isDirectory.boolValue ? item + "/" : item] =
                isDirectory.boolValue ? Data() : FileManager.default.contents(atPath: full)
        }
        return result
    }

    /// A folder as a user has it: a thesis, notes and the ledger they want to publish.
    func thesisFolder() throws -> CLIRunner {
        let cli = try CLIRunner()
        try cli.write("thesis.tex", "\\documentclass{article} my thesis")
        try FileManager.default.createDirectory(atPath: cli.path("notes"), withIntermediateDirectories: true)
        try cli.write("notes/chapter1.txt", "notes")
        try cli.write(
            "ledger.csv", try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8))
        return cli
    }

    @Test func outputDotInAFolderWithAThesisRefusesAndKeepsEveryFile() throws {
        let cli = try thesisFolder()
        let before = try snapshot(cli)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "."])
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("it is the current folder"), "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(try snapshot(cli) == before)
        let name = cli.directory.lastPathComponent
        let parent = cli.directory.deletingLastPathComponent()
        let siblings = try FileManager.default.contentsOfDirectory(atPath: parent.path)
        #expect(!siblings.contains { $0.hasPrefix(name + ".staging") })
        #expect(!FileManager.default.fileExists(atPath: parent.appendingPathComponent("." + name + ".lock").path))
    }

    @Test func emptyOutputTextRefuses() throws {
        let cli = try thesisFolder()
        let before = try snapshot(cli)
        let outcome = try cli.run(["build", "ledger.csv", "--output", ""])
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("--output: expected a folder, got empty text"), "\(outcome.stderr)")
        #expect(try snapshot(cli) == before)
    }

    @Test func aFolderLedgerpressDidNotMakeIsRefusedNamingWhatIsInIt() throws {
        let cli = try thesisFolder()
        try FileManager.default.createDirectory(atPath: cli.path("docs/drafts"), withIntermediateDirectories: true)
        try cli.write("docs/cv.pdf", "cv")
        try cli.write("docs/manifest.json", "{\"name\": \"a web app\"}")
        let before = try snapshot(cli)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "docs"])
        #expect(outcome.status == 73)
        #expect(
            outcome.stderr.contains(cli.directory.appendingPathComponent("docs").standardizedFileURL.path),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("3 entries (cv.pdf, drafts/, manifest.json)"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("manifest.json is not a ledgerpress manifest"), "\(outcome.stderr)")
        #expect(try snapshot(cli) == before)
        // A file is not a folder either.
        let file = try cli.run(["build", "ledger.csv", "--output", "thesis.tex"])
        #expect(file.status == 73)
        #expect(try snapshot(cli) == before)
    }

    @Test func aSymlinkToAForeignFolderAndAHomeFolderAreRefused() throws {
        let cli = try thesisFolder()
        try FileManager.default.createDirectory(atPath: cli.path("home/ann"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.path("link"), withDestinationPath: cli.path("notes"))
        let before = try snapshot(cli)
        let linked = try cli.run(["build", "ledger.csv", "--output", "link"])
        #expect(linked.status == 73)
        #expect(linked.stderr.contains("1 entry (chapter1.txt)"), "\(linked.stderr)")
        let home = try cli.run(
            ["build", "ledger.csv", "--output", "home/ann/../ann"], environment: ["HOME": cli.path("home/ann")])
        #expect(home.status == 73)
        #expect(home.stderr.contains("it is a home folder"), "\(home.stderr)")
        let parentOfHome = try cli.run(
            ["build", "ledger.csv", "--output", "home"], environment: ["HOME": cli.path("home/ann")])
        #expect(parentOfHome.status == 73)
        #expect(try snapshot(cli) == before)
    }

    /// The published site is read while the inputs are imported (`PublishedRead`), yet a run still tells the
    /// input's problem first, and a damaged manifest only once the inputs are good; neither run touches the site.
    @Test func anInputsProblemIsToldBeforeADamagedManifest() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        #expect(try cli.run(["build", "ledger.csv", "--output", "site", "--quiet"]).status == 0)
        // A ledgerpress manifest (so the output is not refused as foreign) that lists no files.
        try cli.write("site/manifest.json", "{\"tool\" : \"ledgerpress\", \"format_version\" : 2}\n")
        let before = try snapshot(cli, "site")
        try cli.write("ledger.csv", ledger + "t999,not a time,drv_ann,driver,Ann Lee,earning,1.00,USD,,,,\n")

        let badInput = try cli.run(["build", "ledger.csv", "--output", "site", "--quiet"])
        #expect(badInput.status == 65)
        #expect(badInput.stderr.contains("occurred_at"), "\(badInput.stderr)")
        #expect(!badInput.stderr.contains("manifest.json"), "\(badInput.stderr)")
        #expect(try snapshot(cli, "site") == before)

        try cli.write("ledger.csv", ledger)
        let badManifest = try cli.run(["build", "ledger.csv", "--output", "site", "--quiet"])
        #expect(badManifest.status == 65)
        #expect(badManifest.stderr.contains("manifest.json"), "\(badManifest.stderr)")
        #expect(try snapshot(cli, "site") == before)
    }

    @Test func theOutputMayNotHoldAnInputOrTheTemplates() throws {
        let cli = try CLIRunner()
        #expect(try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "site"]).status == 0)
        try cli.write(
            "site/ledger.csv", try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8))
        try FileManager.default.createDirectory(atPath: cli.path("site/tpl"), withIntermediateDirectories: true)
        let before = try snapshot(cli)
        let input = try cli.run(["build", "site/ledger.csv", "--output", "site"])
        #expect(input.status == 73)
        #expect(input.stderr.contains("it holds the input file"), "\(input.stderr)")
        let templates = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--output", "site", "--templates", "site/tpl",
        ])
        #expect(templates.status == 73)
        #expect(templates.stderr.contains("it holds the templates folder"), "\(templates.stderr)")
        let payees = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--payees", "site/ledger.csv", "--output", "site/.",
        ])
        #expect(payees.status == 73)
        #expect(try snapshot(cli) == before)
    }

    @Test func reportAndRejectFileMayNotNameAnInputOrAFileInTheOutput() throws {
        let cli = try thesisFolder()
        let before = try snapshot(cli)
        for arguments in [
            ["--report", "ledger.csv"], ["--reject-file", "ledger.csv"], ["--report", "./notes/../ledger.csv"],
            ["--report", "site/run.json"], ["--reject-file", "site/rejects.csv"],
        ] {
            let outcome = try cli.run(["build", "ledger.csv", "--output", "site"] + arguments)
            #expect(outcome.status == 73, "\(arguments)")
            #expect(outcome.stderr.contains("error: \(arguments[0])"), "\(outcome.stderr)")
            #expect(try snapshot(cli) == before, "\(arguments)")
        }
    }

    @Test func missingParentFoldersOfTheOutputAreCreated() throws {
        let cli = try CLIRunner()
        let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "shards/0/site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try cli.run(["verify", "shards/0/site"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.path("shards/0/.site.lock")))
    }

    @Test func mergeRefusesAForeignFolder() throws {
        let cli = try thesisFolder()
        #expect(try cli.run(["build", "ledger.csv", "--shard", "0/1", "--output", "s0"]).status == 0)
        let before = try snapshot(cli)
        let outcome = try cli.run(["merge", "s0", "--output", "notes"])
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("1 entry (chapter1.txt)"), "\(outcome.stderr)")
        let into = try cli.run(["merge", "s0", "--output", "."])
        #expect(into.status == 73)
        #expect(try snapshot(cli) == before)
    }
}
