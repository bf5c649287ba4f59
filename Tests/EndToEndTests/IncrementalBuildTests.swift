import Foundation
import LedgerPressTestSupport
import Testing

/// The nightly run at scale: a payee whose inputs did not change is carried over without rendering (same
/// inodes), a late entry re-renders only its payee (and within it only the statements it changed), a run
/// with nothing new writes nothing, and `--only finance` writes the finance files alone, equal to a full build's.
@Suite(.serialized) struct IncrementalBuildTests {
    static let payees = ["--payees", CLIRunner.example("example-payees.csv")]

    func inode(_ cli: CLIRunner, _ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: cli.path(path))[.systemFileNumber] as? Int)
    }

    func report(_ cli: CLIRunner) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(cli.read("run.json").utf8)) as? [String: Any])
    }

    /// The example ledger copied in as `ledger.csv` and built into `site` (with `run.json`); the build's arguments.
    func builtExample() throws -> (cli: CLIRunner, ledger: String, build: [String]) {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let build = ["build", "ledger.csv"] + Self.payees + ["--output", "site", "--report", "run.json"]
        #expect(try cli.run(build).status == 0)
        return (cli, ledger, build)
    }

    @Test func aLateEntryRendersOnlyItsPayeeAndItsChangedStatements() throws {
        let (cli, ledger, build) = try builtExample()
        let jose = try inode(cli, "site/payees/drv_jose/2026-10.html")
        let annOctober = try inode(cli, "site/payees/drv_ann/2026-10-05.html")
        let annNovember = try inode(cli, "site/payees/drv_ann/2026-11.html")
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        let rerun = try cli.run(build)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let numbers = try report(cli)
        #expect(numbers["payees_rendered"] as? Int == 1)
        #expect(numbers["payees_reused"] as? Int == 4)
        #expect(try inode(cli, "site/payees/drv_jose/2026-10.html") == jose)
        #expect(try inode(cli, "site/payees/drv_ann/2026-10-05.html") == annOctober)
        #expect(try inode(cli, "site/payees/drv_ann/2026-11.html") != annNovember)
        #expect(try cli.read("site/payees/drv_ann/2026-11.md").contains("Tips: $10.00"))
        #expect(try cli.run(["verify", "site"]).status == 0)
        // The same site built from scratch: byte for byte what the incremental run published.
        #expect(
            try cli.run(["build", "ledger.csv"] + Self.payees + ["--output", "fresh", "--previous", "site"]).status == 0
        )
        var fresh = try cli.tree("fresh")
        var site = try cli.tree("site")
        // The fresh build's history is the incremental site, which already holds the revisions: only revisions.csv differs.
        fresh["finance/revisions.csv"] = nil
        site["finance/revisions.csv"] = nil
        #expect(fresh.keys.sorted() == site.keys.sorted())
        for (path, bytes) in site where !path.hasSuffix("manifest.json") { #expect(fresh[path] == bytes, "\(path)") }
    }

    /// The night after a revision: the revised payee's folder is carried over like any other (its pages already say
    /// "Revised"), and only `finance/revisions.csv`, which lists what *this* run revised, loses their rows. (It was
    /// rendered again to the same bytes: at 1M entries, 1,305 payees and 5.8 s the night after a late night.)
    @Test func theNightAfterARevisionCarriesTheRevisedPayeeOver() throws {
        let (cli, ledger, build) = try builtExample()
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        #expect(try cli.run(build).status == 0)
        #expect((try report(cli)["revisions"] as? Int ?? 0) > 0)
        #expect(try cli.read("site/finance/revisions.csv").contains("\ndrv_ann,2026-11,USD,2,"))
        let revised = try cli.tree("site")
        let annNovember = try inode(cli, "site/payees/drv_ann/2026-11.html")

        let after = try cli.run(build)
        #expect(after.status == 0, "\(after.stderr)")
        let numbers = try report(cli)
        #expect(numbers["payees_rendered"] as? Int == 0)
        #expect(numbers["payees_reused"] as? Int == 5)
        #expect(numbers["revisions"] as? Int == 0)
        #expect(try inode(cli, "site/payees/drv_ann/2026-11.html") == annNovember)
        let site = try cli.tree("site")
        let header =
            "payee_id,period,currency,version,first_issued_as_of,previous_net_activity,net_activity,"
            + "previous_closing_balance,closing_balance\n"
        #expect(site["finance/revisions.csv"] == Data(header.utf8))
        #expect(site.keys.sorted() == revised.keys.sorted())
        for (path, bytes) in site where path != "finance/revisions.csv" && path != "manifest.json" {
            #expect(revised[path] == bytes, "\(path)")
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.read("site/manifest.json").utf8)) as? [String: Any])
        let payees = try #require(manifest["payees"] as? [[String: Any]])
        #expect(payees.allSatisfy { $0["revised"] as? Int == 0 })
        #expect(try cli.run(["verify", "site"]).status == 0)
        // Built from scratch with the same history: the same bytes but for the manifests (their inputs' line).
        #expect(
            try cli.run(["build", "ledger.csv"] + Self.payees + ["--output", "fresh", "--previous", "site"]).status == 0
        )
        let fresh = try cli.tree("fresh")
        #expect(fresh.keys.sorted() == site.keys.sorted())
        for (path, bytes) in site where !path.hasSuffix("manifest.json") { #expect(fresh[path] == bytes, "\(path)") }

        // And the night after that has nothing to write.
        let tree = try cli.tree("site")
        #expect(try cli.run(build).status == 0)
        #expect(try cli.tree("site") == tree)
        #expect((try report(cli)["files"] as? [String: Int])?["changed"] == 0)
    }

    /// A payee rendered again keeps a published statement only when its file is as the manifest recorded it: one
    /// grown by hand is written afresh, the untouched ones keep their inodes.
    @Test func aStatementFileChangedByHandIsWrittenAgainWhenItsPayeeIsRendered() throws {
        let (cli, ledger, build) = try builtExample()
        let good = try cli.read("site/payees/drv_ann/2026-10-05.html")
        let untouched = try inode(cli, "site/payees/drv_ann/2026-10-05.md")
        try cli.write("site/payees/drv_ann/2026-10-05.html", good + "<p>not ours</p>")
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        let rerun = try cli.run(build)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try report(cli)["payees_rendered"] as? Int == 1)
        #expect(try cli.read("site/payees/drv_ann/2026-10-05.html") == good)
        #expect(try inode(cli, "site/payees/drv_ann/2026-10-05.md") == untouched)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func aRunWithNothingNewWritesNothing() throws {
        let cli = try CLIRunner()
        let build =
            ["build", CLIRunner.example("example-ledger.csv")] + Self.payees + [
                "--output", "site", "--report", "run.json",
            ]
        #expect(try cli.run(build).status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: cli.path("site/manifest.json"))
        let tree = try cli.tree("site")
        let rerun = try cli.run(build)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let after = try FileManager.default.attributesOfItem(atPath: cli.path("site/manifest.json"))
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(try cli.tree("site") == tree)
        let numbers = try report(cli)
        #expect(numbers["payees_rendered"] as? Int == 0)
        let files = try #require(numbers["files"] as? [String: Int])
        #expect(files == ["added": 0, "changed": 0, "unchanged": tree.count, "removed": 0])
    }

    @Test func aPayeeFolderChangedByHandIsRenderedAgain() throws {
        let cli = try CLIRunner()
        let build = ["build", CLIRunner.example("example-ledger.csv")] + Self.payees + ["--output", "site"]
        #expect(try cli.run(build).status == 0)
        let good = try cli.read("site/payees/drv_jose/index.html")
        try cli.write("site/payees/drv_jose/extra.html", "<p>not ours</p>")
        try FileManager.default.removeItem(atPath: cli.path("site/payees/drv_jose/index.html"))
        // A file no manifest lists is not removed without --adopt (issue 25, F1).
        let refused = try cli.run(build)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("payees/drv_jose/extra.html"), "\(refused.stderr)")
        let rerun = try cli.run(build + ["--adopt"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try cli.read("site/payees/drv_jose/index.html") == good)
        #expect(!FileManager.default.fileExists(atPath: cli.path("site/payees/drv_jose/extra.html")))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func anUnreadablePayeeManifestExits65NamingIt() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let build = ["build", "ledger.csv"] + Self.payees + ["--output", "site"]
        #expect(try cli.run(build).status == 0)
        try cli.write("site/payees/drv_ann/manifest.json", "{\"tool\" : \"ledgerpress\", \"statements\" : 7}\n")
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        let before = try cli.tree("site")
        let outcome = try cli.run(build)
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr.contains("site/payees/drv_ann/manifest.json: error: expected a ledgerpress manifest"),
            "\(outcome.stderr)")
        #expect(try cli.tree("site") == before)
    }

    @Test func onlyFinanceWritesTheFinanceFilesOfAFullBuild() throws {
        let cli = try CLIRunner()
        let inputs = ["build", CLIRunner.example("example-ledger.csv")] + Self.payees
        #expect(try cli.run(inputs + ["--output", "site"]).status == 0)
        let outcome = try cli.run(inputs + ["--output", "finance", "--only", "finance"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let finance = try cli.tree("finance")
        let site = try cli.tree("site")
        for path in ["finance/summary.csv", "finance/lines.csv", "finance/revisions.csv"] {
            #expect(finance[path] != nil && finance[path] == site[path], "\(path)")
        }
        #expect(finance.keys.filter { $0.hasPrefix("payees/") }.allSatisfy { $0.hasSuffix("/manifest.json") })
        #expect(finance["index.html"] == nil && finance["assets/style.css"] == nil)
        #expect(try cli.run(["verify", "finance"]).status == 0)
        #expect(try cli.run(inputs + ["--output", "x", "--only", "pages"]).status == 64)
    }

    @Test func theRunReportTimesEveryStage() throws {
        let cli = try CLIRunner()
        let started = ContinuousClock.now
        #expect(
            try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--output", "site", "--report", "run.json"])
                .status == 0)
        let wall = started.duration(to: .now)
        let timings = try #require(try report(cli)["timings_seconds"] as? [String: Double])
        #expect(Set(timings.keys) == ["import", "plan", "render", "finance", "publish"])
        // Each stage is timed: import, plan and render take at least a millisecond of this debug build's time (the
        // report rounds to the millisecond), so one reported as 0 was not measured. The swap of a site this small
        // and the finance files can take under half a millisecond, which rounds to 0 (seen on a busy machine).
        #expect(["import", "plan", "render"].allSatisfy { (timings[$0] ?? 0) > 0 }, "\(timings)")
        #expect(timings.values.allSatisfy { $0 >= 0 }, "\(timings)")
        // The stages follow one another: together they fit in the process's own lifetime.
        #expect(timings.values.reduce(0, +) <= Double(wall.components.seconds) + 1)
    }

    /// The report names the threads: one render worker per CPU the process may use (here pinned to one with
    /// `taskset`, as a container's cpuset would), and the writer lanes (`LEDGERPRESS_WRITERS`, else one per four).
    @Test func theRunReportGivesTheThreadsAndTheyFollowTheCPUsAllowed() throws {
        let cli = try CLIRunner()
        let build = ["build", CLIRunner.example("example-ledger.csv"), "--report", "run.json"]
        #expect(try cli.run(build + ["--output", "site"]).status == 0)
        let threads = try #require(try report(cli)["threads"] as? [String: Int])
        #expect((threads["render"] ?? 0) >= 1)
        #expect(threads["writers"] == max(1, (threads["render"] ?? 0) / 4))
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SOURCE_DATE_EPOCH")
        environment["LEDGERPRESS_WRITERS"] = "3"
        let pinned = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/taskset"),
            ["-c", "0", CLIRunner.binary.path] + build + ["--output", "one"],
            directory: cli.directory, environment: environment)
        #expect(pinned.status == 0, "\(String(decoding: pinned.stderr, as: UTF8.self))")
        #expect(try report(cli)["threads"] as? [String: Int] == ["render": 1, "writers": 3])
        // The same site, byte for byte, whatever the threads.
        #expect(try cli.tree("one") == cli.tree("site"))
    }

    /// A ledger whose entries go to the spill file (every chunk of three records but the newest) builds the same
    /// site, byte for byte, as one held in memory; so does `check` agree, and a second night reuses every payee.
    @Test func aLedgerSpilledToDiskBuildsTheSameSite() throws {
        let cli = try CLIRunner()
        let build = ["build", CLIRunner.example("example-ledger.csv")] + Self.payees + ["--report", "run.json"]
        #expect(try cli.run(build + ["--output", "held"]).status == 0)
        let spill = ["LEDGERPRESS_SPILL_MIB": "0", "LEDGERPRESS_SPILL_CHUNK": "3", "TMPDIR": cli.path(".")]
        let spilled = try cli.run(build + ["--output", "spilled"], environment: spill)
        #expect(spilled.status == 0, "\(spilled.stderr)")
        #expect(try cli.tree("spilled") == cli.tree("held"))
        // The spill file is unlinked as soon as it is made: nothing is left beside the sites.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.path(".")).filter {
                $0.hasPrefix("ledgerpress-spill-")
            }.isEmpty)
        let again = try cli.run(build + ["--output", "spilled"], environment: spill)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try report(cli)["payees_rendered"] as? Int == 0)
        let check = try cli.run(["check", CLIRunner.example("example-ledger.csv")] + Self.payees, environment: spill)
        #expect(check.status == 0, "\(check.stderr)")
        // A setting the ledger could not use is refused, not replaced by the default.
        let bad = try cli.run(build + ["--output", "bad"], environment: ["LEDGERPRESS_SPILL_MIB": "lots"])
        #expect(bad.status == 64)
        #expect(
            bad.stderr.contains(
                "LEDGERPRESS_SPILL_MIB: expected MiB of ledger records kept in memory, a number from 0 to 1048576, got 'lots'"
            ))
        #expect(!FileManager.default.fileExists(atPath: cli.path("bad")))
        // `--as-of` and `--shard` make a second ledger from the first (its own records, spilled too).
        for extra in [["--as-of", "2026-10-20T00:00:00Z"], ["--shard", "1/2"]] {
            #expect(try cli.run(build + extra + ["--output", "held-part"]).status == 0)
            let part = try cli.run(build + extra + ["--output", "spilled-part"], environment: spill)
            #expect(part.status == 0, "\(part.stderr)")
            // A shard's seal records its own manifest's inode and time (``ShardSeal``): the rest is the same bytes.
            let unsealed = { (tree: [String: Data]) in tree.filter { $0.key != ".ledgerpress-seal" } }
            #expect(try unsealed(cli.tree("spilled-part")) == unsealed(cli.tree("held-part")), "\(extra)")
        }
    }

    /// The HTML rendering's and the writer lanes' CPU time: reported for a site (a part of the render stage's work,
    /// on at most every core), not for a finance-only build, which renders no HTML; the process's CPU time for both.
    @Test func theRunReportGivesTheHTMLRenderingsCPUTime() throws {
        let cli = try CLIRunner()
        let build = ["build", CLIRunner.example("example-ledger.csv"), "--report", "run.json"]
        #expect(try cli.run(build + ["--output", "site"]).status == 0)
        let numbers = try report(cli)
        let html = try #require((numbers["cpu_seconds"] as? [String: Double])?["html"])
        let render = try #require((numbers["timings_seconds"] as? [String: Double])?["render"])
        // Rendering the example site's statements to HTML takes milliseconds of CPU: 0 means nothing was measured.
        #expect(html > 0)
        #expect(html <= render * Double(ProcessInfo.processInfo.activeProcessorCount) + 0.002)
        // The writer lanes created every file, so they spent CPU; the workers' waits for them are a sum of times.
        let writers = try #require((numbers["cpu_seconds"] as? [String: Double])?["writers"])
        #expect(writers > 0)
        let waited = try #require((numbers["waits_seconds"] as? [String: Double])?["writer_queue"])
        #expect(waited >= 0)
        // The process's own CPU time covers every thread's: at least the HTML rendering and the writers.
        let process = try #require(numbers["process_cpu_seconds"] as? [String: Double])
        #expect(Set(process.keys) == ["user", "system"])
        #expect((process["user"] ?? 0) + (process["system"] ?? 0) + 0.002 >= html + writers)
        #expect(try cli.run(build + ["--output", "finance", "--only", "finance"]).status == 0)
        let finance = try report(cli)
        #expect(finance["cpu_seconds"] == nil)
        #expect(((finance["process_cpu_seconds"] as? [String: Double])?["user"] ?? 0) > 0)
    }

    /// A native export larger than one chunk is read on as many threads as the render workers: the report gives
    /// their CPU time and the ordered thread's, and the finance files are those of the same rows read whole.
    @Test func theRunReportGivesTheChunkedImportsCPUTime() throws {
        let cli = try CLIRunner()
        let sample = try cli.run([
            "sample", "--entries", "12000", "--payees", "40", "--seed", "3", "--out", "ledger.csv", "--payees-out",
            "payees.csv",
        ])
        #expect(sample.status == 0)
        #expect(try cli.read("ledger.csv").utf8.count > 1 << 20, "more than the 1 MiB read before chunks")
        let build = ["build", "ledger.csv", "--payees", "payees.csv", "--only", "finance", "--report", "run.json"]
        #expect(try cli.run(build + ["--output", "finance"]).status == 0)
        let numbers = try report(cli)
        let cpu = try #require(numbers["cpu_seconds"] as? [String: Double])
        #expect((cpu["import_readers"] ?? 0) > 0)
        #expect((cpu["import_ordered"] ?? 0) > 0)
        let threads = try #require(numbers["threads"] as? [String: Int])
        #expect(threads["import_readers"] == threads["render"])
        let process = try #require(numbers["process_cpu_seconds"] as? [String: Double])
        #expect(
            (process["user"] ?? 0) + (process["system"] ?? 0) + 0.002
                >= (cpu["import_readers"] ?? 0) + (cpu["import_ordered"] ?? 0))
        #expect((numbers["entries"] as? Int) == 12000)
    }
}
