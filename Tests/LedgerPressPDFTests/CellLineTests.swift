import Testing

@testable import LedgerPressPDF

/// A table cell's lines (``TextShaper/lines(_:style:size:auto:width:)``): a plain text that fits on one line is set
/// straight into its one run, and a kept text keeps its lines; either way the lines, glyph for glyph and to the
/// last bit of each position, and the ToUnicode texts are those of breaking the uncached shaper's words.
@Suite struct CellLineTests {
    /// Each line's width and runs (offset, face, size, level, width, glyphs), exactly.
    static func drawn(_ lines: [TextShaper.Line]) -> [String] {
        lines.map { line in
            "\(line.width.bitPattern)|"
                + line.runs.map { offset, run in
                    "\(offset.bitPattern) \(run.face) \(run.size) \(run.level) \(run.width.bitPattern): "
                        + run.glyphs.map { "\($0.id)@\($0.x.bitPattern),\($0.y.bitPattern)" }.joined(separator: " ")
                }.joined(separator: "; ")
        }
    }

    @Test func aCellsLinesAreTheLinesOfItsWordsWhateverPathSetsThem() throws {
        let book = try PlainWordTests.book.get()
        let alphabet = Array("0123456789.,:-/$%+()#_€·\u{2212}".unicodeScalars)
        // Spaces single, doubled, leading and trailing; a letter, a word, a right-to-left word, a tab now and then.
        let extras = [" ", " ", "  ", " mi", "job", " שקל ", "\t", "AV ", "fi", "To", "¥", "Zoë"]
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let cache = ShapeCache()
        var seen: [String] = []
        var paths = (plain: 0, kept: 0)
        for document in 0..<3 {
            let cached = try TextShaper(book: book, cache: cache)
            let fresh = try TextShaper(book: book)
            for _ in 0..<200 {
                var text = ""
                // Now and then a text met before (its kept lines, perhaps at another width).
                if !seen.isEmpty, next() % 4 == 0 {
                    text = seen[next() % seen.count]
                } else {
                    for _ in 0..<(1 + next() % 16) {
                        if next() % 5 == 0 {
                            text += extras[next() % extras.count]
                        } else {
                            text.unicodeScalars.append(alphabet[next() % alphabet.count])
                        }
                    }
                    seen.append(text)
                }
                let style = [FontBook.Style.regular, .bold, .mono][next() % 3]
                let size: Float = [7.8, 9.5][next() % 2]
                // Widths that fit every text, some, or a few glyphs (a word broken between glyphs).
                let width: Float = [400, 60, 25, 8][next() % 4]
                let auto = next() % 2 == 0
                let want = fresh.lines(fresh.words(text, style: style, size: size, auto: auto), width: width)
                let got = cached.lines(text, style: style, size: size, auto: auto, width: width)
                #expect(
                    Self.drawn(got) == Self.drawn(want),
                    "document \(document): \(text.debugDescription) \(style) \(size) \(width)")
                if got.count == 1, text.contains(where: { $0 != " " }),
                    text.allSatisfy({ " 0123456789.,:-/$%+()#".contains($0) })
                {
                    paths.plain += 1
                } else {
                    paths.kept += 1
                }
            }
            #expect(cached.used == fresh.used, "document \(document)")
        }
        // Both paths were taken, many times each.
        #expect(paths.plain > 50 && paths.kept > 50, "\(paths)")
    }
}
