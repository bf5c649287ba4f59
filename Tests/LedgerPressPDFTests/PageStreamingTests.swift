import LedgerPressRender
import Testing

@testable import LedgerPressPDF

/// The native writer's memory does not grow with a document's pages: the layout hands each page's drawing over as
/// soon as the page is full and keeps none of it, a long table does not keep all its shaped cells, and glyphs get
/// their codes in the order they are first drawn.
@Suite struct PageStreamingTests {
    static func table(rows: Int) -> TableData {
        TableData(
            id: "lines-USD", header: ["Date", "Job", "Description", "Net"], alignments: [.left, .left, .prose, .right],
            rows: (1...rows).map { ["2026-10-01 08:15", "job_\($0)", "Trip number \($0) Ωμέγα", "$\($0).37"] },
            footer: [["Total", "", "", "$1.00"]], caption: "Jobs", rowHeaderColumn: 1)
    }

    @Test func aLongTableLeavesTheLayoutPageByPageAndDrawsWhatAKeepingLayoutDraws() throws {
        let book = try FontBook()
        let blocks: [PrintDocument.Block] = [.heading(level: 1, text: "Long"), .table(Self.table(rows: 1_000))]
        // The layout that keeps every page and every row's shaped cells.
        let keeping = PageLayout(shaper: try TextShaper(book: book))
        keeping.keptRows = .max
        try keeping.layout(blocks)
        // The streaming one: keeps 200 rows' shaped cells, hands each page over when full.
        var handed: [(index: Int, ops: [PageLayout.Op])] = []
        var heldElsewhere = 0
        let streaming = PageLayout(shaper: try TextShaper(book: book))
        streaming.pageDone = { [unowned streaming] index, ops in
            heldElsewhere = max(heldElsewhere, streaming.pages.reduce(0) { $0 + $1.count } - ops.count)
            handed.append((index, ops))
        }
        try streaming.layout(blocks)
        #expect(keeping.pages.count > 20)
        #expect(handed.map(\.index) == Array(0..<keeping.pages.count), "every page once, in order")
        #expect(heldElsewhere == 0, "no other page's drawing held when a page is handed over")
        #expect(streaming.pages.allSatisfy { $0.isEmpty }, "nothing kept after the last page")
        for (index, page) in handed {
            let numbered = page + streaming.pageNumber(index, of: handed.count)
            #expect(
                numbered.map { String(describing: $0) } == keeping.pages[index].map { String(describing: $0) },
                "page \(index + 1) draws the same")
        }
    }

    /// The writer draws each page straight into its content stream (``PageLayout/stream``), saying as each marked
    /// sequence begins whether it holds only texts; a layout that keeps its operations, written afterwards with that
    /// found by looking ahead, gives the same bytes, page by page: headings, paragraphs across pages, a list, a note,
    /// the chart, a grid table across pages, a wide (stacked) table with rows of several lines, and a QR code.
    @Test func aPageDrawnStraightIntoItsStreamIsThePageItsOperationsWrite() throws {
        let writer = try NativePDFWriter()
        let words = (1...120).map { "word\($0)" }.joined(separator: " ")
        let header = (1...(TableData.maxPrintColumns + 1)).map { "Column \($0)" }
        let wide = TableData(
            id: "wide", header: header, alignments: header.map { _ in .left },
            rows: (0..<40).map { row in
                header.indices.map { $0 == 2 && row % 7 == 0 ? "a long value \(words)" : "v\(row)-\($0) Ωμέγα" }
            }, footer: [header.map { _ in "Σ" }], caption: "Wide", rowHeaderColumn: 0)
        let blocks: [PrintDocument.Block] = [
            .heading(level: 1, text: "Statement"), .paragraph([.init("Period: "), .init("October", bold: true)]),
            .list([[.init("Opening balance: $1.00")], [.init(words)]]),
            .chart(.init(title: "Net per day", alt: "Bars", values: [5, -3, 0, 8], firstLabel: "1", lastLabel: "4")),
            .note([.init(words)]), .table(Self.table(rows: 150)), .heading(level: 2, text: "Wide"), .table(wide),
            .qr(text: "https://example.org/l/abc", alt: "QR code"), .paragraph([.init(words)]),
        ]
        let keeping = PageLayout(shaper: try TextShaper(book: writer.book))
        try keeping.layout(blocks)
        let streaming = PageLayout(shaper: try TextShaper(book: writer.book))
        let stream = ContentStream(book: writer.book)
        var streamed: [[UInt8]] = []
        streaming.stream = stream
        streaming.streamDone = { index, bytes in
            #expect(index == streamed.count)
            streamed.append(bytes)
        }
        try streaming.layout(blocks)
        #expect(streaming.pages.allSatisfy { $0.isEmpty }, "no operation kept")
        #expect(streamed.count == keeping.pages.count && streamed.count > 4)
        var codes = GlyphCodes()
        for (index, page) in keeping.pages.enumerated() {
            let ops = Array(page.dropLast(keeping.pageNumber(index, of: keeping.pages.count).count))
            let written = writer.contentStream(ops, codes: &codes)
            let same = written == streamed[index]
            let common = min(written.count, streamed[index].count)
            let differs = (0..<common).first { written[$0] != streamed[index][$0] } ?? common
            #expect(
                same,
                "page \(index + 1) differs from byte \(differs): \(String(decoding: written.dropFirst(differs).prefix(60), as: UTF8.self))"
            )
        }
        #expect(codes.glyphs == stream.codes.glyphs, "the same codes, given in the same order")
    }

    @Test func glyphsGetCodesInTheOrderTheyAreFirstDrawn() {
        var codes = GlyphCodes()
        #expect(codes.code(face: 0, glyph: 0) == 0)
        #expect(codes.code(face: 0, glyph: 70) == 1)
        #expect(codes.code(face: 0, glyph: 12) == 2)
        #expect(codes.code(face: 0, glyph: 70) == 1)
        #expect(codes.code(face: 3, glyph: 12) == 1)
        #expect(codes.glyphs[0] == [0, 70, 12])
        #expect(codes.glyphs[3] == [0, 12])
    }
}

