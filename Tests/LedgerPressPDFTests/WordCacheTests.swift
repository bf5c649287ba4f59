import Testing

@testable import LedgerPressPDF

/// The words inside cell texts are shaped once per cache (``ShapeCache``'s words): texts that differ but share words
/// get the runs and the ToUnicode texts that shaping them anew gives.
@Suite struct WordCacheTests {
    static let book = Result { try FontBook() }

    /// Every glyph of `words` with its face, size, level and place, and each word's widths: what drawing reads.
    static func drawn(_ words: [TextShaper.Word]) -> [String] {
        words.map { word in
            let runs = word.runs + (word.spaceAfter.map { [$0] } ?? [])
            return "\(word.width)|\(word.spaceAfter?.width ?? -1)|"
                + runs.map { run in
                    "\(run.face) \(run.size) \(run.level) \(run.width): "
                        + run.glyphs.map { "\($0.id)@\($0.x),\($0.y)" }.joined(separator: " ")
                }.joined(separator: "; ")
        }
    }

    /// Texts whose words repeat in new combinations, in several scripts and with ligatures (`office`, `fine`, `ﬁ`).
    static let texts = [
        "Airport run 2026-10-01", "Airport run 2026-10-02", "run Airport 2026-10-01", "office ﬁ Airport",
        "ﬁ fine office", "محمد الأحمد run", "run محمد", "דוד כהן Airport", "山田太郎 run", "Zoë 🚕 run",
    ]

    @Test func repeatedWordsAreShapedOnceAndGiveTheRunsOfShapingAnew() throws {
        let book = try Self.book.get()
        let cache = ShapeCache()
        let cached = try TextShaper(book: book, cache: cache)
        // Words HarfBuzz shapes (a ligature, a letter beyond ASCII); the plain ones (`2026-10-01`, `run`) are not kept.
        _ = cached.words("office Zoë run 2026-10-01", style: .regular, size: 7.8, auto: true)
        let kept = cache.wordCount
        #expect(kept >= 2)
        // New texts of the same words (and the same spaces): nothing new to shape.
        _ = cached.words("Zoë office", style: .regular, size: 7.8, auto: true)
        _ = cached.words("2026-10-01 run office Zoë", style: .regular, size: 7.8, auto: true)
        #expect(cache.wordCount == kept)
        // Another size or style is another word.
        _ = cached.words("office", style: .bold, size: 7.8, auto: true)
        _ = cached.words("office", style: .regular, size: 8, auto: true)
        #expect(cache.wordCount == kept + 2)
        let fresh = try TextShaper(book: book)
        for text in Self.texts {
            for style in [FontBook.Style.regular, .bold] {
                for auto in [false, true] {
                    let want = fresh.words(text, style: style, size: 7.8, auto: auto)
                    let got = cached.words(text, style: style, size: 7.8, auto: auto)
                    #expect(Self.drawn(got) == Self.drawn(want), "\(text) \(style) \(auto)")
                }
            }
        }
    }

    /// Two documents sharing a cache, the second meeting words the first shaped: each document's ToUnicode texts
    /// are those it gets without a cache (the first text met wins: `ﬁ` or the `fi` of `fine`, by order).
    @Test func aCachedWordsGlyphTextsReachTheDocumentAsShapingWouldRecordThem() throws {
        let book = try Self.book.get()
        for order in [Self.texts, Self.texts.reversed()] {
            let cache = ShapeCache()
            // The later documents' texts are new (no whole text is found in the cache), their words are not.
            let swapped = order.reversed().map { $0.split(separator: " ").reversed().joined(separator: " ") }
            for document in [order, swapped, order.map { $0 + " run" }] {
                let cached = try TextShaper(book: book, cache: cache)
                let fresh = try TextShaper(book: book)
                for text in document {
                    _ = cached.words(text, style: .regular, size: 9.5)
                    _ = fresh.words(text, style: .regular, size: 9.5)
                    #expect(cached.used == fresh.used, "after \(text)")
                }
            }
        }
        // The order decides which text the shared ligature glyph stands for.
        let first = try TextShaper(book: book, cache: ShapeCache())
        _ = first.words("fine", style: .regular, size: 9.5)
        _ = first.words("ﬁ", style: .regular, size: 9.5)
        let second = try TextShaper(book: book, cache: ShapeCache())
        _ = second.words("ﬁ", style: .regular, size: 9.5)
        _ = second.words("fine", style: .regular, size: 9.5)
        #expect(first.used[0] != second.used[0])
    }
}
