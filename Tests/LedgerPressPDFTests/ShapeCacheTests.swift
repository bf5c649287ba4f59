import Dispatch
import LedgerPressRender
import Synchronization
import Testing

@testable import LedgerPressPDF

/// The writer's speed-ups change no byte: shaping from a cache warmed by other documents (``ShapeCache``) and
/// subsetting from preprocessed faces give the PDF written without either, in any order and from several threads.
@Suite struct ShapeCacheTests {
    static let names = [
        "Jürgen Größe-Weiß", "محمد الأحمد", "דוד כהן", "山田太郎", "Zoë 🚕 Ünal", "office ﬁ ffi", "Ann Lee",
    ]

    /// A statement-like document: headings, paragraphs in several scripts, a table whose labels and dates repeat.
    static func document(_ index: Int) -> PrintDocument {
        let name = names[index % names.count]
        let rows = (0..<(12 + index * 5)).map { row in
            [
                "2026-10-\(row % 28 + 1 < 10 ? "0" : "")\(row % 28 + 1)", row % 3 == 0 ? "Fee" : "Earning",
                row % 2 == 0 ? "Airport run" : name, "$\(row * 7 + index).\(row % 10)0",
            ]
        }
        let table = TableData(
            id: "entries", header: ["Date", "Kind", "Description", "Amount"],
            alignments: [.left, .left, .left, .right], rows: rows, footer: [["", "", "Total", "$\(index).00"]],
            caption: "Entries of \(name)")
        return PrintDocument(
            title: "Statement \(index)", language: index % 2 == 0 ? "de-DE" : "ar",
            created: "2026-10-31T23:59:59+00:00",
            blocks: [
                .heading(level: 1, text: "Statement for \(name)"),
                .paragraph([.init("Payee:", bold: true), .init(name)]),
                .heading(level: 2, text: "Entries"),
                .table(table),
                .list([[.init("Earning")], [.init(name)]]),
            ],
            attachment: .init(name: "s.csv", bytes: Array("a,b\n".utf8), mimeType: "text/csv", description: "CSV"))
    }

    @Test func aWarmCacheWritesTheBytesOfAWriterWithoutOne() throws {
        let documents = (0..<9).map(Self.document)
        let reference = try documents.map { try NativePDFWriter().render($0, caching: false) }
        let writer = try NativePDFWriter()
        // Forwards, then backwards: each document meets a cache warmed by the others in another order.
        for (index, document) in documents.enumerated() {
            #expect(try writer.render(document) == reference[index], "document \(index), forwards")
        }
        for (index, document) in documents.enumerated().reversed() {
            #expect(try writer.render(document) == reference[index], "document \(index), backwards")
        }
    }

    @Test func documentsWrittenOnManyThreadsAtOnceAreTheSame() throws {
        let documents = (0..<6).map(Self.document)
        let writer = try NativePDFWriter()
        let reference = try documents.map { try writer.render($0, caching: false) }
        let results = ResultBox(count: 48)
        DispatchQueue.concurrentPerform(iterations: 48) { index in
            results.set(index, try? writer.render(documents[index % documents.count]))
        }
        for index in 0..<48 { #expect(results.get(index) == reference[index % documents.count], "run \(index)") }
    }

    @Test func aSubsetFromThePreprocessedFaceIsTheSubsetFromTheFace() throws {
        let book = try FontBook()
        let shaper = try TextShaper(book: book)
        for style in [FontBook.Style.regular, .bold, .mono] {
            _ = shaper.words(Self.names.joined(separator: " ") + " 0123456789 $€,.", style: style, size: 10)
        }
        for (index, face) in book.faces.enumerated() {
            let glyphs = Set(shaper.used[index].keys).union([1, 2, 3, 50, 100]).sorted()
            let plain = try face.subset(glyphs, preprocessed: false)
            let fast = try face.subset(glyphs, preprocessed: true)
            #expect(fast.font == plain.font, "\(face.name)")
            #expect(fast.ids == plain.ids, "\(face.name)")
        }
    }

    /// `é` (U+00E9) and `e` followed by U+0301 are equal `String`s but different texts: a document whose text is
    /// one form gets the glyphs and the ToUnicode texts of that form, whatever form an earlier document left in the
    /// cache.
    @Test func canonicallyEquivalentTextsAreKeptApart() throws {
        let book = try FontBook()
        let cache = ShapeCache()
        let forms = ["Zoë Café Ünal", "Zoe\u{308} Cafe\u{301} U\u{308}nal"]
        #expect(forms[0] == forms[1], "Swift compares them as equal")
        for order in [forms, forms.reversed()] {
            for text in order {
                let cached = try TextShaper(book: book, cache: cache)
                let fresh = try TextShaper(book: book)
                let got = cached.words(text, style: .regular, size: 9.5)
                let want = fresh.words(text, style: .regular, size: 9.5)
                #expect(WordCacheTests.drawn(got) == WordCacheTests.drawn(want))
                // Compared scalar by scalar (`String`'s `==` would take either form for the other).
                func scalars(_ used: [[UInt32: String]]) -> [[UInt32: [UInt32]]] {
                    used.map { $0.mapValues { $0.unicodeScalars.map(\.value) } }
                }
                #expect(scalars(cached.used) == scalars(fresh.used), "\(text.unicodeScalars.map(\.value))")
            }
        }
    }
}

/// Results written by concurrent iterations, each to its own slot.
private final class ResultBox: Sendable {
    private let slots: Mutex<[[UInt8]?]>

    init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }

    func set(_ index: Int, _ value: [UInt8]?) { slots.withLock { $0[index] = value } }

    func get(_ index: Int) -> [UInt8]? { slots.withLock { $0[index] } }
}
