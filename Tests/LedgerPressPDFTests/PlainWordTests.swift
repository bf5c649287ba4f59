import Testing

@testable import LedgerPressPDF

/// Words made only of characters a face sets plainly (figures, punctuation, `$`; ASCII letters in a word with one)
/// are set without HarfBuzz (``TextShaper``'s plain words): they must get HarfBuzz's glyphs, positions (kerning
/// included) and ToUnicode texts.
@Suite struct PlainWordTests {
    static let book = Result { try FontBook() }

    @Test func theStyleFacesSetFiguresAmountPunctuationAndLettersPlainly() throws {
        let book = try Self.book.get()
        for (index, plain) in book.plain.enumerated() {
            for scalar in Array("0123456789.,:-/$%+()#".unicodeScalars.map(\.value)) {
                #expect(plain.glyph(scalar) != nil, "face \(index): U+\(String(scalar, radix: 16))")
            }
            // Letters are never plain in a word without one (that word would be shaped in another script).
            for scalar in Array("AVTaofi".unicodeScalars.map(\.value)) {
                #expect(plain.glyph(scalar) == nil, "face \(index): \(scalar)")
            }
        }
        let regular = book.plainWithLetters[0]
        for scalar in Array("AVTaofijl_0123456789".unicodeScalars.map(\.value)) {
            #expect(regular.glyph(scalar) != nil, "\(scalar)")
        }
        // DejaVu Sans kerns A before V, and sets f and i as a ligature (never plain side by side).
        #expect((regular.pairing(0x41, 0x56) ?? 0) < 0)
        #expect(regular.pairing(0x66, 0x69) == nil && regular.pairing(0x66, 0x6C) == nil)
        #expect(regular.pairing(0x69, 0x66) == 0)
    }

    /// Random texts over the plain characters (and a letter or a right-to-left word now and then, which sends a
    /// word or a text back to HarfBuzz): the cached shaper's words and ToUnicode texts are the uncached shaper's.
    @Test func plainWordsGetHarfBuzzsGlyphsPositionsAndTexts() throws {
        let book = try Self.book.get()
        let alphabet = Array(
            "0123456789.,:-/$%+()#*'=!?@[]_€£¥·\u{00A0}\u{2212}\u{202F}AVTWYafijlortvwyPLkm".unicodeScalars)
        let extras = [" ", " mi ", " km", " שקל ", " AV", "ffi", "fl", "é", "\u{0301}", "Ta", "job_", " Paid"]
        // A fixed sequence (a 64-bit linear congruential generator's high bits): the same texts on every run.
        var state: UInt64 = 46
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let cache = ShapeCache()
        for document in 0..<4 {
            let cached = try TextShaper(book: book, cache: cache)
            let fresh = try TextShaper(book: book)
            for _ in 0..<400 {
                var text = ""
                for _ in 0..<(1 + next() % 14) {
                    let pick = next() % 40
                    if pick < 3 {
                        text += extras[next() % extras.count]
                    } else {
                        text.unicodeScalars.append(alphabet[next() % alphabet.count])
                    }
                }
                for style in [FontBook.Style.regular, .bold, .mono] {
                    let auto = next() % 2 == 0
                    let size: Float = [7.8, 9.5, 8][next() % 3]
                    let want = fresh.words(text, style: style, size: size, auto: auto)
                    let got = cached.words(text, style: style, size: size, auto: auto)
                    #expect(
                        WordCacheTests.drawn(got) == WordCacheTests.drawn(want),
                        "document \(document): \(text.debugDescription) \(style) \(size) \(auto)")
                }
            }
            #expect(cached.used == fresh.used, "document \(document)")
        }
    }
}
