import LedgerPressRender
import Testing

@testable import LedgerPressPDF

/// Documents share font subsets: a style's face keeps the printable ASCII in every subset, so documents whose text is
/// ASCII embed one subset per face, cut once per writer (``SubsetCache``); a letter beyond ASCII makes a subset of
/// its own, and no document's bytes depend on what the writer cut before.
@Suite struct SubsetCacheTests {
    static func document(_ name: String) -> PrintDocument {
        PrintDocument(
            title: "Statement", language: "en", created: "2026-10-31T23:59:59+00:00",
            blocks: [
                .heading(level: 1, text: "Statement for \(name)"),
                .paragraph([.init("Payee:", bold: true), .init(name)]),
            ],
            attachment: nil)
    }

    @Test func aStyleFacesSubsetKeepsThePrintableASCIIAndTheGlyphsUsed() throws {
        let writer = try NativePDFWriter()
        let ascii = writer.book.asciiGlyphs[0]
        #expect(ascii.count == 95, "DejaVu Sans draws every printable ASCII character")
        let eWithDiaeresis = try #require(writer.book.faces[0].nominalGlyph(0xEB))
        let kept = writer.subsetGlyphs(face: 0, used: [eWithDiaeresis: "ë", ascii[0]: "?"])
        #expect(kept == (ascii + [eWithDiaeresis]).sorted())
        // A fallback face (CJK) keeps only what the document used: its glyphs are large.
        let yama = try #require(writer.book.faces[3].nominalGlyph(0x5C71))
        #expect(writer.subsetGlyphs(face: 3, used: [yama: "山"]) == [yama])
    }

    @Test func asciiDocumentsShareOneSubsetPerFaceAndOthersGetTheirOwn() throws {
        let writer = try NativePDFWriter()
        let first = try writer.render(Self.document("Ann Lee"))
        let cut = writer.subsets.count
        #expect(cut == 2, "regular and bold")
        let second = try writer.render(Self.document("Quincy Vaz-Jorgensen"))
        #expect(writer.subsets.count == cut, "other ASCII letters, the same subsets")
        let third = try writer.render(Self.document("Zoë Ünal"))
        #expect(writer.subsets.count == cut + 2, "ë and Ü are not ASCII: the regular and the bold face each cut anew")
        // The same bytes as a writer that cut nothing before, and the same subset names for the ASCII documents.
        #expect(try NativePDFWriter().render(Self.document("Quincy Vaz-Jorgensen")) == second)
        #expect(try NativePDFWriter().render(Self.document("Zoë Ünal"), caching: false) == third)
        func fontNames(_ pdf: [UInt8]) -> [Substring] {
            let text = String(decoding: pdf, as: UTF8.self)
            return text.split(separator: "/BaseFont /").map { $0.prefix { $0 != " " && $0 != ">" } }.dropFirst()
                .sorted()
        }
        #expect(fontNames(first) == fontNames(second))
        #expect(fontNames(first) != fontNames(third))
        #expect(fontNames(first).allSatisfy { $0.count > 7 && $0.dropFirst(6).first == "+" })
    }
}
