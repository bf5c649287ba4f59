import Foundation
import Testing

/// The native engine (the default `--pdf-engine`): every PDF of the example site checked with poppler and qpdf
/// (text, fonts, tags, attachment), byte identity across runs, time zones and worker counts, names in four
/// scripts, the letter's QR code, hostile text, and WeasyPrint's refusal.
@Suite(.serialized) struct NativePDFTests {
    /// The example site with month and year PDFs and letters, built once for the suite.
    nonisolated(unsafe) static let example: Result<(CLIRunner, [String: Data]), any Error> = Result {
        let cli = try CLIRunner()
        let key = try LetterTests.writeKey(cli)
        let outcome = try LetterTests().build(
            cli, key: key, output: "site", extra: ["--pdf", "month,year", "--periods", "month,year"])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        return (cli, try cli.tree("site"))
    }

    /// Text without any white space (a cell may wrap in the PDF), HTML entities decoded.
    /// Every key of every dictionary in the file as qpdf reads it (`qpdf --json`: objects in object streams too,
    /// streams' dictionaries, nested dictionaries), e.g. `/Type`, `/StructParents`.
    static func dictionaryKeys(_ file: String) throws -> Set<String> {
        let json = try PDFTools.run("qpdf", ["--json=2", "--json-key=qpdf", file])
        var keys: Set<String> = []
        func walk(_ value: Any) {
            if let dictionary = value as? [String: Any] {
                for (key, inner) in dictionary {
                    if key.hasPrefix("/") { keys.insert(key) }
                    walk(inner)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(try JSONSerialization.jsonObject(with: Data(json.utf8)))
        return keys
    }

    static func squeezed(_ text: String) -> String {
        text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").unicodeScalars.filter {
                !$0.properties.isWhitespace && !(0x2066...0x2069).contains($0.value)
            }.map(String.init).joined()
    }

    @Test func everyPDFHoldsItsPagesFiguresAndIsTaggedEmbeddedAndCarriesItsCSV() throws {
        let (cli, site) = try Self.example.get()
        let pdfs = site.keys.filter { $0.hasSuffix(".pdf") && !$0.hasSuffix("income-letter.pdf") }.sorted()
        #expect(pdfs.count >= 10)
        for path in pdfs {
            let file = cli.path("site/" + path)
            let text = Self.squeezed(try PDFTools.run("pdftotext", [file, "-"]))
            // Every cell of the HTML page's tables and every item of its summary lists.
            // (The chart's day-by-day table is its Figure's /Alt and bars in the PDF, not text: left out here.)
            let page = String(
                decoding: try #require(site[path.replacingOccurrences(of: ".pdf", with: ".html")]), as: UTF8.self)
            let html = page.replacing(#/<figure[\s\S]*?</figure>/#, with: "")
            let cells = html.matches(of: #/<t[dh][^>]*>(?:<bdi>)?([^<]+)(?:</bdi>)?</t[dh]>/#).map { String($0.1) }
            let items = html.matches(of: #/<li>(?:<strong>)?([^<]+)(?:</strong>)?</li>/#).map { String($0.1) }
            #expect(!cells.isEmpty && !items.isEmpty, "\(path)")
            for value in cells + items where !value.isEmpty {
                #expect(text.contains(Self.squeezed(value)), "\(path): '\(value)' is not in its PDF's text")
            }
            let info = try PDFTools.run("pdfinfo", [file])
            #expect(info.contains("Tagged:          yes"), "\(path)")
            let fonts = try PDFTools.run("pdffonts", [file]).split(separator: "\n").dropFirst(2)
            #expect(!fonts.isEmpty)
            for font in fonts {
                let columns = font.split(separator: " ")
                #expect(
                    columns.count >= 7 && columns[columns.count - 5] == "yes" && columns[columns.count - 4] == "yes")
                #expect(font.prefix(7).last == "+", "a subset's name: \(font)")
            }
            _ = try PDFTools.run("qpdf", ["--check", file])
            let folder = cli.path("detached-" + path.replacingOccurrences(of: "/", with: "_"))
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = try PDFTools.run("pdfdetach", ["-saveall", "-o", folder, file])
            let csvName = (path as NSString).lastPathComponent.replacingOccurrences(of: ".pdf", with: ".csv")
            let csv = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + csvName))
            #expect(csv == site[path.replacingOccurrences(of: ".pdf", with: ".csv")], "\(path): the CSV byte for byte")
            // PDF/A-3b's marks, and nothing that acts.
            let raw = String(decoding: try #require(site[path]), as: UTF8.self)
            for mark in [
                "<pdfaid:part>3</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>", "/GTS_PDFA1",
                "/AFRelationship /Data", "/Subtype /text#2Fcsv", "/StructTreeRoot", "/MarkInfo <</Marked true>>",
            ] {
                #expect(raw.contains(mark), "\(path): \(mark)")
            }
            // Nothing that acts: not in the bytes as written, nor as a key of any dictionary qpdf reads (those packed
            // in object streams included).
            let keys = try Self.dictionaryKeys(file)
            #expect(keys.contains("/Pg") && keys.contains("/Scope"), "\(path): the packed structure elements read")
            for action in ["/URI", "/JavaScript", "/Launch", "/OpenAction", "/AA"] {
                #expect(!raw.contains(action) && !keys.contains(action), "\(path): \(action)")
            }
        }
    }

    @Test func theLetterQRCodeDecodesToItsShortURL() throws {
        let (cli, site) = try Self.example.get()
        let letter = try LetterTests.json(site["payees/drv_ann/income-letter.json"])
        let short = try #require(letter["short_url"] as? String)
        _ = try PDFTools.run(
            "pdftoppm",
            [
                "-r", "100", "-png", "-f", "1", "-l", "2", cli.path("site/payees/drv_ann/income-letter.pdf"),
                cli.path("letter"),
            ])
        let pages = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter {
            $0.hasPrefix("letter-") && $0.hasSuffix(".png")
        }.sorted()
        // zbarimg exits 4 on a page without a code: only what it decodes counts.
        let decoded = try pages.map {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["zbarimg", "-q", "--raw", cli.path($0)],
                directory: cli.directory, environment: ProcessInfo.processInfo.environment)
            return String(decoding: result.stdout, as: UTF8.self)
        }.joined()
        #expect(decoded.trimmingCharacters(in: .whitespacesAndNewlines) == short)
    }

    @Test func sameBytesAcrossRunsAndHostTimeZones() throws {
        let (cli, site) = try Self.example.get()
        let key = cli.path("signing.pem")
        for (zone, output) in [("Asia/Tokyo", "tokyo"), ("America/New_York", "newyork")] {
            let outcome = try cli.run(
                ["build"] + LetterTests.inputs + [
                    "--letters", "--signing-key", key, "--verify-base-url", LetterTests.base, "--as-of",
                    LetterTests.asOf,
                    "--output", output, "--pdf", "month,year", "--periods", "month,year",
                ], environment: ["TZ": zone])
            #expect(outcome.status == 0)
            let again = try cli.tree(output)
            for path in site.keys where path.hasSuffix(".pdf") {
                #expect(again[path] == site[path], "\(path) under TZ=\(zone)")
            }
        }
    }

    @Test func namesInFourScriptsComeBackExactlyAndJapaneseUsesTheFallbackFont() throws {
        let cli = try CLIRunner()
        let names = [
            ("drv_de", "Jürgen Größe-Weiß"), ("drv_ar", "محمد الأحمد"), ("drv_he", "שרה כהן"), ("drv_ja", "山田 花子"),
        ]
        var ledger = "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description\n"
        for (index, (id, name)) in names.enumerated() {
            ledger +=
                "e\(index),2026-10-0\(index + 2)T10:00:00Z,\(id),driver,\(name),earning,12.50,EUR,job_\(index),Fahrt\n"
        }
        try cli.write("ledger.csv", ledger)
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site", "--pdf", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for (id, name) in names {
            let file = cli.path("site/payees/\(id)/2026-10.pdf")
            let text = try PDFTools.run("pdftotext", [file, "-"])
            #expect(text.contains(name), "\(id): '\(name)' in \(text.prefix(300))")
            if id == "drv_ja" { #expect(try PDFTools.run("pdffonts", [file]).contains("DroidSansFallbackFull")) }
        }
    }

    @Test func hostileLedgerTextPrintsAsText() throws {
        let cli = try CLIRunner()
        let hostile = "(\\\\) >> endobj /JavaScript <script>x</script> **bold** bell"
        try cli.write(
            "ledger.csv",
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description\n"
                + "e1,2026-10-02T10:00:00Z,drv_x,driver,\"Eve ) >> endobj\",earning,1.00,USD,job_1,\"\(hostile)\"\n")
        let outcome = try cli.run(["build", "ledger.csv", "--output", "site", "--pdf", "month"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let file = cli.path("site/payees/drv_x/2026-10.pdf")
        _ = try PDFTools.run("qpdf", ["--check", file])
        let text = try PDFTools.run("pdftotext", [file, "-"])
        #expect(text.contains("Eve ) >> endobj"))
        #expect(text.contains("<script>x</script>") && text.contains("**bold**"))
        let raw = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        #expect(!raw.contains("/JavaScript") && !raw.contains("endobj /JavaScript"))
        let keys = try Self.dictionaryKeys(file)
        #expect(keys.contains("/StructParents") && !keys.contains("/JavaScript") && !keys.contains("/JS"))
    }

    @Test func aShardedBuildWithPDFsMergedEqualsTheSingleBuild() throws {
        let cli = try CLIRunner()
        let options = ShardTests.inputs + ShardTests.options + ["--pdf", "month"]
        let single = try cli.run(["build"] + options + ["--output", "single"], environment: ShardTests.environment)
        #expect(single.status == 0, "\(single.stderr)")
        let shards = try ShardTests().buildShards(cli, count: 3, prefix: "shard", extra: ["--pdf", "month"])
        let merged = try cli.run(["merge"] + shards + ["--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try cli.tree("single")
        let combined = try cli.tree("merged")
        #expect(one.keys.filter { $0.hasSuffix(".pdf") }.count >= 10)
        #expect(combined.keys.sorted() == one.keys.sorted())
        for (path, bytes) in one where combined[path] != bytes { Issue.record("\(path) differs from the single build") }
        #expect(try cli.run(["verify", "merged"]).status == 0)
    }

    /// One render worker against two (the CPUs the process may use decide how many): the same PDFs.
    @Test func oneWorkerAndTwoWorkersWriteTheSamePDFs() throws {
        let cli = try CLIRunner()
        var trees: [[String: Data]] = []
        for (cpus, output) in [("0", "one"), ("0,1", "two")] {
            let result = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/taskset"),
                ["-c", cpus, CLIRunner.binary.path, "build"] + LetterTests.inputs + [
                    "--output", output, "--pdf", "month,year", "--periods", "month,year",
                ], directory: cli.directory, environment: ProcessInfo.processInfo.environment)
            #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
            trees.append(try cli.tree(output))
        }
        let pdfs = trees[0].keys.filter { $0.hasSuffix(".pdf") }
        #expect(!pdfs.isEmpty)
        for path in pdfs { #expect(trees[0][path] == trees[1][path], "\(path)") }
    }

    /// The night after with PDFs: a late entry for one payee, later than every entry of the ledger (the ledger's
    /// as-of moves), re-renders that payee alone; the others' folders, their PDFs with them, are carried over.
    /// (A 1M / 10k night after with PDFs once reused no payee: the default templates had changed between the
    /// two nights, which rightly renders every payee again; this is the case that must not.)
    @Test func aLateEntryWithPDFsRendersOnlyItsPayee() throws {
        let cli = try CLIRunner()
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("ledger.csv", ledger)
        let build =
            ["build", "ledger.csv", "--payees", CLIRunner.example("example-payees.csv")]
            + ["--output", "site", "--pdf", "month", "--report", "run.json"]
        let first = try cli.run(build)
        #expect(first.status == 0, "\(first.stderr)")
        func inode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: cli.path(path))[.systemFileNumber] as? Int
        }
        let jose = try #require(try inode("site/payees/drv_jose/2026-10.pdf"))
        let cafe = try #require(try inode("site/payees/mer_cafe/2026-10.pdf"))
        try cli.write(
            "ledger.csv",
            ledger + "late1,2026-12-03T20:00:00-05:00,drv_ann,driver,Ann Lee,tip,2.00,USD,job_1010,Late tip,,\n")
        let rerun = try cli.run(build)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.read("run.json").utf8)) as? [String: Any])
        #expect(report["payees_rendered"] as? Int == 1)
        #expect(report["payees_reused"] as? Int == 4)
        let pdf = try #require(report["pdf"] as? [String: Any])
        #expect((pdf["reused"] as? Int ?? 0) > 0)
        #expect(try inode("site/payees/drv_jose/2026-10.pdf") == jose)
        #expect(try inode("site/payees/mer_cafe/2026-10.pdf") == cafe)
        #expect(FileManager.default.fileExists(atPath: cli.path("site/payees/drv_ann/2026-12.pdf")))
        #expect(try cli.run(["verify", "site"]).status == 0)
    }

    /// A site with its own templates: the native PDF keeps the built-in layout, in the payee's words.
    @Test func ownTemplatesStillGetTheBuiltInLayoutInThePayeesWords() throws {
        let cli = try CLIRunner()
        try FileManager.default.createDirectory(atPath: cli.path("mine"), withIntermediateDirectories: true)
        try cli.write("mine/driver.md", "# {{title}}\n\nOnly our own words for {{payee_name}}.\n")
        let outcome = try cli.run(
            ["build"] + LetterTests.inputs + ["--output", "site", "--pdf", "month", "--templates", "mine"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let page = String(
            decoding: try #require(try cli.tree("site")["payees/drv_jose/2026-10.html"]), as: UTF8.self)
        #expect(page.contains("Only our own words") && !page.contains("Anfangssaldo"))
        let text = try PDFTools.run("pdftotext", [cli.path("site/payees/drv_jose/2026-10.pdf"), "-"])
        #expect(
            text.contains("Anfangssaldo") && text.contains("Ihr offenes Guthaben"), "the built-in layout, in German")
        #expect(!text.contains("Only our own words"))
    }

    @Test func weasyPrintIsRefusedNamingNative() throws {
        let cli = try CLIRunner()
        try cli.write("ledger.csv", "id,occurred_at,payee_id,payee_type,kind,amount,currency\n")
        let outcome = try cli.run([
            "build", "ledger.csv", "--output", "site", "--pdf", "month", "--pdf-engine", "weasyprint",
        ])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("native"))
    }
}
