import Foundation
import Testing

/// The letter's pages from templates in the payee's words, its short path, revocations and its PDF (`--pdf`).
@Suite(.serialized) struct LetterDeliveryTests {
    static func setUp() throws -> (CLIRunner, String) {
        let cli = try CLIRunner()
        return (cli, try LetterTests.writeKey(cli))
    }

    static func sha(_ site: [String: Data], _ folder: String) throws -> String {
        try #require(try LetterTests.json(site["payees/\(folder)/income-letter.json"])["sha256"] as? String)
    }

    static func text(_ site: [String: Data], _ path: String) throws -> String {
        String(decoding: try #require(site[path], "\(path) missing"), as: UTF8.self)
    }

    @Test func pagesAreInThePayeesLanguageFromTemplatesAnOverrideFolderCanReplace() throws {
        let (cli, key) = try Self.setUp()
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let site = try cli.tree("site")
        let german = try Self.text(site, "payees/drv_jose/income-letter.html")
        #expect(german.contains("<html lang=\"de\">"))
        #expect(german.contains("<h1>Einkommensnachweis: José Müller</h1>"))
        #expect(german.contains("Letzte 12 volle Monate (EUR)"))
        #expect(german.contains("€"), "amounts in the payee's locale format")
        #expect(!german.contains("Proof of income"))
        let verify = try Self.text(site, "verify/\(try Self.sha(site, "drv_jose")).html")
        #expect(verify.contains("Aktuell:") && verify.contains("<html lang=\"de\">"))
        let english = try Self.text(site, "payees/drv_ann/income-letter.html")
        #expect(english.contains("<h1>Proof of income: Ann Lee</h1>") && english.contains("$"))
        // The same head as the statements' pages (layout.html), with its stylesheet link.
        let statement = try Self.text(site, "payees/drv_ann/2026-11.html")
        #expect(english.components(separatedBy: "<title>")[0] == statement.components(separatedBy: "<title>")[0])
        // A templates folder replaces the letter's template, as it replaces the statements'.
        try FileManager.default.createDirectory(atPath: cli.path("mine"), withIntermediateDirectories: true)
        try cli.write(
            "mine/income-letter.html", "<div class=\"letter\"><h1>{{title}}</h1><p>Custom {{name}}</p></div>\n")
        #expect(try LetterTests().build(cli, key: key, output: "custom", extra: ["--templates", "mine"]).status == 0)
        let custom = try Self.text(try cli.tree("custom"), "payees/mer_cafe/income-letter.html")
        #expect(custom.contains("<p>Custom </p>"))
        #expect(custom.contains("&lt;script&gt;") && !custom.contains("<script>"), "the name stays escaped")
    }

    @Test func theShortPathServesTheVerifyPageAndTheQRCodeHoldsIt() throws {
        let (cli, key) = try Self.setUp()
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let site = try cli.tree("site")
        for folder in ["drv_ann", "drv_jose", "drv_zoe", "mer_cafe", "mer_books"] {
            let sha = try Self.sha(site, folder)
            let short = "v/\(sha.prefix(16)).html"
            #expect(site[short] != nil && site[short] == site["verify/\(sha).html"], "\(folder): \(short)")
            let letter = try LetterTests.json(site["payees/\(folder)/income-letter.json"])
            #expect(letter["short_url"] as? String == LetterTests.base + "/" + short)
            let html = try Self.text(site, "payees/\(folder)/income-letter.html")
            #expect(html.contains(">\(LetterTests.base)/\(short)</a>"))
        }
        let shorts = site.keys.filter { $0.hasPrefix("v/") }
        #expect(shorts.count == 5)
        #expect(try cli.run(["verify", "site"]).status == 0)
        // A rerun rewrites nothing; a folder of someone else's under v/ is refused like verify/'s.
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        #expect(try cli.tree("site") == site)
    }

    @Test func aRevokedLetterSaysSoWithoutFiguresAndStillVerifiesOffline() throws {
        let (cli, key) = try Self.setUp()
        #expect(try LetterTests().build(cli, key: key, output: "site").status == 0)
        let sha = try Self.sha(try cli.tree("site"), "mer_cafe")
        try cli.write("revoked.txt", "# revoked by the operator\n\(sha.uppercased())  issued in error <b>x</b>\n\n")
        let outcome = try LetterTests().build(
            cli, key: key, output: "site", extra: ["--revoked-letters", cli.path("revoked.txt")])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let site = try cli.tree("site")
        let page = try Self.text(site, "verify/\(sha).html")
        #expect(page.contains("Revoked:"))
        #expect(page.contains("issued in error &lt;b&gt;x&lt;/b&gt;"))
        #expect(page.contains("2026-12-01"), "revoked as of the run's as-of time")
        #expect(!page.contains("<table") && !page.contains("Current:"))
        #expect(site["v/\(sha.prefix(16)).html"] == site["verify/\(sha).html"])
        // Other payees' pages stay current.
        #expect(try Self.text(site, "verify/\(try Self.sha(site, "drv_ann")).html").contains("Current:"))
        // Offline, the signature still verifies: verify-letter cannot know of a revocation.
        try cli.write("cafe.json", try Self.text(site, "payees/mer_cafe/income-letter.json"))
        try cli.write("key.pub", try Self.text(site, try #require(site.keys.first { $0.hasPrefix("keys/") })))
        #expect(try cli.run(["verify-letter", cli.path("cafe.json"), "--public-key", cli.path("key.pub")]).status == 0)
        // A line that is not a hash is bad data, naming the file and line.
        try cli.write("bad.txt", "\(sha)\nnot-a-hash reason\n")
        let bad = try LetterTests().build(
            cli, key: key, output: "site", extra: ["--revoked-letters", cli.path("bad.txt")])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("bad.txt:2: error: revoked letter"))
        // A hash of no letter of this site is said, and the run goes on.
        let stranger = String(repeating: "ab", count: 32)
        try cli.write("unknown.txt", "\(sha)\n\(stranger) not ours\n")
        let unknown = try LetterTests().build(
            cli, key: key, output: "site", extra: ["--revoked-letters", cli.path("unknown.txt")])
        #expect(unknown.status == 0, "\(unknown.stderr)")
        #expect(
            unknown.stderr.contains("warning: --revoked-letters \(cli.path("unknown.txt")): \(stranger) is no letter"))
        #expect(!unknown.stderr.contains("\(sha) is no letter"))
    }

    /// Either engine (`make deps` installs both; the test fails, never skips, without one).
    @Test(arguments: ["native", "chromium"])
    func theLetterPDFHoldsTheFiguresAndItsJSONAndIsKeptWhenUnchanged(engine: String) throws {
        let (cli, key) = try Self.setUp()
        let pdf = ["--pdf", "month", "--pdf-engine", engine]
        #expect(
            try LetterTests().build(cli, key: key, output: "site", extra: pdf + ["--report", cli.path("report.json")])
                .status == 0)
        #expect(try LetterTests().build(cli, key: key, output: "again", extra: pdf).status == 0)
        let site = try cli.tree("site")
        // The run report counts the statements' PDFs and the letters' apart.
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("report.json"))))
                as? [String: Any])
        let counts = try #require(report["pdf"] as? [String: Any])
        #expect(counts["engine"] as? String == engine)
        #expect(counts["letters"] as? Int == site.keys.filter { $0.hasSuffix("/income-letter.pdf") }.count)
        #expect(
            counts["written"] as? Int == site.keys.filter { $0.hasSuffix(".pdf") && !$0.hasSuffix("letter.pdf") }.count)
        let letterPDF = try #require(site["payees/drv_ann/income-letter.pdf"])
        #expect(letterPDF.starts(with: Data("%PDF-".utf8)))
        #expect(try cli.tree("again")["payees/drv_ann/income-letter.pdf"] == letterPDF, "same letter, same bytes")
        let text = try PDFTools.run("pdftotext", [cli.path("site/payees/drv_ann/income-letter.pdf"), "-"])
        #expect(text.contains("Proof of income: Ann Lee"))
        let letter = try Self.text(site, "payees/drv_ann/income-letter.html")
        let firstAmount = try #require(letter.firstMatch(of: #/<td class="amount">([^<]+)</td>/#)).1
        #expect(text.contains(String(firstAmount)), "the letter's figures are in the PDF's text")
        try FileManager.default.createDirectory(atPath: cli.path("detached"), withIntermediateDirectories: true)
        _ = try PDFTools.run(
            "pdfdetach", ["-saveall", "-o", cli.path("detached"), cli.path("site/payees/drv_ann/income-letter.pdf")])
        let attached = try FileManager.default.contentsOfDirectory(atPath: cli.path("detached"))
        #expect(attached == ["income-letter.json"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cli.path("detached/" + (attached.first ?? ""))))
        #expect(bytes == site["payees/drv_ann/income-letter.json"])
        let manifest = try Self.text(site, "payees/drv_ann/manifest.json")
        #expect(manifest.contains("\"payees/drv_ann/income-letter.pdf\""))
        #expect(letter.contains("href=\"income-letter.pdf\""))
        let raw = String(decoding: letterPDF, as: UTF8.self)
        #expect(!raw.contains("file://"), "no link into the engine's temporary folder")
        // A rerun keeps the PDF (same bytes, same file); verify checks it.
        let before = try FileManager.default.attributesOfItem(atPath: cli.path("site/payees/drv_ann/income-letter.pdf"))
        #expect(try LetterTests().build(cli, key: key, output: "site", extra: pdf).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: cli.path("site/payees/drv_ann/income-letter.pdf"))
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(try cli.run(["verify", "site"]).status == 0)
    }
}

/// poppler's tools, by name.
enum PDFTools {
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, directory: URL(fileURLWithPath: "/"),
            environment: ProcessInfo.processInfo.environment)
        try #require(result.status == 0, "\(name): \(String(decoding: result.stderr, as: UTF8.self))")
        return String(decoding: result.stdout, as: UTF8.self)
    }
}
