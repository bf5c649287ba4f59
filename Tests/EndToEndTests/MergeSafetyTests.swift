import Foundation
import Testing

/// `merge` trusts nothing a shard says about paths: every path is a site path of the shard's own payees,
/// nothing inside a shard may be a link, and a shard holds exactly the files its manifest lists. A bad
/// shard exits 65, publishes nothing and touches nothing outside the output, even when its manifest's
/// digests are recomputed so that only these rules can catch it.
@Suite(.serialized) struct MergeSafetyTests {
    /// Three shards in `shards/s0..s2`, a copy of `s1` in `shards/t1` to tamper with, `out/` for the output,
    /// and `out/victim.txt`, a user's file beside the output.
    func setUp() throws -> CLIRunner {
        let cli = try CLIRunner()
        for folder in ["shards", "out"] {
            try FileManager.default.createDirectory(atPath: cli.path(folder), withIntermediateDirectories: true)
        }
        for index in 0..<3 {
            let outcome = try cli.run(
                ["build"] + ShardTests.inputs + ShardTests.options + [
                    "--shard", "\(index)/3", "--output", "shards/s\(index)",
                ],
                environment: ShardTests.environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        try FileManager.default.copyItem(atPath: cli.path("shards/s1"), toPath: cli.path("shards/t1"))
        try cli.write("out/victim.txt", "the user's own data\n")
        return cli
    }

    /// A payee folder of the tampered shard, `payees/<slug>`.
    func payeeFolder(_ cli: CLIRunner) throws -> String {
        let index = try #require(
            try cli.tree("shards/t1").keys.sorted().first { $0.hasPrefix("payees/") && $0.hasSuffix("/index.html") })
        return String(index.dropLast("/index.html".count))
    }

    static func sha256(_ path: String) throws -> String {
        let result = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [path])
        return String(String(decoding: result.stdout, as: UTF8.self).prefix(64))
    }

