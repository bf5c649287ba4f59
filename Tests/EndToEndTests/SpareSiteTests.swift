import Foundation
import Testing

/// The spare site (`.<output>.spare`, the site before the last publish, kept to start the next staging from):
/// every run that starts from it publishes byte for byte what a run starting from nothing publishes.
@Suite(.serialized) struct SpareSiteTests {
    /// One night's inputs and options.
    struct Night {
        var late: [String] = []
        var options: [String] = []
    }

    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"

    func writeLateFiles(_ cli: CLIRunner) throws {
        try cli.write(
            "late1.csv",
            Self.header + "x001,2026-11-03T10:00:00-05:00,drv_ann,driver,Ann Lee,earning,10.00,USD,job_x1,Late run,,\n")
        try cli.write(
            "late2.csv", Self.header + "x002,2026-11-04T10:00:00-05:00,drv_ann,driver,Ann Lee,tip,3.00,USD,job_x1,,,\n")
        try cli.write(
            "late3.csv",
            Self.header + "x003,2026-10-20T10:00:00+02:00,drv_jose,driver,José Ruiz,earning,7.00,EUR,job_x3,Another,,\n"
        )
        try cli.writeSecret("secret", "a link secret of some length\n")
    }

    /// Builds `night` into `output`; without `spare`, the spare is removed first, so the run starts from nothing.
    func build(_ cli: CLIRunner, _ night: Night, into output: String, spare: Bool) throws {
        if !spare { try? FileManager.default.removeItem(atPath: cli.path("." + output + ".spare")) }
        let arguments =
            ["build", CLIRunner.example("example-ledger.csv")] + night.late
            + ["--payees", CLIRunner.example("example-payees.csv"), "--output", output, "--quiet"] + night.options
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(night): \(outcome.stderr)")
    }

    /// Puts other bytes at a path of the spare (a new file: the spare's files are the output's).
    func replaceInSpare(_ cli: CLIRunner, _ path: String) throws {
        try FileManager.default.removeItem(atPath: cli.path(".site.spare/" + path))
        try cli.write(".site.spare/" + path, "a spare that must not be published")
    }

