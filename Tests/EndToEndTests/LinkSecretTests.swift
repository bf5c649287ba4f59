import Foundation
import Testing

/// `--link-secret FILE`: payee folders are HMAC-SHA256 tokens of the payee id, stable across runs, another
/// for another secret, never the raw id; a rotated secret replaces every folder in one publish; shards and
/// merge must share the secret; the secret itself never reaches the site or the run report.
@Suite(.serialized) struct LinkSecretTests {
    static let inputs = [CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv")]
    static let ids = ["drv_ann", "drv_jose", "drv_zoe", "mer_books", "mer_cafe"]
    static let secretA = "correct horse battery staple, 2026"
    static let secretB = "another secret of more than sixteen bytes"

    /// The folder name computed independently of the tool's code, by `openssl mac`: the first 32 hex digits of
    /// HMAC-SHA256(secret, id). What openssl could not compute is a text no folder is named (the test then fails).
    static func token(_ id: String, secret: String) -> String {
        let key = secret.utf8.map { String(format: "%02x", $0) }.joined()
        let result = try? ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "printf %s \"$1\" | openssl mac -digest SHA256 -macopt hexkey:\"$2\" HMAC", "sh", id, key],
            environment: ProcessInfo.processInfo.environment)
        guard let result, result.status == 0 else {
            return "openssl mac failed for \(id): " + String(decoding: result?.stderr ?? Data(), as: UTF8.self)
        }
        let hex = String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return String(hex.lowercased().prefix(32))
    }

    static func secrets(_ cli: CLIRunner) throws {
        try cli.writeSecret("a.secret", secretA + "\n")
        try cli.writeSecret("b.secret", secretB)
    }

    static func payeeFolders(_ cli: CLIRunner, _ site: String) throws -> Set<String> {
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.path(site + "/payees"))
        return Set(names.filter { $0 != "style.css" })
    }

    @Test func foldersAreStableSecretDependentAndNeverTheId() throws {
        let cli = try CLIRunner()
        try Self.secrets(cli)
        let first = try cli.run(
            ["build"] + Self.inputs + ["--link-secret", "a.secret", "--output", "a1", "--report", "report.json"])
        #expect(first.status == 0, "\(first.stderr)")
        // The environment variable names the same file: the same site, byte for byte.
        let second = try cli.run(
            ["build"] + Self.inputs + ["--output", "a2"], environment: ["LEDGERPRESS_LINK_SECRET_FILE": "a.secret"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try cli.tree("a1") == cli.tree("a2"))
        #expect(try Self.payeeFolders(cli, "a1") == Set(Self.ids.map { Self.token($0, secret: Self.secretA) }))

        #expect(try cli.run(["build"] + Self.inputs + ["--link-secret", "b.secret", "--output", "b"]).status == 0)
        let b = try Self.payeeFolders(cli, "b")
        #expect(b == Set(Self.ids.map { Self.token($0, secret: Self.secretB) }))
        #expect(b.isDisjoint(with: try Self.payeeFolders(cli, "a1")))
        #expect(try cli.run(["verify", "b"]).status == 0)

        // No folder or file name holds an id; the manifest records a key id, never the secret.
        let site = try cli.tree("a1")
        for path in site.keys { for id in Self.ids { #expect(!path.contains(id), "\(path)") } }
        let manifest = try cli.read("a1/manifest.json")
        #expect(manifest.contains("\"payee_folders\" : \"hmac-sha256\""))
        #expect(manifest.contains("\"link_key_id\" : \""))
        for (path, bytes) in site {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("horse battery"), "\(path) holds the secret")
        }
        #expect(!(try cli.read("report.json")).contains("horse battery"))
        // Without a secret, folders are the readable slugs and the manifest says nothing of links.
        #expect(try cli.run(["build"] + Self.inputs + ["--output", "plain"]).status == 0)
        #expect(try Self.payeeFolders(cli, "plain") == Set(Self.ids))
        #expect(!(try cli.read("plain/manifest.json")).contains("link_key_id"))
    }

    @Test func aRotatedSecretPublishesOnlyTheNewFoldersAndKeepsTheHistory() throws {
        let cli = try CLIRunner()
        try Self.secrets(cli)
        #expect(try cli.run(["build"] + Self.inputs + ["--link-secret", "a.secret", "--output", "site"]).status == 0)
        // A late tip revises drv_ann's November: version 2, under secret A.
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write(
            "grown.csv",
            ledger + "late1,2026-11-12T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1009,Late tip,,\n")
        let grown = ["grown.csv", "--payees", CLIRunner.example("example-payees.csv"), "--output", "site"]
        let revised = try cli.run(["build"] + grown + ["--link-secret", "a.secret"])
        #expect(
            revised.stdout.contains("statements revised") && !revised.stdout.contains("; 0 statements revised"),
            "\(revised.stdout)")
        let ann = "payees/" + Self.token("drv_ann", secret: Self.secretA) + "/2026-11.html"
        #expect(try cli.read("site/" + ann).contains("version 2"))

        let rotated = try cli.run(["build"] + grown + ["--link-secret", "b.secret"])
        #expect(rotated.status == 0, "\(rotated.stderr)")
        #expect(rotated.stdout.contains("; 0 statements revised)."), "\(rotated.stdout)")
        #expect(try Self.payeeFolders(cli, "site") == Set(Self.ids.map { Self.token($0, secret: Self.secretB) }))
        // The statement history followed the payee into the new folder.
        #expect(
            try cli.read("site/payees/" + Self.token("drv_ann", secret: Self.secretB) + "/2026-11.html").contains(
                "version 2"))
        #expect(try cli.run(["verify", "site"]).status == 0)
        // And back to readable names: the same, in one publish.
        #expect(try cli.run(["build"] + grown).status == 0)
        #expect(try Self.payeeFolders(cli, "site") == Set(Self.ids))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    @Test func shardsMergeWithTheSameSecretOnly() throws {
        let cli = try CLIRunner()
        try Self.secrets(cli)
        let secret = ["--link-secret", "a.secret"]
        #expect(try cli.run(["build"] + Self.inputs + secret + ["--output", "single"]).status == 0)
        for index in 0..<3 {
            let outcome = try cli.run(
                ["build"] + Self.inputs + secret + ["--shard", "\(index)/3", "--output", "s\(index)"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let shards = ["s0", "s1", "s2"]
        let merged = try cli.run(["merge"] + shards + secret + ["--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try cli.tree("merged") == cli.tree("single"))
        #expect(try cli.run(["verify", "merged"]).status == 0)

        for other in [[], ["--link-secret", "b.secret"]] {
            let refused = try cli.run(["merge"] + shards + other + ["--output", "refused"])
            #expect(refused.status == 65)
            #expect(refused.stderr.contains("pass the build's --link-secret to merge"), "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("refused")))
        }
        // Shards built with another secret are not one run.
        #expect(
            try cli.run(
                ["build"] + Self.inputs + ["--link-secret", "b.secret", "--shard", "2/3", "--output", "other2"]
            ).status == 0)
        #expect(try cli.run(["merge", "s0", "s1", "other2"] + secret + ["--output", "refused"]).status == 65)
    }

    @Test func aBadSecretFileIsRefusedBeforeAnythingIsWritten() throws {
        let cli = try CLIRunner()
        try cli.writeSecret("short.secret", "fifteen bytes!!\n")
        let short = try cli.run(["build"] + Self.inputs + ["--link-secret", "short.secret", "--output", "site"])
        #expect(short.status == 64)
        #expect(
            short.stderr.contains("short.secret: error: --link-secret: expected a secret of at least 16 bytes"),
            "\(short.stderr)")
        #expect(!short.stderr.contains("fifteen"))
        try cli.writeSecret("empty.secret", "\n")
        #expect(
            try cli.run(["build"] + Self.inputs + ["--link-secret", "empty.secret", "--output", "site"]).status == 64)
        let missing = try cli.run(
            ["build"] + Self.inputs + ["--output", "site"], environment: ["LEDGERPRESS_LINK_SECRET_FILE": "gone.secret"]
        )
        #expect(missing.status == 66)
        #expect(
            missing.stderr.contains("gone.secret: error: LEDGERPRESS_LINK_SECRET_FILE: no such file"),
            "\(missing.stderr)")
        #expect(
            try cli.run(
                ["build"] + Self.inputs + ["--output", "site"], environment: ["LEDGERPRESS_LINK_SECRET_FILE": ""]
            ).status == 64)
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
        // A secret kept inside the output folder would be deleted by the publish: refused.
        #expect(try cli.run(["build"] + Self.inputs + ["--output", "site"]).status == 0)
        try cli.writeSecret("site/link.secret", Self.secretA)
        #expect(
            try cli.run(["build"] + Self.inputs + ["--link-secret", "site/link.secret", "--output", "site"]).status
                == 73)
    }
}
