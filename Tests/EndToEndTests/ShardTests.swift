import Foundation
import Testing

/// `build --shard I/N` and `merge`: merged shards equal a single run byte for byte; incomplete or
/// mismatched shards fail with nothing published.
@Suite(.serialized) struct ShardTests {
    static let inputs = [CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv")]
    static let options = [
        "--range", "2026-10-01..2026-10-15", "--issuer", "Rides & Co", "--timezone", "America/New_York",
    ]
    static let environment = ["SOURCE_DATE_EPOCH": "1790000000"]

    /// Builds shards 0..<count of the inputs into `prefix0`, `prefix1`, ...; returns their folder names.
    func buildShards(_ cli: CLIRunner, count: Int, prefix: String, extra: [String] = []) throws -> [String] {
        try (0..<count).map { index in
            let folder = "\(prefix)\(index)"
            let outcome = try cli.run(
                ["build"] + Self.inputs + Self.options + extra + ["--shard", "\(index)/\(count)", "--output", folder],
                environment: Self.environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasSuffix(" as shard \(index)/\(count) of 5 payees.\n"))
            return folder
        }
    }

    @Test(arguments: [1, 3, 7]) func mergedShardsEqualASingleRun(count: Int) throws {
        let cli = try CLIRunner()
        #expect(
            try cli.run(["build"] + Self.inputs + Self.options + ["--output", "single"], environment: Self.environment)
                .status == 0)
        let shards = try buildShards(cli, count: count, prefix: "shard")
        // The order of the folders on the command line does not matter.
        let merged = try cli.run(["merge"] + shards.reversed() + ["--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(
            merged.stdout.hasPrefix(
                "Merged \(count) shards: 75 statements for 5 payees from 70 entries into merged/ (242 files: 242 added,"
            ))
        let single = try cli.tree("single")
        let combined = try cli.tree("merged")
        #expect(single.count == 242)
        #expect(combined.keys.sorted() == single.keys.sorted())
        for (path, bytes) in single where combined[path] != bytes {
            Issue.record("\(path) differs from the single run")
        }
        #expect(try cli.run(["verify", "merged"]).status == 0)
        // Every payee was built by exactly one shard.
        let payeeFolders = try shards.flatMap {
            try cli.tree($0).keys.filter { $0.hasSuffix("/index.html") && $0.hasPrefix("payees/") }
        }
        #expect(payeeFolders.count == 5)
        #expect(Set(payeeFolders).count == 5)
    }

    @Test func revisedStatementsMergeAsInASingleRun() throws {
        let cli = try CLIRunner()
        #expect(
            try cli.run(
                ["build"] + Self.inputs + Self.options + ["--output", "published"], environment: Self.environment
            ).status == 0)
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write(
            "grown.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        let grown = ["grown.csv", "--payees", CLIRunner.example("example-payees.csv")] + Self.options
        let single = try cli.run(
            ["build"] + grown + ["--previous", "published", "--output", "single"], environment: Self.environment)
        #expect(single.stdout.contains("; 3 statements revised)."))
        for index in 0..<3 {
            let outcome = try cli.run(
                ["build"] + grown + ["--previous", "published", "--shard", "\(index)/3", "--output", "s\(index)"],
                environment: Self.environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        #expect(try cli.run(["merge", "s0", "s1", "s2", "--output", "merged"]).status == 0)
        #expect(try cli.tree("merged") == cli.tree("single"))
        #expect(try cli.read("merged/finance/revisions.csv").contains("drv_ann,2026-11,USD,2,"))
    }

    @Test func aShardOutsideItsSplitIsAUsageError() throws {
        let cli = try CLIRunner()
        for text in ["3/3", "1/0", "one/3", "1/3/5"] {
            let outcome = try cli.run(["build", CLIRunner.example("example-ledger.csv"), "--shard", text])
            #expect(outcome.status == 64)
            #expect(outcome.stderr.contains("--shard: expected I/N with 0 <= I < N, such as 0/3, got '\(text)'"))
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("output")))
    }

    @Test func aMissingShardFailsAndPublishesNothing() throws {
        let cli = try CLIRunner()
        let shards = try buildShards(cli, count: 3, prefix: "s")
        #expect(try cli.run(["merge"] + shards + ["--output", "site"]).status == 0)
        let before = try cli.tree("site")
        let outcome = try cli.run(["merge", "s0", "s2", "--output", "site"])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "ledgerpress merge: error: expected all 3 shards, got 2: missing 1/3\nledgerpress: nothing was written to site\n"
        )
        #expect(try cli.tree("site") == before)
        #expect(cli.stagingFolders("site").isEmpty)
        let absent = try cli.run(["merge", "s0", "s1", "gone", "--output", "site"])
        #expect(absent.status == 66)
        #expect(absent.stderr.hasPrefix("gone: error: expected a shard's output folder, got nothing there\n"))
        #expect(try cli.tree("site") == before)
    }

    @Test func mismatchedShardsFailAndPublishNothing() throws {
        let cli = try CLIRunner()
        _ = try buildShards(cli, count: 3, prefix: "s")
        _ = try buildShards(cli, count: 3, prefix: "other", extra: ["--locale", "de_DE"])
        _ = try buildShards(cli, count: 2, prefix: "half")
        try cli.write(
            "more.csv",
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
        )
        let moreInputs = try cli.run(
            ["build"] + Self.inputs + ["more.csv"] + Self.options + ["--shard", "1/3", "--output", "moreinputs"],
            environment: Self.environment)
        #expect(moreInputs.status == 0, "\(moreInputs.stderr)")
        #expect(
            try cli.run(["build"] + Self.inputs + Self.options + ["--output", "plain"], environment: Self.environment)
                .status == 0)

        func expectFailure(_ folders: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let outcome = try cli.run(["merge"] + folders + ["--output", "site"])
            #expect(outcome.status == 65, sourceLocation: sourceLocation)
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: cli.path("site")), sourceLocation: sourceLocation)
        }
        try expectFailure(
            ["s0", "other1", "s2"],
            "other1 was built from other options than s0: expected shards of one run (they differ in default_locale)")
        try expectFailure(["s0", "moreinputs", "s2"], "moreinputs was built from other inputs than s0")
        try expectFailure(["s0", "s1", "s2", "s1"], "s1 and s1 are both shard 1/3")
        try expectFailure(
            ["s0", "s1", "half1"], "half1 is shard 1/2 but s0 is shard 0/3: expected shards of one split")
        try expectFailure(
            ["plain"], "plain: expected the output of `build --shard I/N` (with shard.json), got a site without one")
        try FileManager.default.copyItem(atPath: cli.path("s1"), toPath: cli.path("t1"))
        let page = try #require(try cli.tree("t1").keys.first { $0.hasSuffix(".html") && $0.hasPrefix("payees/") })
        try cli.write("t1/" + page, "<p>edited</p>")
        try expectFailure(["s0", "t1", "s2"], "t1/\(page): differs from the shard's manifest (size or SHA-256)")
        try FileManager.default.createDirectory(atPath: cli.path("custom"), withIntermediateDirectories: true)
        try cli.write("custom/style.css", "body { color: black; }\n")
        let outcome = try cli.run(["merge", "s0", "s1", "s2", "--templates", "custom", "--output", "site"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("the shards were rendered with other templates"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }
}