/// The structure tree leaves the layout element by element: each structure element goes to the writer when it is
/// closed, and only the open ones (the Document, the table, its body, one row and its cells) are held.
@Suite struct StructureStreamingTests {
    @Test func aFiveThousandRowTableHoldsOnlyItsOpenStructureElements() throws {
        let layout = PageLayout(shaper: try TextShaper(book: try FontBook()))
        var closed: [Int: PageLayout.Element] = [:]
        var closedTwice = 0
        layout.elementDone = { number, element in
            if closed.updateValue(element, forKey: number) != nil { closedTwice += 1 }
        }
        layout.pageDone = { _, _ in }
        try layout.layout([.heading(level: 1, text: "Long"), .table(PageStreamingTests.table(rows: 5_000))])
        // Document, H1, Table, Caption, THead, TR, 4 TH; per row a TR and 4 cells; TBody, TFoot, its TR and 4 cells.
        #expect(closed.count == 10 + 5_000 * 5 + 7)
        #expect(closedTwice == 0)
        #expect(layout.open.isEmpty, "nothing held after the layout")
        #expect(layout.closed.isEmpty, "everything went to elementDone")
        #expect(layout.mostOpen <= 10, "held at most: Document, Table, a group, a row and its cells")
        // The elements still form the tree: each one's kids name it as their parent, every element but the
        // Document is some element's kid, and each marked-content id of each page belongs to the element the
        // parent tree names.
        var kidOf: [Int: Int] = [:]
        var owners: [Int: [Int: Int]] = [:]
        for (number, element) in closed {
            for kid in element.kids {
                switch kid {
                case .element(let child):
                    #expect(closed[child]?.parent == number)
                    kidOf[child] = number
                case .content(let page, let mcid): owners[page, default: [:]][mcid] = number
                }
            }
        }
        #expect(kidOf.count == closed.count - 1)
        #expect(closed[layout.document]?.parent == -1)
        #expect(owners.count == layout.parents.count)
        for (page, numbers) in layout.parents.enumerated() {
            #expect(owners[page] == Dictionary(uniqueKeysWithValues: numbers.enumerated().map { ($0, $1) }))
        }
    }
}
