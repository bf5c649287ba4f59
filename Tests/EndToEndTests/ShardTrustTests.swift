import Foundation
import Testing

/// Issue 45, items 1, 2 and 6: what vouches for a shard's or a published site's file is recorded by the build that
/// wrote it and cannot be renewed from outside (touching or chmodding the manifest, `touch -r`); a file with other
/// links is copied, never linked; shards sealed with `--shard-secret` are refused by a merge once edited, even with
/// every digest recomputed; and shards built with `--pdf` merge.
@Suite(.serialized) struct ShardTrustTests {
    static let secretText = "a shard secret of the nightly run\n"

    /// Shards `s0..s2` of the shard tests' inputs, with `extra` options.
    func buildShards(_ cli: CLIRunner, extra: [String] = [], environment: [String: String] = [:]) throws {
        for index in 0..<3 {
            let outcome = try cli.run(
                ["build"] + ShardTests.inputs + ShardTests.options + extra + [
                    "--shard", "\(index)/3", "--output", "s\(index)",
                ],
                environment: ShardTests.environment.merging(environment) { $1 })
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
    }

    /// A secret file readable by its owner alone.
    func writeSecret(_ cli: CLIRunner, _ name: String = "shard.secret", text: String = secretText) throws -> String {
        try cli.write(name, text)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.path(name))
        return cli.path(name)
    }