    /// The night of `late1.csv` built again into `site` (from the spare the last run kept): only `revisions.csv`
    /// (what this run revised: nothing) and the manifest change.
    func lateNightAgainChangesOnlyRevisionsAndTheManifest(_ cli: CLIRunner) throws {
        let outcome = try cli.run(
            [
                "build", CLIRunner.example("example-ledger.csv"), "late1.csv", "--payees",
                CLIRunner.example("example-payees.csv"), "--output", "site",
            ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("2 changed"), "\(outcome.stdout)")
    }

    func inode(_ cli: CLIRunner, _ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: cli.path(path))[.systemFileNumber] as? Int) ?? -1
    }

    @Test func nightsStartedFromTheSparePublishWhatNightsStartedFromNothingDo() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        let nights = [
            Night(), Night(late: ["late1.csv"]), Night(late: ["late1.csv", "late2.csv"]),
            Night(late: ["late1.csv", "late2.csv", "late3.csv"]), Night(late: ["late1.csv"], options: ["--adopt"]),
            Night(options: ["--periods", "month", "--allow-shrink"]), Night(options: ["--only", "finance"]), Night(),
            Night(options: ["--link-secret", "secret"]),
            Night(late: ["late3.csv"], options: ["--link-secret", "secret"]), Night(),
        ]
        for (index, night) in nights.enumerated() {
            if index == 4 {
                // Put there by hand: a stray file in a payee's folder and in payees/ (adopted: removed), and a
                // folder at the top (carried over).
                try cli.write("site/payees/drv_ann/notes.txt", "mine")
                try FileManager.default.createDirectory(
                    atPath: cli.path("site/junk"), withIntermediateDirectories: true)
                try cli.write("site/junk/a.txt", "mine")
                try cli.write("site/payees/stray", "mine")
            }
            let unchanged = index == 2 ? try inode(cli, "site/payees/drv_jose/2026-10.html") : nil
            try build(cli, night, into: "site", spare: true)
            try build(cli, night, into: "control", spare: false)
            // What was put at the top of the site by hand is carried over; the rest is as from nothing.
            var site = try cli.tree("site")
            if index >= 4 {
                #expect(site.removeValue(forKey: "junk/a.txt") == Data("mine".utf8))
                // The manifest names what was carried over.
                let manifest = String(decoding: try #require(site["manifest.json"]), as: UTF8.self)
                #expect(manifest.hasPrefix("{\n  \"carried\" : [\n    \"junk\"\n  ],\n"))
                site["manifest.json"] = Data(
                    manifest.replacingOccurrences(of: "  \"carried\" : [\n    \"junk\"\n  ],\n", with: "").utf8)
            }
            #expect(site == (try cli.tree("control")), "night \(index): \(night)")
            #expect(try cli.run(["verify", "site"]).status == 0, "night \(index)")
            if index >= 1 {
                let marker = try cli.read(".site.spare/.ledgerpress-spare")
                #expect(marker.hasPrefix("ledgerpress spare 1\nmanifest "), "night \(index)")
            }
            if let unchanged { #expect(try inode(cli, "site/payees/drv_jose/2026-10.html") == unchanged) }
        }
        #expect(cli.stagingFolders("site").isEmpty)
    }

    @Test func aSpareThatDoesNotMatchTheOutputIsRemovedNotUsed() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        // Another site put in place of the output: the spare's marker names the old manifest.
        try build(cli, Night(late: ["late3.csv"]), into: "other", spare: true)
        try FileManager.default.removeItem(atPath: cli.path("site"))
        try FileManager.default.moveItem(atPath: cli.path("other"), toPath: cli.path("site"))
        try replaceInSpare(cli, "payees/drv_ann/2026-10.html")
        try build(cli, Night(late: ["late2.csv"]), into: "site", spare: true)
        try build(cli, Night(late: ["late3.csv"]), into: "control", spare: false)
        try build(cli, Night(late: ["late2.csv"]), into: "control", spare: false)
        #expect(try cli.tree("site") == cli.tree("control"))
        #expect(try cli.run(["verify", "site"]).status == 0)
        // A marker cut short is not trusted either.
        let marker = try cli.read(".site.spare/.ledgerpress-spare")
        try cli.write(".site.spare/.ledgerpress-spare", String(marker.dropLast(4)))
        try replaceInSpare(cli, "payees/drv_ann/2026-10.html")
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "control", spare: false)
        #expect(try cli.tree("site") == cli.tree("control"))
    }

    @Test func aSpareCopiedApartFromTheOutputIsNotUsed() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        // The same bytes under other inodes, as a copy or a restore from backup leaves them.
        try FileManager.default.copyItem(atPath: cli.path(".site.spare"), toPath: cli.path("copy"))
        try FileManager.default.removeItem(atPath: cli.path(".site.spare"))
        try FileManager.default.moveItem(atPath: cli.path("copy"), toPath: cli.path(".site.spare"))
        let unchanged = try inode(cli, "site/payees/drv_jose/2026-10.html")
        try build(cli, Night(late: ["late1.csv", "late2.csv"]), into: "site", spare: true)
        #expect(try inode(cli, "site/payees/drv_jose/2026-10.html") == unchanged)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func aRunKilledAfterTakingTheSpareLeavesTheOldSiteAndTheNextRunStartsFromNothing() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        #expect(FileManager.default.fileExists(atPath: cli.path(".site.spare")))
        let before = try cli.tree("site")
        let arguments = [
            "build", CLIRunner.example("example-ledger.csv"), "late1.csv", "late2.csv",
            "--payees", CLIRunner.example("example-payees.csv"), "--output", "site",
        ]
        let killed = try cli.run(arguments, environment: ["LEDGERPRESS_TEST_ABORT_AFTER_FILES": "3"])
        #expect(killed.status != 0)
        #expect(try cli.tree("site") == before)
        #expect(try cli.run(["verify", "site"]).status == 0)
        try build(cli, Night(late: ["late1.csv", "late2.csv"]), into: "site", spare: true)
        try build(cli, Night(), into: "control", spare: false)
        try build(cli, Night(late: ["late1.csv"]), into: "control", spare: false)
        try build(cli, Night(late: ["late1.csv", "late2.csv"]), into: "control", spare: false)
        #expect(try cli.tree("site") == cli.tree("control"))
        #expect(cli.stagingFolders("site").isEmpty)
    }

    /// Issue 25, F7: whatever sat in `.<output>.spare` was published: an edited copy of a statement (a new
    /// inode) went live with a changed amount, and a file added there was published into that payee's folder.
    /// Now every staged folder that came from the spare is checked against the published one.
    @Test func whatIsPutInTheSpareIsNeverPublished() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        // drv_jose does not change in the next night: their folder is carried over from the spare.
        let statement = try cli.read("site/payees/drv_jose/2026-10.md")
        try replaceInSpare(cli, "payees/drv_jose/2026-10.md")
        try cli.write(".site.spare/payees/drv_ann/evil.html", "<script>alert(1)</script>")
        try cli.write(".site.spare/payees/drv_jose/evil.html", "<script>alert(1)</script>")
        try cli.write(".site.spare/finance/evil.csv", "=cmd")
        try cli.write(".site.spare/evil.html", "<script>alert(1)</script>")
        try FileManager.default.removeItem(atPath: cli.path(".site.spare/payees/drv_jose/2026-10.csv"))
        try build(cli, Night(late: ["late1.csv", "late2.csv"]), into: "site", spare: true)
        #expect(try cli.read("site/payees/drv_jose/2026-10.md") == statement)
        for path in ["payees/drv_ann/evil.html", "payees/drv_jose/evil.html", "finance/evil.csv", "evil.html"] {
            #expect(!FileManager.default.fileExists(atPath: cli.path("site/" + path)), "\(path)")
        }
        try build(cli, Night(), into: "control", spare: false)
        try build(cli, Night(late: ["late1.csv"]), into: "control", spare: false)
        try build(cli, Night(late: ["late1.csv", "late2.csv"]), into: "control", spare: false)
        #expect(try cli.tree("site") == cli.tree("control"))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    /// The same for a payee carried over unrendered: the night after a late night publishes again with the same
    /// inputs (only `revisions.csv` changes), drv_jose's folder is reused, and what was added to that folder in the
    /// spare is removed before the swap.
    @Test func whatIsPutInAReusedPayeesFolderInTheSpareIsNeverPublished() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        let before = try cli.tree("site/payees/drv_jose")
        let home = try inode(cli, "site/payees/drv_jose/index.html")
        // Added files only: removing or replacing one of the spare's files would change the published file's status
        // time (its second name goes), and the folder would be rendered again instead of reused.
        try cli.write(".site.spare/payees/drv_jose/evil.html", "<script>alert(1)</script>")
        try cli.write(".site.spare/payees/drv_jose/2026-12.md", "a statement nobody wrote")
        try lateNightAgainChangesOnlyRevisionsAndTheManifest(cli)
        // Reused, not rendered: the published files are the same inodes.
        #expect(try inode(cli, "site/payees/drv_jose/index.html") == home)
        #expect(try cli.tree("site/payees/drv_jose") == before)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    /// A night from the spare whose finance CSVs come out as published keeps them (same inodes) and counts them
    /// unchanged: the spare's catch-up never links the files every run writes afresh (which would make them look
    /// touched after the publish).
    @Test func financeFilesThatComeOutAsPublishedAreKeptOnANightFromTheSpare() throws {
        let cli = try CLIRunner()
        try writeLateFiles(cli)
        try build(cli, Night(), into: "site", spare: true)
        try build(cli, Night(late: ["late1.csv"]), into: "site", spare: true)
        let summary = try inode(cli, "site/finance/summary.csv")
        let lines = try inode(cli, "site/finance/lines.csv")
        try lateNightAgainChangesOnlyRevisionsAndTheManifest(cli)
        #expect(try inode(cli, "site/finance/summary.csv") == summary)
        #expect(try inode(cli, "site/finance/lines.csv") == lines)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}
