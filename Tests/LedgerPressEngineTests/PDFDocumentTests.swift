import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressImport
import LedgerPressSite
import Testing

/// `--pdf`: the statements printed by either engine (native, the default, and Chromium), checked with poppler's
/// tools. These tests need Debian's `chromium` (the native engine needs none) and `poppler-utils` (`make deps` installs them;
/// `make test` runs it first) and fail, never skip, when one is missing.
@Suite(.serialized) struct PDFDocumentTests {
    /// The example ledger with a month PDF per statement, the printers' host time zone `zone`.
    static func build(
        into url: URL, engine kind: PDFEngine.Kind = .chromium, zone: String = "UTC",
        sources: [any LedgerSource]? = nil, kinds: Set<PeriodKind> = [.month]
    ) throws -> PDFEngine {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        let engine = try PDFEngine(kind: kind, size: 2, environment: environment)
        let options = EngineFixture.exampleOptions {
            $0.documents = .standard(plus: [StatementPDFDocument(kinds: kinds, engine: engine)])
            if kinds.contains(.year) { $0.site.selection.kinds.append(.year) }
        }
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(sources: sources), options: options)
            .build(into: url, named: url.lastPathComponent)
        engine.close()
        return engine
    }

    /// A poppler tool's standard output.
    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(name) failed (install poppler-utils and qpdf: make deps)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The text of page `page` of a PDF (every page when nil).
    static func text(_ pdf: URL, page: Int? = nil) throws -> String {
        let pages = page.map { ["-f", String($0), "-l", String($0)] } ?? []
        return try tool("pdftotext", pages + [pdf.path, "-"])
    }

    static func pages(_ pdf: URL) throws -> Int {
        let info = try tool("pdfinfo", [pdf.path])
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") })
        return try #require(Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test(arguments: PDFEngine.Kind.allCases)
    func monthStatementsGetAPDFWithTheirFiguresFontsAndCSV(kind: PDFEngine.Kind) throws {
        let fixture = try EngineFixture()
        let engine = try Self.build(into: fixture.url("site"), engine: kind)
        let site = fixture.tree("site")
        // Month statements only: a PDF beside each month page, none beside days, weeks or the range.
        let months = site.keys.filter { $0.wholeMatch(of: /payees\/[^\/]+\/[0-9]{4}-[0-9]{2}\.html/) != nil }
        let pdfs = site.keys.filter { $0.hasSuffix(".pdf") }
        #expect(!months.isEmpty)
        #expect(Set(pdfs) == Set(months.map { String($0.dropLast(".html".count)) + ".pdf" }))
        #expect(engine.printed.documents == pdfs.count)
        let pdf = fixture.url("site/payees/drv_ann/2026-10.pdf")
        let bytes = try Data(contentsOf: pdf)
        #expect(bytes.count > 5_000 && bytes.starts(with: Data("%PDF-".utf8)))
        // Its text holds every amount of the page's figures.
        let html = String(decoding: try #require(site["payees/drv_ann/2026-10.html"]), as: UTF8.self)
        let text = try Self.text(pdf)
        let amounts = Set(html.matches(of: /-?\$[0-9,]+\.[0-9]{2}/).map { String($0.output) })
        #expect(amounts.count > 5)
        for amount in amounts { #expect(text.contains(amount), "\(amount)") }
        #expect(text.contains("Opening balance: $0.00") && text.contains("Balance owed to you: $46.50"))
        // Every font embedded.
        let fonts = try Self.tool("pdffonts", [pdf.path]).split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for font in fonts { #expect(font.contains(" yes yes yes "), "\(font)") }
        // The statement's CSV attached, byte for byte; an outline from the headings; PDF/A-3b from the native writer,
        // tagged (structure for assistive technology) from both.
        #expect(try Self.tool("pdfdetach", ["-list", pdf.path]).contains("1: 2026-10.csv"))
        let saved = fixture.url("attached.csv")
        _ = try Self.tool("pdfdetach", ["-save", "1", "-o", saved.path, pdf.path])
        #expect(try Data(contentsOf: saved) == site["payees/drv_ann/2026-10.csv"])
        let raw = String(decoding: bytes, as: UTF8.self)
        #expect(raw.contains("/Outlines"))
        switch kind {
        case .native:
            #expect(raw.contains("pdfaid"))
            #expect(try Self.tool("pdfinfo", [pdf.path]).contains("Tagged:          yes"))
            let first = try Self.text(pdf, page: 1).replacingOccurrences(of: " ", with: "")
            #expect(first.contains("1/\(try Self.pages(pdf))"))
        case .chromium:
            #expect(try Self.tool("pdfinfo", [pdf.path]).contains("Tagged:          yes"))
            // Page numbers in the bottom margin.
            let first = try Self.text(pdf, page: 1).replacingOccurrences(of: " ", with: "")
            #expect(first.contains("1/\(try Self.pages(pdf))"))
        }
        #expect(try Self.tool("qpdf", ["--check", pdf.path]).contains("No syntax or stream encoding errors"))
        // The statement page links to it.
        #expect(html.contains("href=\"2026-10.pdf\""))
        #expect(!String(decoding: try #require(site["payees/drv_ann/2026-W44.html"]), as: UTF8.self).contains(".pdf"))
    }

    @Test(arguments: PDFEngine.Kind.allCases)
    func thePDFsAreByteIdenticalAcrossRunsAndHostTimeZonesAndKeptWhenUnchanged(kind: PDFEngine.Kind) throws {
        let fixture = try EngineFixture()
        _ = try Self.build(into: fixture.url("a"), engine: kind, zone: "America/New_York")
        _ = try Self.build(into: fixture.url("b"), engine: kind, zone: "Asia/Tokyo")
        let a = fixture.tree("a").filter { $0.key.hasSuffix(".pdf") }
        let b = fixture.tree("b").filter { $0.key.hasSuffix(".pdf") }
        #expect(a.count >= 10)
        #expect(a == b)
        let info = try Self.tool("pdfinfo", [fixture.url("a/payees/drv_ann/2026-10.pdf").path])
        #expect(info.contains("Sun Nov  1 03:50:00 2026 UTC"))
        // A no-change rerun prints nothing.
        let again = try Self.build(into: fixture.url("a"), engine: kind, zone: "UTC")
        #expect(again.printed.documents == 0)
        #expect(fixture.tree("a").filter { $0.key.hasSuffix(".pdf") } == a)
    }

    @Test(arguments: PDFEngine.Kind.allCases)
    func aLongStatementRunsOverPagesWithoutSplittingItsSummaryOrLosingARow(kind: PDFEngine.Kind) throws {
        let fixture = try EngineFixture()
        var rows = "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description\n"
        for day in 1...30 {
            for job in 0..<6 {
                let date = "2026-10-\(day < 10 ? "0" : "")\(day)T\(10 + job):00:00Z"
                rows +=
                    "l\(day)_\(job),\(date),drv_long,driver,Lee Long,earning,1\(job).25,USD,job_\(day)_\(job),Trip \(day)/\(job)\n"
            }
        }
        _ = try Self.build(
            into: fixture.url("site"), engine: kind, sources: [MemorySource(name: "long.csv", text: rows)])
        let pdf = fixture.url("site/payees/drv_long/2026-10.pdf")
        let pages = try Self.pages(pdf)
        #expect(pages >= 4)
        let texts = try (1...pages).map { try Self.text(pdf, page: $0) }
        // The summary block on one page.
        let summary = try #require(texts.firstIndex { $0.contains("Opening balance:") })
        #expect(texts[summary].contains("Balance owed to you:") && texts[summary].contains("Entries: 180"))
        // Every job once, in order, the last on the last page of the table.
        let all = texts.joined()
        for day in 1...30 { for job in 0..<6 { #expect(all.components(separatedBy: "job_\(day)_\(job)").count == 2) } }
        // A page that holds the table's column headers also holds a row.
        for text in texts where text.contains("Description") { #expect(text.contains("job_")) }
    }

    /// Ledger text stays text on paper: a name and a description written as markup, a link, PDF syntax and the
    /// finishing pass's own patterns print as the characters they are, and the PDF gains no link, script or action.
    @Test(arguments: PDFEngine.Kind.allCases)
    func hostileLedgerTextStaysInertInThePDF(kind: PDFEngine.Kind) throws {
        let name = "Eve <b>Bold</b> ) /CreationDate (D:19990101000000+00'00') (node00000042)"
        let description = "<img src=http://evil.example/x.png> <a href=\"javascript:alert(1)\">pay</a> /URI (x)"
        let row = [
            "h1", "2026-10-05T12:00:00Z", "drv_eve", "driver", "\"\(name)\"", "earning", "12.50", "USD", "job_h",
            "\"\(description.replacingOccurrences(of: "\"", with: "\"\""))\"",
        ]
        let rows =
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description\n"
            + row.joined(separator: ",") + "\n"
        let fixture = try EngineFixture()
        for folder in ["a", "b"] {
            _ = try Self.build(
                into: fixture.url(folder), engine: kind, sources: [MemorySource(name: "hostile.csv", text: rows)])
        }
        let pdf = fixture.url("a/payees/drv_eve/2026-10.pdf")
        let text = try Self.text(pdf).replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("<b>Bold</b>") && text.contains("(node00000042)"), "\(text)")
        #expect(text.contains("<img src=http://evil.example/x.png>"))
        let raw = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        for action in ["/URI", "/JavaScript", "/JS ", "/Launch", "/OpenAction", "/AA "] {
            #expect(!raw.contains(action), "\(action)")
        }
        #expect(try Self.tool("pdfinfo", [pdf.path]).contains("CreationDate:    Mon Oct  5 12:00:00 2026 UTC"))
        #expect(try Self.tool("qpdf", ["--check", pdf.path]).contains("No syntax or stream encoding errors"))
        #expect(try Data(contentsOf: pdf) == Data(contentsOf: fixture.url("b/payees/drv_eve/2026-10.pdf")))
    }

    /// A year statement's annual summary (gross by month as 1099-K boxes 5a–5l, then the reconciliation) prints
    /// whole on one page.
    @Test(arguments: PDFEngine.Kind.allCases)
    func aYearStatementsAnnualSummaryIsNeverSplit(kind: PDFEngine.Kind) throws {
        let fixture = try EngineFixture()
        _ = try Self.build(into: fixture.url("site"), engine: kind, kinds: [.year])
        let pdf = fixture.url("site/payees/drv_ann/2026.pdf")
        let texts = try (1...Self.pages(pdf)).map { try Self.text(pdf, page: $0) }
        let page = try #require(texts.firstIndex { $0.contains("Gross by month") })
        for box in ["5a", "5l", "January", "December", "Balance owed to you: $21.50"] {
            #expect(texts[page].contains(box), "\(box) on the summary's page")
        }
        #expect(texts.joined().contains("not a tax form"))
        #expect(!fixture.tree("site").keys.contains("payees/drv_ann/2026-10.pdf"), "year PDFs only")
    }

    @Test(arguments: [PDFEngine.Kind.chromium]) func aMissingEngineSaysWhichAndHowToInstallIt(kind: PDFEngine.Kind) {
        #expect(throws: PDFEngine.Missing.self) {
            try PDFEngine(kind: kind, size: 1, environment: ["PATH": "/nonexistent"])
        }
        let message = "\(PDFEngine.Missing(kind))"
        #expect(message.contains("`\(kind.rawValue)`") && message.contains("make deps"), "\(message)")
    }

    /// Another engine prints other bytes: switching engines renders every PDF again (the payees' keys name it).
    @Test func theEngineIsPartOfTheKey() throws {
        let chromium = try PDFEngine(kind: .chromium, size: 1)
        let native = try PDFEngine(kind: .native, size: 1)
        let parts = [chromium, native].map {
            StatementDocuments.standard(plus: [StatementPDFDocument(kinds: [.month], engine: $0)]).keyParts.last
        }
        #expect(parts == [".pdf(month)[chromium]", ".pdf(month)[native]"])
    }
}
