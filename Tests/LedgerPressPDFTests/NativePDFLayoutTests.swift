import Foundation
import LedgerPressRender
import Testing

@testable import LedgerPressPDF

/// The native writer's layout: nothing runs off a page, long tables break with their header row on every page and
/// no row cut, page numbers `n / N` state the count.
@Suite struct NativePDFLayoutTests {
    /// One writer for the suite (its fonts load once).
    nonisolated(unsafe) static let writer = Result { try NativePDFWriter() }

    static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try output(tool, arguments), as: UTF8.self)
    }

    /// What `tool` with `arguments` writes to its standard output, as bytes; it must exit 0.
    static func output(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) exited \(process.terminationStatus)")
        return Array(data)
    }

    static func file(_ bytes: [UInt8], _ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("native-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A wide table stacked as label/value rows keeps each label on the page, and at the height, of its value: a
    /// row's labels are drawn together after its values, once per page the row is on.
    @Test func aStackedRowsLabelsStayBesideTheirValuesAcrossPages() throws {
        let book = try FontBook()
        let layout = PageLayout(shaper: try TextShaper(book: book))
        let header = (1...(TableData.maxPrintColumns + 2)).map { "Label \($0)" }
        let long = String(repeating: "a description long enough to wrap ", count: 12)
        let rows = (0..<40).map { row in header.indices.map { $0 == 2 ? long : "v\(row)-\($0)" } }
        let data = TableData(
            id: "t", header: header, alignments: header.map { _ in .left }, rows: rows, rowHeaderColumn: 1)
        #expect(data.isWide)
        try layout.layout([.table(data)])
        #expect(layout.pages.count > 2)
        var labelBlocks = 0
        for (index, page) in layout.pages.enumerated() {
            var labels: [Float] = []
            var values: Set<Float> = []
            var inArtifact = false
            var blockHasText = false
            for op in page {
                switch op {
                case .artifact(let kind):
                    // Page numbers are artifacts too (`/Pagination`), at the foot of the page.
                    inArtifact = kind == "/Layout"
                    blockHasText = false
                case .begin:
                    inArtifact = false
                case .end:
                    if inArtifact, blockHasText { labelBlocks += 1 }
                    inArtifact = false
                case .text(_, let x, let y):
                    if inArtifact {
                        blockHasText = true
                        labels.append(y)
                        #expect(x < PageLayout.margin + 150, "a label in the label column")
                    } else {
                        values.insert(y)
                    }
                default: break
                }
            }
            #expect(!labels.isEmpty, "page \(index)")
            #expect(labels.allSatisfy(values.contains), "page \(index): every label beside a value")
        }
        // One artifact of labels per row, and one more for each row a page break cuts.
        #expect(labelBlocks >= rows.count && labelBlocks < rows.count + layout.pages.count)
    }

    /// A stacked row whose labels and values are one line each shows its labels as the table's one form (an
    /// XObject), from the baseline of its first value; the PDF puts each label at the height of its value.
    @Test func aStackedRowOfOneLineCellsShowsItsLabelsAsTheTablesForm() throws {
        let book = try FontBook()
        let layout = PageLayout(shaper: try TextShaper(book: book))
        let header = (1...(TableData.maxPrintColumns + 2)).map { "Label \($0)" }
        let rows = (0..<60).map { row in header.indices.map { "v\(row)-\($0)" } }
        let data = TableData(
            id: "t", header: header, alignments: header.map { _ in .left }, rows: rows, rowHeaderColumn: 1)
        #expect(data.isWide)
        try layout.layout([.table(data)])
        #expect(layout.pages.count > 2)
        #expect(layout.forms.count == 1)
        let lineHeight = PageLayout.cellSize * 1.3
        let form = try #require(layout.forms.first)
        #expect(form.count == header.count)
        for (column, op) in form.enumerated() {
            guard case .text(_, let x, let y) = op else {
                Issue.record("form op \(column) is not a text")
                continue
            }
            #expect(x < 150 && y == -Float(column) * lineHeight, "label \(column) at its line")
        }
        var shown = 0
        var labelTexts = 0
        for page in layout.pages {
            var values: [Float] = []
            var forms: [Float] = []
            var inArtifact = false
            for op in page {
                switch op {
                case .artifact(let kind): inArtifact = kind == "/Layout"
                case .begin, .end: inArtifact = false
                case .text(_, _, let y): if inArtifact { labelTexts += 1 } else { values.append(y) }
                case .form(let index, let x, let y):
                    #expect(inArtifact && index == 0 && x == PageLayout.margin)
                    forms.append(y)
                default: break
                }
            }
            // Each form stands at the first of its row's values, each row's values a line apart.
            for y in forms {
                let row = values.filter { $0 <= y + 0.001 && $0 > y - Float(header.count) * lineHeight + 0.001 }
                #expect(row.count == header.count && row.first == y, "a form beside its row's values")
            }
            shown += forms.count
        }
        // Every row shows the form but those a page break cuts, which draw their labels as texts.
        #expect(shown > rows.count - layout.pages.count * 2 && shown <= rows.count)
        #expect(labelTexts == (rows.count - shown) * header.count)
        // In the PDF: every label word at the baseline of a value word, on every page.
        let writer = try Self.writer.get()
        let bytes = try writer.render(
            PrintDocument(
                title: "Stacked", language: "en-US", created: "2026-10-31T23:59:59+00:00", blocks: [.table(data)],
                attachment: nil))
        let path = try Self.file(bytes, "stacked.pdf")
        #expect(try Self.poppler("pdfinfo", [path]).contains(#/Tagged:\s+yes/#))
        let boxes = try Self.poppler("pdftotext", ["-bbox", path, "-"])
        for page in boxes.components(separatedBy: "<page ").dropFirst() {
            var labels: [Double] = []
            var values: [Double] = []
            for match in page.matches(of: #/yMax="([0-9.]+)">([^<]+)</word>/#) {
                guard let y = Double(match.1) else { continue }
                if match.2 == "Label" { labels.append(y) } else if match.2.hasPrefix("v") { values.append(y) }
            }
            #expect(!labels.isEmpty)
            for y in labels { #expect(values.contains { abs($0 - y) < 0.02 }, "label at \(y) beside a value") }
        }
    }

    @Test func tenThousandCharactersWithoutASpaceWrapInsideThePage() throws {
        let book = try FontBook()
        let layout = PageLayout(shaper: try TextShaper(book: book))
        let long = String(repeating: "x", count: 10_000)
        try layout.layout([
            .paragraph([.init(long)]),
            .table(
                TableData(
                    id: "t", header: ["Date", "Job", "Description", "Net"], alignments: [.left, .left, .prose, .right],
                    rows: [["2026-10-01", long, long, "$1.00"]], rowHeaderColumn: 1)),
        ])
        var drawn = 0
        for page in layout.pages {
            for op in page {
                guard case .text(let run, let x, let y) = op else { continue }
                drawn += run.glyphs.count
                #expect(
                    x >= PageLayout.margin - 0.01 && x + run.width <= PageLayout.pageWidth - PageLayout.margin + 0.5)
                #expect(y >= 20 && y <= PageLayout.pageHeight)
            }
        }
        #expect(drawn >= 30_000, "every x drawn, none dropped")
        #expect(layout.pages.count > 1)
    }

    /// A column as wide as its widest cell holds that cell on one line: the header "Status" over "Paid" printed as
    /// "Statu" and "s" when the width given back to the line breaker came out a rounding error short of it.
    @Test func aCellAsWideAsItsColumnStaysOnOneLine() throws {
        let layout = PageLayout(shaper: try TextShaper(book: try FontBook()))
        try layout.layout([
            .table(
                TableData(
                    id: "p", header: ["Date", "Payout", "Amount", "Status"], alignments: [.left, .left, .right, .left],
                    rows: [["2026-10-08 06:00", "po_cafe_1", "-$101.27", "Paid"]], rowHeaderColumn: 1))
        ])
        var baselines: Set<Float> = []
        for page in layout.pages {
            for op in page {
                // The page number `1 / 1` sits in the bottom margin.
                if case .text(_, _, let y) = op, y > PageLayout.bottom { baselines.insert(y) }
            }
        }
        #expect(baselines.count == 2, "the header row and the body row, one line each: \(baselines.sorted())")
    }

    @Test func aFiveThousandLineTableRepeatsItsHeaderOnEveryPageAndCutsNoRow() throws {
        let writer = try Self.writer.get()
        let rows = (1...5_000).map { index in
            [
                "2026-10-\(String(format: "%02d", index % 28 + 1)) 08:15", "job_\(index)", "Trip number \(index)",
                "$\(index).37", "po_1 · Paid",
            ]
        }
        let table = TableData(
            id: "lines-USD", header: ["Date", "Job", "Description", "Net", "Payout"],
            alignments: [.left, .left, .prose, .right, .left], rows: rows, footer: [["Total", "", "", "$1.00", ""]],
            caption: "Jobs and activity in USD", rowHeaderColumn: 1)
        let bytes = try writer.render(
            PrintDocument(
                title: "Long", language: "en-US", created: "2026-10-31T23:59:59+00:00",
                blocks: [.heading(level: 1, text: "Long statement"), .table(table)], attachment: nil))
        let path = try Self.file(bytes, "long.pdf")
        let info = try Self.poppler("pdfinfo", [path])
        let pagesLine = try #require(info.firstMatch(of: #/Pages:\s+([0-9]+)/#))
        let count = try #require(Int(pagesLine.1))
        #expect(count > 50)
        let pages = try Self.poppler("pdftotext", ["-layout", path, "-"]).split(separator: "\u{0C}")
        #expect(pages.count >= count)
        var seen = Set<Int>()
        for (index, page) in pages.prefix(count).enumerated() {
            #expect(page.contains("Description") && page.contains("Payout"), "page \(index + 1): the header row")
            #expect(page.contains("\(index + 1) / \(count)"), "page \(index + 1): its number and the count")
            for line in page.split(separator: "\n") {
                guard let match = line.firstMatch(of: #/job_([0-9]+)/#), let number = Int(match.1) else { continue }
                #expect(line.contains("$\(number).37") && line.contains("Trip number \(number)"), "row \(number) whole")
                #expect(seen.insert(number).inserted, "row \(number) once")
            }
        }
        #expect(seen.count == 5_000)
    }

    @Test func theSameDocumentGivesTheSameBytes() throws {
        let writer = try Self.writer.get()
        let document = PrintDocument(
            title: "Same", language: "de-DE", created: "2026-10-31T23:59:59+00:00",
            blocks: [.heading(level: 1, text: "Kontoauszug"), .paragraph([.init("Jürgen Größe-Weiß")])],
            attachment: .init(name: "a.csv", bytes: Array("a,b\n".utf8), mimeType: "text/csv", description: "CSV"))
        #expect(try writer.render(document) == writer.render(document))
    }
}
