import Foundation
import LedgerPressCrypto
import Testing

/// Issue 45, item 5: a superseded letter's verify page leads nowhere newer; a letter's addresses are signed (and
/// letters issued before still verify, by `verify-letter` and by the `openssl` recipe in docs/letters.md); a base URL with a
/// query or fragment is refused; CRLF key and revocation files are read; every secret file follows one rule.
@Suite(.serialized) struct LetterTrustTests {
    static let later = "2026-12-09T12:00:00Z"
    static let latest = "2026-12-17T12:00:00Z"

    static func sha(_ site: [String: Data], _ folder: String) throws -> String {
        try #require(try LetterTests.json(site["payees/\(folder)/income-letter.json"])["sha256"] as? String)
    }

    static func text(_ site: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(site[path], "\(path) missing"), as: UTF8.self)
    }

    // MARK: (a) superseded pages

    /// Three letters of one payee: each superseded page says when it was superseded (the issue time of the letter
    /// that replaced it, which a later letter does not move) and names or links no newer letter.
    @Test func aSupersededPageSaysWhenAndLinksNowhereNewer() throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        var hashes: [String] = []
        for asOf in [LetterTests.asOf, Self.later, Self.latest] {
            let outcome = try LetterTests().build(cli, key: key, output: "site", asOf: asOf)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            hashes.append(try Self.sha(try cli.tree("site"), "drv_ann"))
        }
        #expect(Set(hashes).count == 3)
        let site = try cli.tree("site")
        // drv_ann is in America/New_York: noon UTC is 07:00 there.
        let when = [hashes[0]: "2026-12-09 07:00 (UTC-05:00)", hashes[1]: "2026-12-17 07:00 (UTC-05:00)"]
        for (index, hash) in hashes.dropLast().enumerated() {
            let page = try Self.text(site, "verify/\(hash).html")
            #expect(site["v/\(hash.prefix(16)).html"] == site["verify/\(hash).html"])
            #expect(page.contains("Superseded:"))
            let date = try #require(when[hash])
            #expect(page.contains("replaced by a newer letter issued as of \(date)"), "\(page)")
            for newer in hashes[(index + 1)...] {
                #expect(!page.contains(newer), "the superseded page names the newer letter \(newer)")
                #expect(!page.contains(String(newer.prefix(16))), "the superseded page names the newer short path")
            }
            #expect(!page.contains("href=\"../verify/"), "the superseded page links a verify page")
            #expect(!page.contains("href=\"../v/"), "the superseded page links a short path")
            #expect(!page.contains("<table"), "the superseded page shows figures")
        }
        #expect(try Self.text(site, "verify/\(hashes[2]).html").contains("Current:"))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    // MARK: (b) signed addresses

    /// The letter's `short_url` and `verify_url` are signed too: moving them to another site, or dropping their
    /// signature, makes `verify-letter` refuse the letter (65).
    @Test func theAddressesAreSignedAndAnEditedAddressIsRefused() throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let site = try cli.tree("site")
        let bytes = try #require(site["payees/drv_ann/income-letter.json"])
        let letter = try LetterTests.json(bytes)
        let keyID = try #require(letter["key_id"] as? String)
        let pub = "site/keys/\(keyID).pub"
        let valid = try cli.run(["verify-letter", "site/payees/drv_ann/income-letter.json", "--public-key", pub])
        #expect(valid.status == 0, "\(valid.stderr)")
        // The second signature covers {"sha256","short_url","verify_url"} in canonical JSON (LedgerPressCrypto checks it).
        let sha = try #require(letter["sha256"] as? String)
        let short = try #require(letter["short_url"] as? String)
        let url = try #require(letter["verify_url"] as? String)
        let statement = "{\"sha256\":\"\(sha)\",\"short_url\":\"\(short)\",\"verify_url\":\"\(url)\"}"
        let signatureText = try #require(letter["urls_signature"] as? String)
        let signature = try #require(Data(base64Encoded: signatureText))
        let pem = try cli.read(pub).split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let publicKey = try Ed25519.PublicKey(
            rawRepresentation: try #require(Data(base64Encoded: pem)).suffix(32))
        #expect(publicKey.isValidSignature(signature, for: Data(statement.utf8)))
        // Another site's addresses, with everything else as issued.
        let text = String(decoding: bytes, as: UTF8.self)
        let moved = text.replacingOccurrences(of: LetterTests.base, with: "https://evil.example/statements")
        #expect(moved != text)
        try cli.write("moved.json", moved)
        let refused = try cli.run(["verify-letter", "moved.json", "--public-key", pub])
        #expect(refused.status == 65, "\(refused.stdout)")
        #expect(refused.stderr.contains("moved.json: error: not valid: "), "\(refused.stderr)")
        #expect(refused.stderr.contains("short_url"), "\(refused.stderr)")
        // The addresses' signature dropped: a letter of this version must carry it.
        var stripped = letter
        stripped["urls_signature"] = nil
        stripped["verify_url"] = "https://evil.example/statements/verify/\(sha).html"
        try JSONSerialization.data(withJSONObject: stripped, options: [.sortedKeys, .withoutEscapingSlashes]).write(
            to: URL(fileURLWithPath: cli.path("stripped.json")))
        let unsigned = try cli.run(["verify-letter", "stripped.json", "--public-key", pub])
        #expect(unsigned.status == 65, "\(unsigned.stdout)")
        #expect(unsigned.stderr.contains("urls_signature"), "\(unsigned.stderr)")
    }

    /// A letter issued before the addresses were signed (written by the release before, kept as a fixture) still
    /// verifies; the same letter with a changed figure does not.
    @Test func aLetterIssuedBeforeStillVerifies() throws {
        let cli = try CLIRunner()
        let letter = CLIRunner.fixture("letter-v1/income-letter.json")
        let key = CLIRunner.fixture("letter-v1/key.pub")
        let outcome = try cli.run(["verify-letter", letter, "--public-key", key])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains(": valid: payee drv_ann"), "\(outcome.stdout)")
        let text = try String(contentsOfFile: letter, encoding: .utf8)
        try cli.write("changed.json", text.replacingOccurrences(of: "\"payouts_total\":", with: "\"payouts_total\":1"))
        #expect(try cli.run(["verify-letter", "changed.json", "--public-key", key]).status == 65)
    }

    /// The recipe in docs/letters.md for checking a letter by hand (`sed`, `openssl`), run as written: both signatures
    /// verify on a letter as issued, and the addresses' signature fails once `verify_url` is moved.
    @Test func theReadmesOpensslRecipeChecksALetter() throws {
        let openssl = try #require(LetterTests.openssl, "openssl is needed for the recipe in docs/letters.md")
        _ = openssl
        let page = try String(
            contentsOf: CLIRunner.repository.appendingPathComponent("docs/letters.md"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```sh\n").dropFirst().map {
            $0.components(separatedBy: "```")[0]
        }
        let recipe = try #require(
            blocks.first { $0.contains("urls_signature") && $0.contains("openssl pkeyutl") },
            "docs/letters.md: no ```sh block checking urls_signature with openssl")
        // The recipe's first line names the files; the test names its own.
        let script = recipe.split(separator: "\n").filter { !$0.hasPrefix("LETTER=") }.joined(separator: "\n")
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let keyID = try #require(
            try LetterTests.json(try cli.tree("site")["payees/mer_cafe/income-letter.json"])["key_id"] as? String)
        func check(_ letter: String) throws -> ChildProcess.Result {
            var environment = ProcessInfo.processInfo.environment
            environment["LETTER"] = cli.path(letter)
            environment["KEY"] = cli.path("site/keys/\(keyID).pub")
            return try ChildProcess.run(
                URL(fileURLWithPath: "/bin/sh"), ["-ec", script], directory: cli.directory, environment: environment,
                stderrToStdout: true)
        }
        // mer_cafe's name holds `<`, `&` and quotes: the figures are taken byte for byte all the same.
        let good = try check("site/payees/mer_cafe/income-letter.json")
        let output = String(decoding: good.stdout, as: UTF8.self)
        #expect(good.status == 0, "\(output)")
        #expect(output.components(separatedBy: "Signature Verified Successfully").count == 3, "\(output)")
        let moved = try cli.read("site/payees/mer_cafe/income-letter.json").replacingOccurrences(
            of: "\"verify_url\":\"https://pay.example.com", with: "\"verify_url\":\"https://evil.example")
        try cli.write("moved.json", moved)
        let bad = try check("moved.json")
        #expect(bad.status != 0, "\(String(decoding: bad.stdout, as: UTF8.self))")
    }

    // MARK: (c) base URL

    @Test(arguments: [
        "https://pay.example.com/statements?x=1", "https://pay.example.com/statements#top",
        "https://pay.example.com/statements?", "https://pay.example.com/#",
    ]) func aBaseURLWithAQueryOrFragmentIsRefused(url: String) throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        let outcome = try cli.run(
            ["build"] + LetterTests.inputs + [
                "--letters", "--signing-key", key, "--verify-base-url", url, "--output", "site",
            ])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--verify-base-url: expected"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("query") && outcome.stderr.contains("fragment"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }

    // MARK: (d) CRLF

    /// A key and a revocation list saved with Windows line ends are read as they are with `\n`.
    @Test func aKeyAndARevocationListWithCRLFLineEndsAreRead() throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        #expect(try LetterTests().build(cli, key: key, output: "lf").status == 0)
        let pem = try cli.read("signing.pem")
        #expect(!pem.contains("\r"))
        try cli.writeSecret("crlf.pem", pem.replacingOccurrences(of: "\n", with: "\r\n"))
        let crlf = try LetterTests().build(cli, key: cli.path("crlf.pem"), output: "crlf")
        #expect(crlf.status == 0, "\(crlf.stderr)")
        let lf = try cli.tree("lf")
        #expect(try cli.tree("crlf")["payees/drv_ann/income-letter.json"] == lf["payees/drv_ann/income-letter.json"])
        let sha = try Self.sha(lf, "drv_ann")
        try cli.write("revoked.txt", "# revoked by the operator\r\n\(sha)  issued in error\r\n\r\n")
        let revoked = try LetterTests().build(
            cli, key: key, output: "lf", extra: ["--revoked-letters", cli.path("revoked.txt")])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        let page = try Self.text(try cli.tree("lf"), "verify/\(sha).html")
        #expect(page.contains("Revoked:"))
        #expect(page.contains("issued in error</p>"), "the reason without its carriage return")
    }

    // MARK: (e) one rule for secrets

    /// A signing key or link secret that its group or others may read is refused (64) before anything is written,
    /// saying how to fix it, as a group-readable password file is; the secret's bytes are never printed.
    @Test(arguments: [0o644, 0o640, 0o604, 0o660]) func anExposedSecretFileIsRefused(mode: Int) throws {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        try cli.chmod("signing.pem", mode)
        let octal = String(mode, radix: 8)
        let letters = try LetterTests().build(cli, key: key, output: "site")
        #expect(letters.status == 64, "\(letters.stderr)")
        #expect(
            letters.stderr.contains("signing.pem: error: --signing-key: expected a secret file only its owner can read")
                && letters.stderr.contains("got mode \(octal)") && letters.stderr.contains("chmod 600"),
            "\(letters.stderr)")
        #expect(!letters.stderr.contains("PRIVATE KEY"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))

        try cli.writeSecret("link.secret", "a link secret of thirty-two bytes\n")
        try cli.chmod("link.secret", mode)
        let link = try cli.run(["build"] + LetterTests.inputs + ["--link-secret", "link.secret", "--output", "site"])
        #expect(link.status == 64, "\(link.stderr)")
        #expect(
            link.stderr.contains("link.secret: error: --link-secret: expected a secret file only its owner can read")
                && link.stderr.contains("chmod 600"), "\(link.stderr)")
        #expect(!link.stderr.contains("thirty-two"))
        let environment = try cli.run(
            ["build"] + LetterTests.inputs + ["--output", "site"],
            environment: ["LEDGERPRESS_LINK_SECRET_FILE": "link.secret"])
        #expect(environment.status == 64, "\(environment.stderr)")
        #expect(environment.stderr.contains("LEDGERPRESS_LINK_SECRET_FILE: expected a secret file"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
        // `merge` reads the same secret by the same rule.
        let merge = try cli.run(["merge", "nothing", "--link-secret", "link.secret", "--output", "merged"])
        #expect(merge.status == 64, "\(merge.stderr)")
        #expect(merge.stderr.contains("--link-secret: expected a secret file"), "\(merge.stderr)")
        // Owner-only (600, 400) is accepted.
        try cli.chmod("link.secret", 0o400)
        try cli.chmod("signing.pem", 0o400)
        let fixed = try LetterTests().build(cli, key: key, output: "site", extra: ["--link-secret", "link.secret"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
    }
}