    /// A statement page of a payee in `shard`, `payees/<slug>/<label>.html`.
    func statementPage(_ cli: CLIRunner, in shard: String) throws -> String {
        try #require(
            try cli.tree(shard).keys.sorted().first {
                $0.hasPrefix("payees/") && $0.hasSuffix(".html") && !$0.hasSuffix("/index.html")
                    && !$0.contains("income-letter")
            })
    }

    /// Writes other bytes of the same size into the file's own inode, and puts its modification time back
    /// (`touch -r`).
    static func editInPlace(_ file: String) throws {
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let modified = try #require(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.seek(toOffset: UInt64(size - 2))
        try handle.write(contentsOf: Data("X\n".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file)
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    static func touch(_ path: String) throws {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/touch"), [path])
        #expect(result.status == 0)
    }

    /// Replaces `digest` by the SHA-256 of `bytes` in the file at `path` (both 64 hex digits: the size stays).
    static func replaceDigest(in path: String, _ old: String, with new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) lists \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Edits `path` (a payee's file) in `shard` and recomputes its SHA-256 in the payee's manifest, and that
    /// manifest's in the shard's top manifest: every digest agrees with the edited file.
    static func editWithDigestsRecomputed(_ cli: CLIRunner, shard: String, path: String) throws {
        let file = cli.path(shard + "/" + path)
        let oldFile = try MergeSafetyTests.sha256(file)
        try editInPlace(file)
        let payeeManifest = cli.path(shard + "/" + (path as NSString).deletingLastPathComponent + "/manifest.json")
        let oldManifest = try MergeSafetyTests.sha256(payeeManifest)
        try replaceDigest(in: payeeManifest, oldFile, with: try MergeSafetyTests.sha256(file))
        try replaceDigest(
            in: cli.path(shard + "/manifest.json"), oldManifest, with: try MergeSafetyTests.sha256(payeeManifest))
    }

    // MARK: item 2

    /// A sharded nightly with `--pdf` (and letters, whose PDF comes with it) merges into the site a single build
    /// makes, byte for byte.
    @Test func shardsBuiltWithPDFsMergeAsASingleRun() throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        let pdf = ["--pdf", "month", "--range", "2026-10-01..2026-10-31"]
        let single = try LetterTests().build(cli, key: key, output: "single", extra: pdf)
        #expect(single.status == 0, "\(single.stderr)")
        for index in 0..<2 {
            let shard = try LetterTests().build(
                cli, key: key, output: "shard\(index)", extra: pdf + ["--shard", "\(index)/2"])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let merged = try cli.run(["merge", "shard0", "shard1", "--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let whole = try cli.tree("single")
        #expect(whole.keys.contains { $0.hasSuffix("/2026-10.pdf") })
        #expect(whole.keys.contains { $0.hasSuffix("/income-letter.pdf") })
        #expect(try cli.tree("merged") == whole)
        #expect(try cli.run(["verify", "merged"]).status == 0)
    }

    /// A PDF the shards' options do not make (they were built without `--pdf`) is still refused, even listed in the
    /// payee's manifest with its digests recomputed.
    @Test func aPDFTheShardsDidNotMakeIsRefused() throws {
        let cli = try CLIRunner()
        try buildShards(cli)
        let page = try statementPage(cli, in: "s2")
        let pdf = String(page.dropLast(".html".count)) + ".pdf"
        try FileManager.default.copyItem(atPath: cli.path("s2/" + page), toPath: cli.path("s2/" + pdf))
        let payeeManifest = cli.path("s2/" + (page as NSString).deletingLastPathComponent + "/manifest.json")
        let oldManifest = try MergeSafetyTests.sha256(payeeManifest)
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: payeeManifest)))
                as? [String: Any])
        var files = try #require(json["files"] as? [[String: Any]])
        files.append([
            "path": pdf, "size": try MergeSafetyTests.size(cli.path("s2/" + pdf)),
            "sha256": try MergeSafetyTests.sha256(cli.path("s2/" + pdf)),
        ])
        json["files"] = files
        try JSONSerialization.data(
            withJSONObject: json, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: URL(fileURLWithPath: payeeManifest))
        // The payee's entry in the top manifest names the new payee manifest (size and SHA-256).
        let topURL = URL(fileURLWithPath: cli.path("s2/manifest.json"))
        var top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: topURL)) as? [String: Any])
        var payees = try #require(top["payees"] as? [[String: Any]])
        let index = try #require(
            payees.firstIndex { ($0["manifest"] as? [String: Any])?["sha256"] as? String == oldManifest })
        payees[index]["manifest"] = [
            "path": (page as NSString).deletingLastPathComponent + "/manifest.json",
            "size": try MergeSafetyTests.size(payeeManifest), "sha256": try MergeSafetyTests.sha256(payeeManifest),
        ]
        payees[index]["files"] = (payees[index]["files"] as? Int ?? 0) + 1
        top["payees"] = payees
        try JSONSerialization.data(
            withJSONObject: top, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: topURL)
        let outcome = try cli.run(["merge", "s0", "s1", "s2", "--output", "out"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("expected only the files a build writes"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    // MARK: item 1

    /// 1(a): a page edited in place at the same size with its time put back (`touch -r`), then the shard's manifest
    /// chmodded or touched: the merge reads the page again and refuses it (65), publishing nothing.
    @Test(arguments: ["chmod", "touch"]) func anEditedPageIsNotVouchedForByARenewedManifest(renew: String) throws {
        let cli = try CLIRunner()
        try buildShards(cli)
        let page = try statementPage(cli, in: "s2")
        try Self.editInPlace(cli.path("s2/" + page))
        if renew == "chmod" {
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o644], ofItemAtPath: cli.path("s2/manifest.json"))
        } else {
            try Self.touch(cli.path("s2/manifest.json"))
        }
        let outcome = try cli.run(["merge", "s0", "s1", "s2", "--output", "out"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("s2/\(page): differs from the shard's manifest"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    /// 1(b): shards sealed with `--shard-secret`: untouched, they merge with the secret; a page or a letter's
    /// `income-letter.json` edited with every digest recomputed is refused (65, naming the shard); without the secret
    /// the sealed shards are a usage error (64); unsealed shards are refused by a merge that has the secret (65).
    @Test(arguments: ["page", "letter"]) func aSealedShardEditedWithEveryDigestRecomputedIsRefused(what: String) throws
    {
        let cli = try CLIRunner()
        let secret = try writeSecret(cli)
        var extra: [String] = []
        if what == "letter" {
            let key = try LetterTests.writeKey(cli)
            extra = [
                "--letters", "--signing-key", key, "--verify-base-url", LetterTests.base, "--as-of", LetterTests.asOf,
            ]
        }
        try buildShards(cli, extra: extra + ["--shard-secret", secret])
        #expect(FileManager.default.fileExists(atPath: cli.path("s2/.ledgerpress-seal")))
        // The seal is the shard's record, not a file of its site: the shard still verifies.
        #expect(try cli.run(["verify", "s2"]).status == 0)
        try FileManager.default.copyItem(atPath: cli.path("s2"), toPath: cli.path("t2"))
        let good = try cli.run(["merge", "s0", "s1", "s2", "--output", "good", "--shard-secret", secret])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("good/.ledgerpress-seal")))
        #expect(try cli.run(["verify", "good"]).status == 0)
        // Through the environment, as the Kubernetes example passes it.
        let viaEnvironment = try cli.run(
            ["merge", "s0", "s1", "s2", "--output", "good2"], environment: ["LEDGERPRESS_SHARD_SECRET_FILE": secret])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")

        let path =
            what == "page"
            ? try statementPage(cli, in: "t2")
            : try #require(try cli.tree("t2").keys.sorted().first { $0.hasSuffix("/income-letter.json") })
        try Self.editWithDigestsRecomputed(cli, shard: "t2", path: path)
        let sealed = try cli.run(["merge", "s0", "s1", "t2", "--output", "out", "--shard-secret", secret])
        #expect(sealed.status == 65, "\(sealed.stderr)")
        #expect(sealed.stderr.contains("t2/.ledgerpress-seal: error: expected a shard sealed"), "\(sealed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))

        let noSecret = try cli.run(["merge", "s0", "s1", "s2", "--output", "out"])
        #expect(noSecret.status == 64, "\(noSecret.stderr)")
        #expect(noSecret.stderr.contains("--shard-secret"), "\(noSecret.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))

        let other = try writeSecret(cli, "other.secret", text: "another secret, of another run\n")
        let wrong = try cli.run(["merge", "s0", "s1", "s2", "--output", "out", "--shard-secret", other])
        #expect(wrong.status == 65, "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    @Test func unsealedShardsAreRefusedByAMergeThatHasTheSecret() throws {
        let cli = try CLIRunner()
        let secret = try writeSecret(cli)
        try buildShards(cli)
        let outcome = try cli.run(["merge", "s0", "s1", "s2", "--output", "out", "--shard-secret", secret])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("s0/.ledgerpress-seal: error: expected a shard sealed"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    /// 1(c): a shard's page replaced by a hard link to a file outside the shards, and the manifest touched: the
    /// merged site gets a copy, so writing the outside file later leaves the published page as it is.
    @Test func aPageLinkedToAFileOutsideTheShardsIsCopied() throws {
        let cli = try CLIRunner()
        try buildShards(cli)
        let page = try statementPage(cli, in: "s2")
        let good = try cli.read("s2/" + page)
        try cli.write("outside.html", good)
        #expect(unlink(cli.path("s2/" + page)) == 0)
        #expect(link(cli.path("outside.html"), cli.path("s2/" + page)) == 0)
        try Self.touch(cli.path("s2/manifest.json"))
        let outcome = try cli.run(["merge", "s0", "s1", "s2", "--output", "out"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.inode(cli.path("out/" + page)) != Self.inode(cli.path("outside.html")))
        let handle = try #require(FileHandle(forWritingAtPath: cli.path("outside.html")))
        try handle.write(contentsOf: Data("<p>changed from outside</p>".utf8))
        try handle.close()
        #expect(try cli.read("out/" + page) == good)
        #expect(try cli.run(["verify", "out"]).status == 0)
    }

    // MARK: item 6

    /// F8: a statement's Markdown damaged in place at the same size with its time put back, then `chmod -R a+rX` on
    /// the site or `touch` on its manifest: the next build writes it afresh instead of keeping the damage.
    @Test(arguments: ["chmod", "touch"]) func aDamagedFileIsNotVouchedForByATouchedManifest(renew: String) throws {
        let cli = try CLIRunner()
        let arguments = [
            "build", CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv"),
            "--output", "site",
        ]
        #expect(try cli.run(arguments).status == 0)
        let path = "site/payees/drv_ann/2026-10.md"
        let good = try cli.read(path)
        try Self.editInPlace(cli.path(path))
        if renew == "chmod" {
            let result = try ChildProcess.run(URL(fileURLWithPath: "/bin/chmod"), ["-R", "a+rX", cli.path("site")])
            #expect(result.status == 0)
        } else {
            try Self.touch(cli.path("site/manifest.json"))
        }
        #expect(try cli.run(["verify", "site"]).status != 0)
        let rerun = try cli.run(arguments)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try cli.read(path) == good)
        #expect(try cli.run(["verify", "site"]).status == 0)
        // Undamaged, the next build carries every payee over again.
        let again = try cli.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try cli.read(path) == good)
    }
}
