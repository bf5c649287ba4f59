import Foundation
import LedgerPressCrypto
import Testing

/// `build --letters` and `verify-letter`: the letters' figures equal the statements of the same build, the
/// signature verifies (LedgerPressCrypto, `verify-letter`, and `openssl pkeyutl` when it is installed), a changed
/// figure fails, the verify page shows nothing the letter does not, hostile names stay inert, the same input
/// gives the same bytes, a shard build plus merge gives the same letters, and a changed letter supersedes the old.
@Suite(.serialized) struct LetterTests {
    static let inputs = [CLIRunner.example("example-ledger.csv"), "--payees", CLIRunner.example("example-payees.csv")]
    static let base = "https://pay.example.com/statements"
    static let asOf = "2026-12-01T12:00:00Z"

    /// An Ed25519 key in PKCS#8 PEM, readable by its owner alone: from `openssl genpkey` when openssl is there, else
    /// written by hand.
    static func writeKey(_ cli: CLIRunner) throws -> String {
        let path = cli.path("signing.pem")
        if let openssl = openssl,
            let result = try? ChildProcess.run(
                openssl, ["genpkey", "-algorithm", "ed25519", "-out", path], directory: cli.directory,
                environment: ProcessInfo.processInfo.environment), result.status == 0
        {
            // A secret file must be its owner's alone (openssl writes private keys so; said here all the same).
            try cli.chmod("signing.pem", 0o600)
            return path
        }
        // Any 32 random bytes are an Ed25519 seed.
        var random = SystemRandomNumberGenerator()
        let der: [UInt8] =
            [0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
            + (0..<32).map { _ in UInt8.random(in: 0...255, using: &random) }
        try cli.writeSecret(
            "signing.pem",
            "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n")
        return path
    }

    static let openssl: URL? = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }.map { URL(fileURLWithPath: $0) }

    func build(_ cli: CLIRunner, key: String, output: String, asOf: String = LetterTests.asOf, extra: [String] = [])
        throws -> CLIRunner.Outcome
    {
        try cli.run(
            ["build"] + Self.inputs + [
                "--letters", "--signing-key", key, "--verify-base-url", Self.base, "--as-of", asOf, "--output", output,
            ] + extra)
    }