    static func size(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    /// Lists `path` in the manifest with the size and SHA-256 of the file at `contentOf` (replacing its entry if it has one).
    func list(_ cli: CLIRunner, _ path: String, contentOf file: String, in shard: String = "shards/t1") throws {
        let entry: [String: Any] = ["path": path, "size": try Self.size(file), "sha256": try Self.sha256(file)]
        try cli.rewriteManifest(in: shard) { files in
            files.removeAll { $0["path"] as? String == path }
            files.append(entry)
        }
    }

    /// Merging s0, t1, s2 fails with 65 naming `message`; nothing is published and the user's file is untouched.
    func expectRefused(_ cli: CLIRunner, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try cli.run(["merge", "shards/s0", "shards/t1", "shards/s2", "--output", "out/site"])
        #expect(outcome.status == 65, "\(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)", sourceLocation: sourceLocation)
        #expect(
            outcome.stderr.hasSuffix("ledgerpress: nothing was written to out/site\n"), sourceLocation: sourceLocation)
        #expect(try cli.read("out/victim.txt") == "the user's own data\n", sourceLocation: sourceLocation)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.path("out")).filter { $0 != ".site.lock" } == [
                "victim.txt"
            ], sourceLocation: sourceLocation)
    }

    @Test func theUntamperedShardsMerge() throws {
        let cli = try setUp()
        let outcome = try cli.run(["merge", "shards/s0", "shards/t1", "shards/s2", "--output", "out/site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try cli.run(["verify", "out/site"]).status == 0)
    }

    /// A payee's statement page in shard `s2`, as `payees/<slug>/<name>.html`.
    func statementPage(_ cli: CLIRunner, in shard: String = "shards/s2") throws -> String {
        try #require(
            try cli.tree(shard).keys.sorted().first {
                $0.hasPrefix("payees/") && $0.hasSuffix(".html") && !$0.hasSuffix("/index.html")
            })
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    /// A shard's files, untouched since its build, are merged without reading them again: hard-linked in (the same
    /// inode), and the merged site verifies.
    @Test func filesTheShardsManifestVouchesForAreLinkedNotCopied() throws {
        let cli = try setUp()
        let page = try statementPage(cli)
        let outcome = try cli.run(["merge", "shards/s0", "shards/s1", "shards/s2", "--output", "out/site"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try Self.inode(cli.path("out/site/" + page)) == Self.inode(cli.path("shards/s2/" + page)))
        #expect(try cli.run(["verify", "out/site"]).status == 0)
    }

    /// Shards on another file system (here /dev/shm, a tmpfs, against the test's folder under the temporary directory)
    /// cannot be hard-linked: their files are copied, each checked against its SHA-256, and the merged site is the
    /// one merged from shards beside it.
    @Test func shardsOnAnotherFileSystemAreCopied() throws {
        let cli = try setUp()
        let elsewhere = URL(fileURLWithPath: "/dev/shm/ledgerpress-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        var here = stat()
        var there = stat()
        #expect(stat(cli.path("shards"), &here) == 0 && stat(elsewhere.path, &there) == 0)
        try #require(here.st_dev != there.st_dev, "/dev/shm must be another file system than \(cli.path("shards"))")
        for index in 0..<3 {
            let outcome = try cli.run(
                ["build"] + ShardTests.inputs + ShardTests.options + [
                    "--shard", "\(index)/3", "--output", elsewhere.path + "/s\(index)",
                ],
                environment: ShardTests.environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let far = try cli.run(
            ["merge"] + (0..<3).map { elsewhere.path + "/s\($0)" } + ["--output", "out/far"])
        #expect(far.status == 0, "\(far.stderr)")
        let near = try cli.run(["merge", "shards/s0", "shards/s1", "shards/s2", "--output", "out/near"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(try cli.tree("out/far") == cli.tree("out/near"))
        let page = try statementPage(cli)
        #expect(try Self.inode(cli.path("out/far/" + page)) != Self.inode(elsewhere.path + "/s2/" + page))
        #expect(try cli.run(["verify", "out/far"]).status == 0)
    }

    /// A shard's file changed after its build, in place and to the same size (so only its bytes differ), is no longer
    /// vouched for by its time: it is read, and refused for its SHA-256.
    @Test func aFileEditedInPlaceToTheSameSizeIsReadAndRefused() throws {
        let cli = try setUp()
        let page = try statementPage(cli)
        let path = cli.path("shards/s2/" + page)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let size = bytes.count
        bytes[size / 2] ^= 0x01
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: bytes)
        try handle.close()
        #expect(try Self.size(path) == size)
        let outcome = try cli.run(["merge", "shards/s0", "shards/s1", "shards/s2", "--output", "out/site"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("shards/s2/\(page): differs from the shard's manifest (size or SHA-256)"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("out/site")))
    }

    /// The probe: `payees/<a real payee>/../../../victim.txt` resolves, from the output's staging folder, to the
    /// user's file beside the output; with its digest in the manifest, the old two-component check let it through.
    @Test func aDotDotPathFromAShardIsRefused() throws {
        let cli = try setUp()
        try cli.write("shards/victim.txt", "the attacker's bytes\n")
        let path = try payeeFolder(cli) + "/../../../victim.txt"
        try list(cli, path, contentOf: cli.path("shards/victim.txt"))
        try expectRefused(
            cli,
            "shards/t1/manifest.json: error: files: '\(path)': expected a relative path without '.', '..' or empty components, got a '..' component"
        )
    }

    @Test func aSymbolicLinkToAFileOutsideIsRefused() throws {
        let cli = try setUp()
        let page = try payeeFolder(cli) + "/index.html"
        try FileManager.default.removeItem(atPath: cli.path("shards/t1/" + page))
        try FileManager.default.createSymbolicLink(
            atPath: cli.path("shards/t1/" + page), withDestinationPath: "/etc/passwd")
        try list(cli, page, contentOf: "/etc/passwd")
        try expectRefused(
            cli, "shards/t1/\(page): error: expected a file or folder, got a symbolic link (a shard holds no links)")
    }

    @Test func aSymbolicLinkToAFolderOutsideIsRefused() throws {
        let cli = try setUp()
        let folder = try payeeFolder(cli)
        try FileManager.default.moveItem(atPath: cli.path("shards/t1/" + folder), toPath: cli.path("elsewhere"))
        try FileManager.default.createSymbolicLink(
            atPath: cli.path("shards/t1/" + folder), withDestinationPath: cli.path("elsewhere"))
        try expectRefused(
            cli, "shards/t1/\(folder): error: expected a file or folder, got a symbolic link (a shard holds no links)")
    }

    @Test func aFileTheManifestDoesNotListIsRefused() throws {
        let cli = try setUp()
        let extra = try payeeFolder(cli) + "/extra.html"
        try cli.write("shards/t1/" + extra, "<p>not in the manifest</p>")
        try expectRefused(
            cli,
            "shards/t1/\(extra): error: expected only the files the shard's manifest lists, got one it does not list")
    }

    /// Each bad path, listed with the digest of a real file, so that only the path rule can refuse it.
    @Test(arguments: [
        ("/etc/passwd", "an absolute path"),
        ("{payee}//index.html", "an empty component"),
        ("{payee}/./index.html", "a '.' component"),
        ("{payee}/index.html\u{0}.txt", "the control character U+0000"),
        ("{payee}\\index.html", "a backslash"),
        ("notes.txt", "a path outside payees/<slug>/ and the known top-level files"),
        ("payees/someone-else/index.html", "a folder payees/someone-else/ of none of the site's payees"),
        ("{payee}/deeper/index.html", "a path outside payees/<slug>/ and the known top-level files"),
        ("{payee}/../../../\u{301}victim.txt", "a '..' component"),
    ])
    func aBadPathInTheManifestIsRefused(path template: String, reason: String) throws {
        let cli = try setUp()
        let folder = try payeeFolder(cli)
        let path = template.replacingOccurrences(of: "{payee}", with: folder)
        try cli.write("shards/notes.txt", "notes\n")
        if path == "notes.txt" { try cli.write("shards/t1/notes.txt", "notes\n") }
        try list(cli, path, contentOf: path == "/etc/passwd" ? path : cli.path("shards/t1/\(folder)/index.html"))
        let outcome = try cli.run(["merge", "shards/s0", "shards/t1", "shards/s2", "--output", "out/site"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("shards/t1/manifest.json: error: files: '"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(reason), "\(outcome.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.path("out")).filter { $0 != ".site.lock" } == [
                "victim.txt"
            ])
    }

    /// `shard.json` names each payee's folder; merge derives it from the payee id and refuses another.
    @Test func aForgedSlugInShardJSONIsRefused() throws {
        let cli = try setUp()
        let path = cli.path("shards/t1/shard.json")
        var record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var finance = try #require(record["finance"] as? [String: Any])
        var payees = try #require(finance["payees"] as? [[String: Any]])
        let id = try #require(payees.first?["id"] as? String)
        payees[0]["slug"] = "../../escaped"
        finance["payees"] = payees
        record["finance"] = finance
        try JSONSerialization.data(
            withJSONObject: record, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: URL(fileURLWithPath: path))
        try list(cli, "shard.json", contentOf: path)
        try expectRefused(cli, "shards/t1/shard.json: error: slug: expected '")
        let outcome = try cli.run(["merge", "shards/s0", "shards/t1", "shards/s2", "--output", "out/site"])
        #expect(outcome.stderr.contains("' for payee '\(id)', got '../../escaped'"), "\(outcome.stderr)")
    }

    /// Numbers in `shard.json` that no ledger of 64-bit minor units could give are refused, never trapped on.
    @Test func hugeBalancesInShardJSONAreRefused() throws {
        let cli = try setUp()
        let path = cli.path("shards/t1/shard.json")
        var record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var finance = try #require(record["finance"] as? [String: Any])
        var payees = try #require(finance["payees"] as? [[String: Any]])
        // Two balances of Int64.max: together beyond 64 bits (the control totals add them up).
        payees[0]["balances"] = [["currency": "USD", "amount": Int64.max], ["currency": "USD", "amount": Int64.max]]
        finance["payees"] = payees
        record["finance"] = finance
        try JSONSerialization.data(
            withJSONObject: record, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: URL(fileURLWithPath: path))
        try list(cli, "shard.json", contentOf: path)
        try expectRefused(
            cli,
            "shards/t1/shard.json: error: balances of USD: expected numbers whose sum fits in 64 bits, got larger ones")
    }

    /// `shard.json` records the whole ledger's total per currency; a total beyond 64-bit minor units (many rows
    /// of huge amounts) is a data error, never a trap.
    @Test func aShardBuildWhoseLedgerTotalOverflowsIsRefused() throws {
        let cli = try CLIRunner()
        var csv =
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
        for index in 0..<9_300 {
            csv += "e\(index),2026-10-03T14:22:05Z,drv_big,driver,Big,earning,10000000000000.00,USD,,,,\n"
        }
        try cli.write("huge.csv", csv)
        let outcome = try cli.run(["build", "huge.csv", "--shard", "0/2", "--output", "shard0"])
        #expect(outcome.status == 65, "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("shard0")))
    }

    /// Issue 25, F13: `merge` published any extra file a shard's payee manifest listed (`.htaccess`, `x.php`),
    /// with every digest recomputed, and the summary contradicted itself ("227 files: 228 added"). Now a payee's
    /// folder may hold only what a build writes for that payee.
    @Test(arguments: [".htaccess", "x.php", "2026-10.pdf", "1999-01.html"])
    func aFileABuildDoesNotWriteIsRefusedEvenWhenListed(name: String) throws {
        let cli = try setUp()
        let folder = try payeeFolder(cli)
        try cli.write("shards/t1/\(folder)/\(name)", "<?php system($_GET['c']); ?>")
        try addToPayeeManifest(cli, folder: folder, name: name)
        try expectRefused(cli, "expected only the files a build writes for payee")
    }

    /// Lists `folder/name` in the payee's manifest in `shards/t1` and vouches for the new payee manifest in the
    /// shard's top-level manifest (size, SHA-256, file count and bytes), as a tamperer who re-hashes would.
    func addToPayeeManifest(_ cli: CLIRunner, folder: String, name: String) throws {
        let shard = "shards/t1/"
        let payeeManifest = URL(fileURLWithPath: cli.path(shard + folder + "/manifest.json"))
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: payeeManifest)) as? [String: Any])
        var files = try #require(manifest["files"] as? [[String: Any]])
        let added = cli.path(shard + folder + "/" + name)
        files.append(["path": folder + "/" + name, "size": try Self.size(added), "sha256": try Self.sha256(added)])
        manifest["files"] = files
        try JSONSerialization.data(
            withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: payeeManifest)
        let topURL = URL(fileURLWithPath: cli.path(shard + "manifest.json"))
        var top = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: topURL)) as? [String: Any])
        var payees = try #require(top["payees"] as? [[String: Any]])
        let index = try #require(payees.firstIndex { ($0["slug"] as? String).map { "payees/" + $0 } == folder })
        payees[index]["manifest"] = [
            "path": folder + "/manifest.json", "size": try Self.size(payeeManifest.path),
            "sha256": try Self.sha256(payeeManifest.path),
        ]
        payees[index]["files"] = (payees[index]["files"] as? Int ?? 0) + 1
        payees[index]["bytes"] = (payees[index]["bytes"] as? Int ?? 0) + (try Self.size(added))
        top["payees"] = payees
        try JSONSerialization.data(
            withJSONObject: top, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        )
        .write(to: topURL)
    }
}