    static func json(_ data: Data?) throws -> [String: Any] {
        let bytes = try #require(data)
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    /// The bytes of `figures` inside a letter file: canonical JSON keeps `figures` first and `key_fingerprint` next.
    static func figuresBytes(_ letter: Data) throws -> Data {
        let text = String(decoding: letter, as: UTF8.self)
        let start = try #require(text.range(of: "{\"figures\":"))
        let end = try #require(text.range(of: ",\"key_fingerprint\":", options: .backwards))
        return Data(text[start.upperBound..<end.lowerBound].utf8)
    }

    /// Parsed CSV rows (no quoted newlines in the example's summary rows).
    static func summaryRows(_ data: Data?) throws -> [[String: String]] {
        let lines = String(decoding: try #require(data), as: UTF8.self).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(
                uniqueKeysWithValues: zip(
                    header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    /// RFC 4180 records (quoted fields with commas, quotes and newlines).
    static func csv(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        cell.append("\"")
                        chars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(cell)
                cell = ""
            } else if c == "\n" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.append(c)
            }
        }
        return rows
    }

    static func minor(_ text: String?) -> Int64 {
        Int64((text ?? "").replacingOccurrences(of: ".", with: "")) ?? Int64.min
    }

    @Test func figuresEqualTheStatementsOfTheSameBuild() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        let outcome = try build(cli, key: key, output: "site")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let site = try cli.tree("site")
        let summary = try Self.summaryRows(site["finance/summary.csv"])
        let lines = String(decoding: try #require(site["finance/lines.csv"]), as: UTF8.self)
        var checkedMonths = 0
        for folder in ["drv_ann", "drv_jose", "drv_zoe", "mer_cafe", "mer_books"] {
            let letter = try Self.json(site["payees/\(folder)/income-letter.json"])
            let figures = try #require(letter["figures"] as? [String: Any])
            let payee = try #require(figures["payee"] as? [String: Any])
            let id = try #require(payee["id"] as? String)
            let type = try #require(payee["type"] as? String)
            #expect(figures["issue_day"] as? String == "2026-12-01")
            for part in try #require(figures["currencies"] as? [[String: Any]]) {
                let currency = try #require(part["currency"] as? String)
                let rows = summary.filter { $0["payee_id"] == id && $0["currency"] == currency }
                func gross(_ row: [String: String]) -> Int64 {
                    type == "driver"
                        ? Self.minor(row["earnings"]) + Self.minor(row["fees"]) : Self.minor(row["earnings"])
                }
                // Months: each equals its month statement (zero where there is none).
                let months = try #require(part["months"] as? [[String: Any]])
                #expect(months.count == 12)
                #expect(months.first?["month"] as? String == "2025-12")
                #expect(months.last?["month"] as? String == "2026-11")
                for month in months {
                    let label = try #require(month["month"] as? String)
                    let row = rows.first { $0["period"] == label }
                    #expect((month["gross"] as? Int).map(Int64.init) == (row.map(gross) ?? 0), "\(id) \(label)")
                    #expect(
                        (month["net"] as? Int).map(Int64.init) == (row.map { Self.minor($0["net_activity"]) } ?? 0),
                        "\(id) \(label)")
                    if row != nil { checkedMonths += 1 }
                }
                // Year to date: the 2026 month statements through November (nothing after the as-of).
                let year = rows.filter { ($0["period"] ?? "").count == 7 && ($0["period"] ?? "").hasPrefix("2026-") }
                let ytd = try #require(part["year_to_date"] as? [String: Any])
                #expect((ytd["gross"] as? Int).map(Int64.init) == year.map(gross).reduce(0, +))
                #expect(
                    (ytd["net"] as? Int).map(Int64.init) == year.map { Self.minor($0["net_activity"]) }.reduce(0, +))
                // Weeks: the week statements from the first to the last week named, net summed and averaged.
                for weekly in try #require(part["weekly_net"] as? [[String: Any]]) {
                    let first = try #require(weekly["first_week"] as? String)
                    let last = try #require(weekly["last_week"] as? String)
                    let weeks = try #require(weekly["weeks"] as? Int)
                    let inRange = rows.filter {
                        let p = $0["period"] ?? ""
                        return p.contains("-W") && p >= first && p <= last
                    }
                    let total = inRange.map { Self.minor($0["net_activity"]) }.reduce(0, +)
                    #expect((weekly["total"] as? Int).map(Int64.init) == total, "\(id) \(weeks) weeks")
                    let average = try #require(weekly["average"] as? Int)
                    // Half away from zero: |total - average * weeks| <= weeks / 2.
                    #expect(abs(total - Int64(average) * Int64(weeks)) * 2 <= Int64(weeks))
                }
                // Payouts received: the paid payout lines of the month statements on or after payouts_from.
                let from = try #require(figures["payouts_from"] as? String)
                var paid: Int64 = 0
                for cells in Self.csv(lines).dropFirst() {
                    guard cells.count >= 17, cells[0] == id, cells[2].count == 7, cells[3] == currency,
                        cells[16 - 1] == "paid", String(cells[4].prefix(10)) >= from
                    else { continue }
                    paid -= Self.minor(cells[12])
                }
                #expect((part["payouts_total"] as? Int).map(Int64.init) == paid, "\(id) payouts")
            }
        }
        #expect(checkedMonths >= 8)
    }

    @Test func signatureVerifiesAndAChangedFigureFails() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        #expect(try build(cli, key: key, output: "site").status == 0)
        let site = try cli.tree("site")
        let letterBytes = try #require(site["payees/drv_ann/income-letter.json"])
        let letter = try Self.json(letterBytes)
        let keyID = try #require(letter["key_id"] as? String)
        let publicPEM = try #require(site["keys/\(keyID).pub"])
        // LedgerPressCrypto directly, apart from the tool's letter code (openssl, independently, below).
        let pem = String(decoding: publicPEM, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("-----") }
            .joined()
        let der = try #require(Data(base64Encoded: pem))
        #expect(der.count == 44)
        #expect(
            SHA256.hash(data: der).map { String(format: "%02x", $0) }.joined() == letter["key_fingerprint"] as? String)
        let publicKey = try Ed25519.PublicKey(rawRepresentation: der.suffix(32))
        let figures = try Self.figuresBytes(letterBytes)
        #expect(SHA256.hash(data: figures).map { String(format: "%02x", $0) }.joined() == letter["sha256"] as? String)
        let signatureText = try #require(letter["signature"] as? String)
        let signature = try #require(Data(base64Encoded: signatureText))
        #expect(publicKey.isValidSignature(signature, for: figures))
        // The HTML letter prints the hash, the fingerprint and the verify URL (also in its QR code).
        let html = String(decoding: try #require(site["payees/drv_ann/income-letter.html"]), as: UTF8.self)
        let sha = try #require(letter["sha256"] as? String)
        #expect(html.contains(sha))
        #expect(html.contains(try #require(letter["key_fingerprint"] as? String)))
        #expect(html.contains("\(Self.base)/verify/\(sha).html"))
        #expect(html.contains("<svg class=\"qr\""))
        // openssl, when it is there.
        if let openssl = Self.openssl {
            try figures.write(to: cli.directory.appendingPathComponent("figures.bin"))
            try signature.write(to: cli.directory.appendingPathComponent("figures.sig"))
            let result = try ChildProcess.run(
                openssl,
                [
                    "pkeyutl", "-verify", "-pubin", "-inkey", cli.path("site/keys/\(keyID).pub"), "-rawin", "-in",
                    cli.path("figures.bin"), "-sigfile", cli.path("figures.sig"),
                ], directory: cli.directory, environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        }
        // verify-letter: valid, then one changed figure.
        let valid = try cli.run([
            "verify-letter", "site/payees/drv_ann/income-letter.json", "--public-key", "site/keys/\(keyID).pub",
        ])
        #expect(valid.status == 0, "\(valid.stderr)")
        #expect(valid.stdout.contains(": valid: payee drv_ann"))
        let text = String(decoding: letterBytes, as: UTF8.self)
        let total = try #require(text.range(of: "\"payouts_total\":"))
        let digits = text[total.upperBound...].prefix { $0 == "-" || $0.isNumber }
        let changed = text.replacingCharacters(
            in: total.upperBound..<text.index(total.upperBound, offsetBy: digits.count),
            with: String((Int(digits) ?? 0) + 1))
        try cli.write("changed.json", changed)
        let invalid = try cli.run(["verify-letter", "changed.json", "--public-key", "site/keys/\(keyID).pub"])
        #expect(invalid.status == 65)
        #expect(invalid.stderr.contains("changed.json: error: not valid: the figures' SHA-256 is"))
        // A changed figure with the hash recomputed: the signature no longer verifies.
        var tampered = try Self.json(Data(changed.utf8))
        let newFigures = try Self.figuresBytes(Data(changed.utf8))
        tampered["sha256"] = SHA256.hash(data: newFigures).map { String(format: "%02x", $0) }.joined()
        try JSONSerialization.data(withJSONObject: tampered, options: .sortedKeys).write(
            to: cli.directory.appendingPathComponent("resigned.json"))
        let resigned = try cli.run(["verify-letter", "resigned.json", "--public-key", "site/keys/\(keyID).pub"])
        #expect(resigned.status == 65)
        #expect(resigned.stderr.contains("the Ed25519 signature does not verify"), "\(resigned.stderr)")
        // The whole site, letters included, passes `verify`.
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    /// Text between tags, trimmed, without the verify page's own heading and verdict.
    static func texts(_ html: String) -> [String] {
        var body = html
        if let verdict = body.range(of: "<p class=\"verdict"),
            let end = body.range(of: "</p>", range: verdict.upperBound..<body.endIndex)
        {
            body.removeSubrange(verdict.lowerBound..<end.upperBound)
        }
        if let head = body.range(of: "</h1>") { body = String(body[head.upperBound...]) }
        return body.split(separator: "<").compactMap { part in
            guard let close = part.firstIndex(of: ">") else { return nil }
            let text = part[part.index(after: close)...].trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
    }

    @Test func verifyPageHoldsNothingTheLetterDoesNotAndSupersededSaysSo() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        #expect(try build(cli, key: key, output: "site").status == 0)
        let first = try cli.tree("site")
        let letter = try Self.json(first["payees/mer_cafe/income-letter.json"])
        let sha = try #require(letter["sha256"] as? String)
        let page = String(decoding: try #require(first["verify/\(sha).html"]), as: UTF8.self)
        let html = String(decoding: try #require(first["payees/mer_cafe/income-letter.html"]), as: UTF8.self)
        let letterTexts = Set(Self.texts(html))
        for text in Self.texts(page) where !letterTexts.contains(text) {
            Issue.record("the verify page shows '\(text)', which the letter does not")
        }
        #expect(page.contains("Current:"))
        // A later as-of changes the letter: the old page now says superseded, and when, and leads nowhere newer.
        let later = try build(cli, key: key, output: "site", asOf: "2026-12-09T12:00:00Z")
        #expect(later.status == 0, "\(later.stderr)")
        let second = try cli.tree("site")
        let newLetter = try Self.json(second["payees/mer_cafe/income-letter.json"])
        let newSHA = try #require(newLetter["sha256"] as? String)
        #expect(newSHA != sha)
        let old = String(decoding: try #require(second["verify/\(sha).html"]), as: UTF8.self)
        #expect(old.contains("Superseded:"))
        #expect(old.contains("replaced by a newer letter issued as of 2026-12-09 12:00 (UTC+00:00)"))
        #expect(!old.contains(newSHA) && !old.contains(String(newSHA.prefix(16))))
        #expect(!old.contains("<table"))
        #expect(String(decoding: try #require(second["verify/\(newSHA).html"]), as: UTF8.self).contains("Current:"))
        #expect(try cli.run(["verify", "site"]).status == 0)
        // A rerun with nothing changed keeps both pages and rewrites nothing.
        let again = try build(cli, key: key, output: "site", asOf: "2026-12-09T12:00:00Z")
        #expect(again.status == 0)
        #expect(try cli.tree("site") == second)
    }

    @Test func onlyTheLetterWhoseFiguresChangedIsWrittenAgain() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        #expect(try build(cli, key: key, output: "site").status == 0)
        let before = try cli.tree("site")
        let cafe = cli.path("site/payees/mer_cafe/income-letter.html")
        let cafeDate = try FileManager.default.attributesOfItem(atPath: cafe)[.modificationDate] as? Date
        // A rerun with nothing new writes nothing.
        let rerun = try build(cli, key: key, output: "site")
        #expect(rerun.status == 0)
        #expect(rerun.stdout.contains(" 0 added, 0 changed, "), "\(rerun.stdout)")
        // One new earning of drv_ann's before the as-of: only their letter (and its verify pages) change.
        try cli.write(
            "late.csv",
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency\n"
                + "late1,2026-11-20T10:00:00-05:00,drv_ann,driver,Ann Lee,earning,10.00,USD\n")
        let changed = try build(cli, key: key, output: "site", extra: [cli.path("late.csv")])
        #expect(changed.status == 0, "\(changed.stderr)")
        let after = try cli.tree("site")
        #expect(after["payees/drv_ann/income-letter.json"] != before["payees/drv_ann/income-letter.json"])
        for folder in ["drv_jose", "drv_zoe", "mer_cafe", "mer_books"] {
            for name in ["income-letter.json", "income-letter.html"] {
                #expect(after["payees/\(folder)/\(name)"] == before["payees/\(folder)/\(name)"], "\(folder)/\(name)")
            }
        }
        #expect(try FileManager.default.attributesOfItem(atPath: cafe)[.modificationDate] as? Date == cafeDate)
        #expect(after.keys.filter { $0.hasPrefix("verify/") }.count == 6)
        #expect(try cli.run(["verify", "site"]).status == 0)
        // A file in verify/ that no manifest lists is refused, never pruned.
        try cli.write("site/verify/mine.html", "mine")
        let refused = try build(cli, key: key, output: "site", asOf: "2026-12-09T12:00:00Z")
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("verify/mine.html"))
        #expect(FileManager.default.fileExists(atPath: cli.path("site/verify/mine.html")))
    }

    @Test func lettersAndVerifyPagesAreValidHTML() throws {
        let tidy = try HTMLValidityTests.tidyPath()
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        #expect(try build(cli, key: key, output: "site").status == 0)
        #expect(try build(cli, key: key, output: "site", asOf: "2026-12-09T12:00:00Z").status == 0)
        let pages = try cli.tree("site").keys.filter { $0.hasSuffix("income-letter.html") || $0.hasPrefix("verify/") }
        #expect(pages.count == 15)
        for page in pages.sorted() {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: tidy), ["-errors", "-q", cli.path("site/" + page)], stderrToStdout: true)
            let messages = String(decoding: result.stdout, as: UTF8.self)
            #expect(result.status == 0 && messages.isEmpty, "tidy on \(page):\n\(messages)")
        }
    }

    @Test func hostileNamesStayInert() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        try cli.write(
            "payees.csv",
            "payee_id,payee_type,name,email,timezone,locale\n"
                + "mer_cafe,merchant,\"Café <script>alert(1)</script> \"\"q\"\" & \\\\ \n<img src=x onerror=alert(2)>\",c@example.com,UTC,en_US\n"
        )
        let outcome = try cli.run([
            "build", CLIRunner.example("example-ledger.csv"), "--payees", "payees.csv", "--letters", "--signing-key",
            key,
            "--verify-base-url", Self.base, "--output", "site",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let site = try cli.tree("site")
        let html = String(decoding: try #require(site["payees/mer_cafe/income-letter.html"]), as: UTF8.self)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("Café &lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &amp;"))
        let letterBytes = try #require(site["payees/mer_cafe/income-letter.json"])
        let letter = try Self.json(letterBytes)
        let figures = try #require(letter["figures"] as? [String: Any])
        let payee = try #require(figures["payee"] as? [String: Any])
        #expect(
            payee["name"] as? String == "Café <script>alert(1)</script> \"q\" & \\\\ \n<img src=x onerror=alert(2)>")
        #expect(!String(decoding: letterBytes, as: UTF8.self).dropLast().contains("\n"))
        let sha = try #require(letter["sha256"] as? String)
        let page = String(decoding: try #require(site["verify/\(sha).html"]), as: UTF8.self)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<img"))
    }

    @Test func sameInputSameBytesAndShardsMergeToTheSameLetters() throws {
        let cli = try CLIRunner()
        let key = try Self.writeKey(cli)
        #expect(try build(cli, key: key, output: "one").status == 0)
        #expect(try build(cli, key: key, output: "two").status == 0)
        let one = try cli.tree("one")
        let two = try cli.tree("two")
        #expect(one == two)
        #expect(one.keys.filter { $0.hasSuffix("/income-letter.json") }.count == 5)
        #expect(one.keys.filter { $0.hasPrefix("verify/") }.count == 5)
        #expect(one.keys.filter { $0.hasPrefix("keys/") }.count == 1)
        for index in 0..<2 {
            let shard = try build(cli, key: key, output: "shard\(index)", extra: ["--shard", "\(index)/2"])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let merged = try cli.run(["merge", "shard0", "shard1", "--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let combined = try cli.tree("merged")
        for (path, bytes) in one
        where path.contains("income-letter") || path.hasPrefix("verify/") || path.hasPrefix("keys/") {
            #expect(combined[path] == bytes, "\(path) differs after merge")
        }
        #expect(try cli.run(["verify", "merged"]).status == 0)
        // The next night's shards, built afresh against the merged site (`--previous`, as deploy/ does): the merged
        // site's old letters are superseded.
        let oldSHA = try #require(try Self.json(combined["payees/drv_ann/income-letter.json"])["sha256"] as? String)
        for index in 0..<2 {
            let shard = try build(
                cli, key: key, output: "night\(index)", asOf: "2026-12-09T12:00:00Z",
                extra: ["--shard", "\(index)/2", "--previous", "merged"])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        #expect(try cli.run(["merge", "night0", "night1", "--output", "merged"]).status == 0)
        let next = try cli.tree("merged")
        let page = String(decoding: try #require(next["verify/\(oldSHA).html"]), as: UTF8.self)
        #expect(page.contains("Superseded:"))
        #expect(next.keys.filter { $0.hasPrefix("verify/") }.count == 10)
        #expect(try cli.run(["verify", "merged"]).status == 0)
    }

    @Test(arguments: [
        ("not a key", "expected a PEM block '-----BEGIN PRIVATE KEY-----'"),
        ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI\n-----END PRIVATE KEY-----\n", "expected base64 lines"),
        (
            "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VuBCIEIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n-----END PRIVATE KEY-----\n",
            "expected an unencrypted Ed25519 private key in PKCS#8"
        ),
    ]) func badSigningKeysAreRefused(key: String, message: String) throws {
        let cli = try CLIRunner()
        try cli.writeSecret("bad.pem", key)
        let outcome = try build(cli, key: "bad.pem", output: "site")
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("bad.pem: error: key: \(message)"), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("site")))
    }
}
