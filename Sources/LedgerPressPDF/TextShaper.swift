/// Text made into positioned glyphs for one document: scalars cleaned of controls, bidi levels from FriBidi, a
/// font per character (``FontBook``), runs shaped by HarfBuzz, words broken into lines and each line's runs put
/// in visual order. It remembers which glyphs the document used and the text each stands for (the ToUnicode
/// maps).
final class TextShaper {
    /// One glyph placed in its run, in points from the run's start.
    struct Placed {
        var id: UInt32
        var x: Float
        var y: Float
    }

    /// Glyphs of one face and one bidi level, in visual order.
    struct Run {
        var face: Int
        var size: Float
        var glyphs: [Placed]
        var width: Float
        var level: UInt8
    }

    /// Runs between two spaces, in logical order, and the space after it (nil at the end).
    struct Word {
        var runs: [Run]
        var width: Float
        var spaceAfter: Run?
    }

    /// One line: runs in visual order, each with its x from the line's start.
    struct Line {
        var runs: [(x: Float, run: Run)]
        var width: Float
    }

    let book: FontBook
    private let buffer: ShapingBuffer
    /// Per face, each glyph used and the text it stands for (the first text met).
    private(set) var used: [[UInt32: String]]
    /// Texts shaped before, by this document or an earlier one (nil: none kept).
    private let cache: ShapeCache?
    /// This document's number for ``cache`` (``ShapeCache/startDocument()``).
    private let document: Int
    /// While a word is shaped for ``cache``: each glyph met and the text it would give ``used``, in order.
    private var claims: [ShapeCache.Claim]?
    /// While a text is shaped for ``cache``: the entries of its words and spaces, in order.
    private var parts: [ShapeCache.WordEntry]?

    /// Bidi levels of 0 for texts without a right-to-left character (longer than any such text so far).
    private var zeros = [UInt8](repeating: 0, count: 64)
    /// ``FontBook/plain`` (words without a letter) and ``FontBook/plainWithLetters``, at hand.
    private let plain: [FontBook.PlainSet]
    private let plainWithLetters: [FontBook.PlainSet]
    /// Per style face, a bit for each character below U+0100 whose plain glyph has its text in ``used`` already.
    private var plainKnown = [UInt64](repeating: 0, count: 12)
    /// The spaces of plain lines met so far, by style and size (``plainSpace(style:size:)``).
    private var plainSpaces: [(style: FontBook.Style, size: Float, run: Run?)] = []

    init(book: FontBook, cache: ShapeCache? = nil) throws {
        self.book = book
        plain = book.plain
        plainWithLetters = book.plainWithLetters
        self.cache = cache
        document = cache?.startDocument() ?? 0
        buffer = try ShapingBuffer()
        used = Array(repeating: [:], count: book.faces.count)
    }

    /// `shaping()`'s words, from ``cache`` when this text was shaped before (its glyphs' texts recorded in ``used``
    /// as shaping would have), else shaped and kept.
    private func cached(_ key: ShapeCache.Key, _ shaping: () -> [Word]) -> [Word] {
        cachedEntry(key, shaping)?.words ?? shaping()
    }

    /// ``cache``'s entry for `key`, made from `shaping()` when the text is new (its glyphs' texts recorded in
    /// ``used`` either way); nil without a cache or for a text too long to keep.
    private func cachedEntry(_ key: ShapeCache.Key, _ shaping: () -> [Word]) -> ShapeCache.Entry? {
        guard let cache, key.text.utf8.count <= ShapeCache.maxTextBytes else { return nil }
        if let entry = cache[key] {
            for part in entry.parts { replay(part) }
            return entry
        }
        parts = []
        let entry = ShapeCache.Entry(words: shaping(), parts: parts ?? [])
        cache.store(entry, for: key)
        parts = nil
        return entry
    }

    /// `entry`'s glyphs' texts recorded in ``used`` as shaping the word would (the first text met wins); nothing to
    /// do when this document replayed or shaped it before.
    private func replay(_ entry: ShapeCache.WordEntry) {
        guard entry.document != document else { return }
        for claim in entry.claims where used[claim.face][claim.id] == nil {
            used[claim.face][claim.id] = claim.text
        }
        entry.document = document
    }

    /// `shaping()`'s runs (one word's or one space's) with the glyphs met while shaping them (``claims``).
    private func recorded(_ shaping: () -> [Run]) -> ShapeCache.WordEntry {
        claims = []
        let runs = shaping()
        let entry = ShapeCache.WordEntry(runs: runs, claims: claims ?? [], document: document)
        claims = nil
        return entry
    }

    /// `text` as scalars to draw: line breaks and tabs become spaces; other control characters their visible
    /// pictures (U+2400...), so that nothing of the ledger's text is hidden or acts on the page.
    static func scalars(_ text: String) -> [UInt32] {
        // Printable ASCII (most texts) maps to itself.
        var ascii = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            ascii = false
            break
        }
        if ascii { return text.utf8.map { UInt32($0) } }
        return text.unicodeScalars.map { scalar in
            let value = scalar.value
            switch value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return 0x20
            case 0..<0x20: return 0x2400 + value
            case 0x7F: return 0x2421
            default: return value
            }
        }
    }

    /// Whether `scalar` belongs with the character before it (a mark, a joiner, a variation selector).
    private static func clings(_ scalar: UInt32) -> Bool {
        // Nothing below the combining diacritical marks (U+0300) is a mark or a joiner.
        if scalar < 0x300 { return false }
        if (0x200B...0x200F).contains(scalar) || (0xFE00...0xFE0F).contains(scalar)
            || (0xE0100...0xE01EF).contains(scalar)
            || (0x202A...0x202E).contains(scalar) || (0x2066...0x2069).contains(scalar)
        {
            return true
        }
        guard let unicode = Unicode.Scalar(scalar) else { return false }
        switch unicode.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// The words of `text` set in `style` at `size` points; `auto`: the paragraph's direction from its first
    /// strong character (a table cell), else left to right.
    func words(_ text: String, style: FontBook.Style, size: Float, auto: Bool = false) -> [Word] {
        // A text of plain words and spaces (an amount, a date and time) is set faster than it is kept.
        if cache != nil, isPlain(text, style: style) {
            return plainWords(text, style: style, size: size) ?? shapeWords(text, style: style, size: size, auto: auto)
        }
        return cached(ShapeCache.Key(text: text, style: style, size: size, mode: auto ? .wordsAuto : .words)) {
            shapeWords(text, style: style, size: size, auto: auto)
        }
    }

    /// Whether `text` is made only of spaces and plain words (``isPlain(_:_:levels:style:)``; such a text has no
    /// right-to-left character, so every level is 0).
    private func isPlain(_ text: String, style: FontBook.Style) -> Bool {
        TextShaper.characters(of: text, { isPlain($0, style: style) }, { isPlain($0, style: style) })
    }

    /// `ascii` of `text`'s UTF-8 bytes when they are all ASCII (most texts), else `other` of its scalars: what the
    /// plain paths read a text as.
    @inline(__always)
    private static func characters<Result>(
        of text: String, _ ascii: (UnsafeBufferPointer<UInt8>) -> Result, _ other: ([UInt32]) -> Result
    ) -> Result {
        var text = text
        if let result = text.withUTF8({ bytes in bytes.allSatisfy { $0 < 0x80 } ? .some(ascii(bytes)) : nil }) {
            return result
        }
        return other(text.unicodeScalars.map(\.value))
    }

    /// Whether `characters` (a text's ASCII bytes or scalars) are spaces and plain words, at least one.
    private func isPlain<Characters: RandomAccessCollection>(_ characters: Characters, style: FontBook.Style) -> Bool
    where Characters.Index == Int, Characters.Element: BinaryInteger {
        var any = false
        var start = 0
        for index in 0...characters.count where index == characters.count || characters[index] == 0x20 {
            if index > start {
                guard plainSet(characters, start..<index, style: style) != nil else { return false }
                any = true
            }
            start = index + 1
        }
        return any
    }

    /// The plain set that sets the word `characters[range]` (ASCII bytes or scalars) in `style`: the one for words
    /// with a letter when it has one (HarfBuzz shapes it in the Latin script), else the one for words without;
    /// nil when a character is not plain there or two side by side may start a ligature.
    @inline(__always)
    private func plainSet<Characters: RandomAccessCollection>(
        _ characters: Characters, _ range: Range<Int>, style: FontBook.Style
    ) -> FontBook.PlainSet? where Characters.Index == Int, Characters.Element: BinaryInteger {
        var letters = false
        for index in range where FontBook.isLetter(UInt32(truncatingIfNeeded: characters[index])) {
            letters = true
            break
        }
        let table = letters ? plainWithLetters[style.rawValue] : plain[style.rawValue]
        var previous: UInt32?
        for index in range {
            let scalar = UInt32(truncatingIfNeeded: characters[index])
            guard table.glyph(scalar) != nil else { return nil }
            if let previous, table.pairing(previous, scalar) == nil { return nil }
            previous = scalar
        }
        return table
    }

    private func shapeWords(_ text: String, style: FontBook.Style, size: Float, auto: Bool) -> [Word] {
        let scalars = TextShaper.scalars(text)
        guard !scalars.isEmpty else { return [] }
        // Left to right throughout (no character that may be right to left): the shared zeros, as long as needed.
        if zeros.count < scalars.count { zeros = [UInt8](repeating: 0, count: max(scalars.count, 2 * zeros.count)) }
        let levels = FriBidi.levels(scalars, auto: auto) ?? zeros
        var words: [Word] = []
        var start = 0
        var index = 0
        while index <= scalars.count {
            if index == scalars.count || scalars[index] == 0x20 {
                if index > start {
                    let runs = cachedWord(scalars, start..<index, levels: levels, style: style, size: size)
                    words.append(Word(runs: runs, width: runs.reduce(0) { $0 + $1.width }, spaceAfter: nil))
                }
                if index < scalars.count, !words.isEmpty, words[words.count - 1].spaceAfter == nil {
                    let space = cachedWord(scalars, index..<index + 1, levels: levels, style: style, size: size)
                    words[words.count - 1].spaceAfter = space.first
                }
                start = index + 1
            }
            index += 1
        }
        return words
    }

    /// A space in `style` at `size` (between two inline texts of different weights).
    func space(style: FontBook.Style, size: Float) -> Run {
        let words = cached(ShapeCache.Key(text: " ", style: style, size: size, mode: .space)) {
            let entry = recorded { shapeWord([0x20], 0..<1, levels: [0], style: style, size: size) }
            parts?.append(entry)
            let run = entry.runs[0]
            return [Word(runs: [run], width: run.width, spaceAfter: nil)]
        }
        return words[0].runs[0]
    }

    /// `shapeWord`'s runs, from ``cache`` when this word was shaped before in the same levels, style and size (its
    /// glyphs' texts recorded in ``used`` as shaping would have: ``replay(_:)``), else shaped and kept; while a text
    /// is shaped for the cache, its entry goes to ``parts``.
    private func cachedWord(
        _ scalars: [UInt32], _ range: Range<Int>, levels: [UInt8], style: FontBook.Style, size: Float
    ) -> [Run] {
        guard let cache else { return shapeWord(scalars, range, levels: levels, style: style, size: size) }
        if isPlain(scalars, range, levels: levels, style: style) {
            let plain = { [self.plainRun(scalars, range, level: levels[range.lowerBound], style: style, size: size)] }
            guard parts != nil else { return plain() }
            let entry = recorded(plain)
            parts?.append(entry)
            return entry.runs
        }
        guard range.count <= ShapeCache.maxWordScalars else {
            guard parts != nil else { return shapeWord(scalars, range, levels: levels, style: style, size: size) }
            let entry = recorded { shapeWord(scalars, range, levels: levels, style: style, size: size) }
            parts?.append(entry)
            return entry.runs
        }
        let key = ShapeCache.WordKey(scalars: scalars[range], levels: levels[range], style: style, size: size)
        if let entry = cache[word: key] {
            replay(entry)
            parts?.append(entry)
            return entry.runs
        }
        let entry = recorded { shapeWord(scalars, range, levels: levels, style: style, size: size) }
        cache.store(word: entry, for: key)
        parts?.append(entry)
        return entry.runs
    }

    /// Whether a word is made only of characters its style's face sets plainly (``FontBook/plain``,
    /// ``FontBook/plainWithLetters``) with no two side by side that may start a ligature, at one even
    /// (left-to-right) bidi level. The words most often new to a cache (amounts, distances, times, ids) are such
    /// words: they are set by ``plainRun(_:_:level:style:size:)``, without HarfBuzz, and not kept.
    private func isPlain(_ scalars: [UInt32], _ range: Range<Int>, levels: [UInt8], style: FontBook.Style) -> Bool {
        let level = levels[range.lowerBound]
        guard level % 2 == 0 else { return false }
        for index in range where levels[index] != level { return false }
        return plainSet(scalars, range, style: style) != nil
    }

    /// A plain word's run (``isPlain(_:_:levels:style:)``): each character's own glyph at its advance plus the
    /// kerning of the pair it starts, where HarfBuzz puts them, with their texts recorded as
    /// ``shape(_:_:face:level:size:)`` records them (each glyph is a cluster of its own).
    private func plainRun(_ scalars: [UInt32], _ range: Range<Int>, level: UInt8, style: FontBook.Style, size: Float)
        -> Run
    {
        let face = style.rawValue
        guard let table = plainSet(scalars, range, style: style) else { preconditionFailure("not a plain word") }
        var placed: [Placed] = []
        placed.reserveCapacity(range.count)
        let pen = placePlain(scalars, range, table: table, style: style, size: size, into: &placed)
        return Run(face: face, size: size, glyphs: placed, width: pen, level: level)
    }

    /// The plain word `characters[range]` (``plainSet(_:_:style:)`` is `table`) appended to `placed`, each glyph at
    /// its pen from the word's start (its advance plus the kerning of the pair it starts, in the order HarfBuzz's
    /// positions are added), its text recorded in ``used`` (and in ``claims`` while a word is recorded for the
    /// cache); returns the word's width.
    @inline(__always)
    private func placePlain<Characters: RandomAccessCollection>(
        _ characters: Characters, _ range: Range<Int>, table: FontBook.PlainSet, style: FontBook.Style, size: Float,
        into placed: inout [Placed]
    ) -> Float where Characters.Index == Int, Characters.Element: BinaryInteger {
        let face = style.rawValue
        let scale = size / Float(book.faces[face].unitsPerEm)
        var pen: Float = 0
        for index in range {
            let scalar = UInt32(truncatingIfNeeded: characters[index])
            guard let glyph = table.glyph(scalar) else { preconditionFailure("not a plain word") }
            placed.append(Placed(id: glyph.id, x: pen, y: 0))
            let next = index + 1 < range.upperBound ? UInt32(truncatingIfNeeded: characters[index + 1]) : nil
            let kerning = next.map { table.pairing(scalar, $0) ?? 0 } ?? 0
            pen += Float(glyph.advance + kerning) * scale
            if claims != nil {
                claims?.append(ShapeCache.Claim(face: face, id: glyph.id, text: TextShaper.plainText(scalar)))
            }
            notePlain(scalar, glyph: glyph.id, face: face)
        }
        return pen
    }

    /// The words of a plain text (``isPlain(_:style:)``), as ``shapeWords(_:style:size:auto:)`` makes them (each
    /// word one run at level 0, the space after it the one ``plainSpace(style:size:)`` gives) without its scalars,
    /// bidi levels and word cache; nil when a word is not plain or the space would not join a plain line.
    private func plainWords(_ text: String, style: FontBook.Style, size: Float) -> [Word]? {
        TextShaper.characters(
            of: text, { plainWords($0, style: style, size: size) }, { plainWords($0, style: style, size: size) })
    }

    private func plainWords<Characters: RandomAccessCollection>(
        _ characters: Characters, style: FontBook.Style, size: Float
    ) -> [Word]? where Characters.Index == Int, Characters.Element: BinaryInteger {
        var words: [Word] = []
        words.reserveCapacity(1 + characters.reduce(0) { $1 == 0x20 ? $0 + 1 : $0 })
        var start = 0
        for end in 0...characters.count where end == characters.count || characters[end] == 0x20 {
            defer { start = end + 1 }
            if end > start {
                guard let table = plainSet(characters, start..<end, style: style) else { return nil }
                var placed: [Placed] = []
                placed.reserveCapacity(end - start)
                let pen = placePlain(characters, start..<end, table: table, style: style, size: size, into: &placed)
                let runs = [Run(face: style.rawValue, size: size, glyphs: placed, width: pen, level: 0)]
                words.append(Word(runs: runs, width: runs.reduce(0) { $0 + $1.width }, spaceAfter: nil))
            }
            if end < characters.count, !words.isEmpty, words[words.count - 1].spaceAfter == nil {
                guard let space = plainSpace(style: style, size: size) else { return nil }
                words[words.count - 1].spaceAfter = space
            }
        }
        return words
    }

    /// The text a plain glyph stands for: its character (each is a cluster of its own).
    private static func plainText(_ scalar: UInt32) -> String {
        Unicode.Scalar(scalar).map { String(Character($0)) } ?? ""
    }

    /// Records plain `glyph` of `scalar` in face `face` in ``used`` (the first text met wins), unless
    /// ``plainKnown`` says it is there already.
    private func notePlain(_ scalar: UInt32, glyph: UInt32, face: Int) {
        let bit = face * 256 + Int(scalar)
        if scalar < 0x100, plainKnown[bit >> 6] & (1 << (bit & 63)) != 0 { return }
        if used[face][glyph] == nil { used[face][glyph] = TextShaper.plainText(scalar) }
        if scalar < 0x100 { plainKnown[bit >> 6] |= 1 << (bit & 63) }
    }

    private func shapeWord(
        _ scalars: [UInt32], _ range: Range<Int>, levels: [UInt8], style: FontBook.Style, size: Float
    )
        -> [Run]
    {
        var runs: [Run] = []
        var runStart = range.lowerBound
        var face = book.face(for: scalars[runStart], style: style)
        var index = runStart + 1
        while index <= range.upperBound {
            var next = face
            if index < range.upperBound {
                next = TextShaper.clings(scalars[index]) ? face : book.face(for: scalars[index], style: style)
            }
            if index == range.upperBound || next != face || levels[index] != levels[runStart] {
                runs.append(shape(scalars, runStart..<index, face: face, level: levels[runStart], size: size))
                runStart = index
                face = next
            }
            index += 1
        }
        return runs
    }

    private func shape(_ scalars: [UInt32], _ range: Range<Int>, face: Int, level: UInt8, size: Float) -> Run {
        let font = book.faces[face]
        let glyphs = font.shape(scalars, range, rightToLeft: level % 2 == 1, buffer: buffer)
        let scale = size / Float(font.unitsPerEm)
        // Each cluster's text, for the glyph that starts it (ToUnicode); worked out only when a glyph is new to the
        // document (most runs draw only glyphs already met), or for every glyph when the text is kept in the cache.
        let recording = claims != nil
        // The face's texts, taken out of ``used`` while the glyphs are gone through (put back at the end).
        var texts = used[face]
        used[face] = [:]
        defer { used[face] = texts }
        let known = !recording && glyphs.allSatisfy { texts[$0.id] != nil }
        // The clusters' starts, sorted, each once, then the range's end; `taken`: whether a glyph claimed each.
        var bounds: [Int] = []
        if !known {
            bounds = glyphs.map { Int($0.cluster) }
            bounds.sort()
            var kept = 0
            for index in bounds.indices where kept == 0 || bounds[kept - 1] != bounds[index] {
                bounds[kept] = bounds[index]
                kept += 1
            }
            bounds.removeLast(bounds.count - kept)
            bounds.append(range.upperBound)
        }
        var taken = [Bool](repeating: false, count: bounds.count)
        /// The index of `cluster` in `bounds` (binary search; every cluster is there).
        func position(of cluster: Int) -> Int {
            var low = 0
            var high = bounds.count - 1
            while low < high {
                let middle = (low + high) / 2
                if bounds[middle] < cluster { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func text(from cluster: Int, to end: Int) -> String {
            if end == cluster + 1 { return Unicode.Scalar(scalars[cluster]).map { String(Character($0)) } ?? "" }
            var out = String.UnicodeScalarView()
            for value in scalars[cluster..<end] { if let scalar = Unicode.Scalar(value) { out.append(scalar) } }
            return String(out)
        }
        var placed: [Placed] = []
        placed.reserveCapacity(glyphs.count)
        var met: [ShapeCache.Claim] = []
        if recording { met.reserveCapacity(glyphs.count) }
        defer { if recording { claims?.append(contentsOf: met) } }
        var pen: Float = 0
        for glyph in glyphs {
            placed.append(
                Placed(id: glyph.id, x: pen + Float(glyph.xOffset) * scale, y: Float(glyph.yOffset) * scale))
            pen += Float(glyph.advance) * scale
            if known { continue }
            let cluster = Int(glyph.cluster)
            let index = position(of: cluster)
            if !taken[index] {
                taken[index] = true
                // A right-to-left ligature's text is stored reversed: extractors reverse right-to-left runs whole,
                // which puts its characters back in logical order.
                if recording || texts[glyph.id] == nil {
                    let logical = text(from: cluster, to: bounds[index + 1])
                    let stands =
                        level % 2 == 1 ? String(String.UnicodeScalarView(logical.unicodeScalars.reversed())) : logical
                    if recording { met.append(ShapeCache.Claim(face: face, id: glyph.id, text: stands)) }
                    if texts[glyph.id] == nil { texts[glyph.id] = stands }
                }
            } else {
                if recording { met.append(ShapeCache.Claim(face: face, id: glyph.id, text: "")) }
                if texts[glyph.id] == nil { texts[glyph.id] = "" }
            }
        }
        return Run(face: face, size: size, glyphs: placed, width: pen, level: level)
    }

    /// `lines(words(text, style:size:auto:), width:)`: a table cell's lines. A plain text (an amount, a date, an
    /// id: ``isPlain(_:style:)``) that fits on one line is set straight into that line's one run, without the
    /// words, runs and line that it would otherwise be built from and joined again; another text's lines are kept
    /// in ``cache`` with its words.
    func lines(_ text: String, style: FontBook.Style, size: Float, auto: Bool = false, width: Float) -> [Line] {
        guard cache != nil else { return lines(words(text, style: style, size: size, auto: auto), width: width) }
        if let run = plainLineRun(text, style: style, size: size, width: width) {
            return [Line(runs: [(0, run)], width: run.width)]
        }
        return notPlainLines(text, style: style, size: size, auto: auto, width: width)
    }

    /// ``lines(_:style:size:auto:width:)`` of a text that ``plainLineRun(_:style:size:width:)`` does not set (with a
    /// cache).
    func notPlainLines(_ text: String, style: FontBook.Style, size: Float, auto: Bool = false, width: Float) -> [Line] {
        // A kept text's lines are kept with it, for the width they were last broken for.
        let key = ShapeCache.Key(text: text, style: style, size: size, mode: auto ? .wordsAuto : .words)
        guard !isPlain(text, style: style),
            let entry = cachedEntry(key, { shapeWords(text, style: style, size: size, auto: auto) })
        else { return lines(words(text, style: style, size: size, auto: auto), width: width) }
        if let kept = entry.lines, kept.width == width { return kept.lines }
        let made = lines(entry.words, width: width)
        entry.lines = (width, made)
        return made
    }

    /// The one run of the one line of a plain text that fits in `width` (at x = 0, as wide as the line: a table
    /// cell draws it without a line around it), with each glyph where ``lines(_:width:)`` and ``visual(_:width:)``
    /// put it (the same sums in the same order: each word's pen from 0, each run moved by the widths before it) and
    /// its texts recorded in ``used`` as ``plainRun(_:_:level:style:size:)`` records them; nil when the text is not
    /// plain, has no word, or takes more than one line, and without a ``cache`` (``lines(_:style:size:auto:width:)``
    /// then sets every text through its words).
    func plainLineRun(_ text: String, style: FontBook.Style, size: Float, width: Float) -> Run? {
        guard cache != nil else { return nil }
        return TextShaper.characters(
            of: text, { plainLineRun($0, style: style, size: size, width: width) },
            { plainLineRun($0, style: style, size: size, width: width) })
    }

    /// ``plainLineRun(_:style:size:width:)`` of a text's ASCII bytes or scalars.
    private func plainLineRun<Characters: RandomAccessCollection>(
        _ characters: Characters, style: FontBook.Style, size: Float, width: Float
    ) -> Run? where Characters.Index == Int, Characters.Element: BinaryInteger {
        let face = style.rawValue
        var placed: [Placed] = []
        placed.reserveCapacity(characters.count)
        // The line's width so far (its runs' widths added in order) and how many words it has.
        var lineWidth: Float = 0
        var words = 0
        var space: Run?
        var start = 0
        for end in 0...characters.count where end == characters.count || characters[end] == 0x20 {
            defer { start = end + 1 }
            if end > start {
                // The word `characters[start..<end]`, each glyph at its pen from the word's start.
                guard let table = plainSet(characters, start..<end, style: style) else { return nil }
                let pen: Float
                if words > 0, let space {
                    // The space before the word, between the two words' runs, then the word moved past it.
                    for glyph in space.glyphs {
                        placed.append(Placed(id: glyph.id, x: glyph.x + lineWidth, y: glyph.y))
                    }
                    let wordStart = placed.count
                    pen = placePlain(characters, start..<end, table: table, style: style, size: size, into: &placed)
                    guard lineWidth + space.width + pen <= width else { return nil }
                    lineWidth += space.width
                    for index in wordStart..<placed.count { placed[index].x += lineWidth }
                } else {
                    pen = placePlain(characters, start..<end, table: table, style: style, size: size, into: &placed)
                    guard pen <= width else { return nil }
                }
                lineWidth += pen
                words += 1
            }
            // A space after a word is shaped (its glyph's text recorded) even when no word follows it.
            if end < characters.count, words > 0, space == nil {
                guard let shaped = plainSpace(style: style, size: size) else { return nil }
                space = shaped
            }
        }
        guard words > 0 else { return nil }
        return Run(face: face, size: size, glyphs: placed, width: lineWidth, level: 0)
    }

    /// The space between two words of a plain text in `style` at `size`, as the words' own shaping makes it
    /// (``cachedWord(_:_:levels:style:size:)``, once per style and size: its glyph's text is then recorded for the
    /// document); nil when it would not join their run (another face, no glyph).
    private func plainSpace(style: FontBook.Style, size: Float) -> Run? {
        if let known = plainSpaces.first(where: { $0.style == style && $0.size == size }) { return known.run }
        let runs = cachedWord([0x20], 0..<1, levels: [0], style: style, size: size)
        var space: Run?
        if runs.count == 1, let run = runs.first, run.face == style.rawValue, run.level == 0, !run.glyphs.isEmpty {
            space = run
        }
        plainSpaces.append((style, size, space))
        return space
    }

    /// `words` broken into lines at most `width` points wide; a word wider than a line is broken between glyphs
    /// (never run off the page).
    func lines(_ words: [Word], width: Float) -> [Line] {
        var lines: [Line] = []
        var current: [Run] = []
        var currentWidth: Float = 0
        var pendingSpace: Run?
        func flush() {
            if !current.isEmpty || lines.isEmpty { lines.append(TextShaper.visual(current, width: currentWidth)) }
            current = []
            currentWidth = 0
            pendingSpace = nil
        }
        for word in words {
            let spaceWidth = pendingSpace?.width ?? 0
            if !current.isEmpty, currentWidth + spaceWidth + word.width > width { flush() }
            if word.width > width {
                for piece in TextShaper.split(word.runs, width: width) {
                    if !current.isEmpty { flush() }
                    current = piece
                    currentWidth = piece.reduce(0) { $0 + $1.width }
                }
            } else {
                if !current.isEmpty, let space = pendingSpace {
                    current.append(space)
                    currentWidth += space.width
                }
                current += word.runs
                currentWidth += word.width
            }
            pendingSpace = word.spaceAfter
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// Runs cut between glyphs into pieces at most `width` wide (at least one glyph each).
    static func split(_ runs: [Run], width: Float) -> [[Run]] {
        var pieces: [[Run]] = []
        var piece: [Run] = []
        var pieceWidth: Float = 0
        for run in runs {
            var part = Run(face: run.face, size: run.size, glyphs: [], width: 0, level: run.level)
            for (index, glyph) in run.glyphs.enumerated() {
                let next = index + 1 < run.glyphs.count ? run.glyphs[index + 1].x : run.width
                let advance = max(0, next - glyph.x)
                if pieceWidth + part.width + advance > width, !part.glyphs.isEmpty || !piece.isEmpty {
                    if !part.glyphs.isEmpty { piece.append(part) }
                    pieces.append(piece)
                    piece = []
                    pieceWidth = 0
                    part = Run(face: run.face, size: run.size, glyphs: [], width: 0, level: run.level)
                }
                part.glyphs.append(Placed(id: glyph.id, x: part.width, y: glyph.y))
                part.width += advance
            }
            if !part.glyphs.isEmpty {
                piece.append(part)
                pieceWidth += part.width
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Runs in logical order put in visual order (rule L2 of the bidi algorithm), placed from x = 0; runs side by
    /// side in the same face, size and level become one (a cell's words and the spaces between them: one text to
    /// draw, each glyph where it was).
    static func visual(_ logical: [Run], width: Float) -> Line {
        var runs = logical
        if runs.contains(where: { $0.level > 0 }), let highest = runs.map(\.level).max() {
            let lowestOdd = runs.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
            var level = highest
            while level >= lowestOdd, level > 0 {
                var index = 0
                while index < runs.count {
                    guard runs[index].level >= level else {
                        index += 1
                        continue
                    }
                    var end = index
                    while end < runs.count, runs[end].level >= level { end += 1 }
                    runs[index..<end].reverse()
                    index = end
                }
                level -= 1
            }
        }
        func joins(_ first: Run, _ second: Run) -> Bool {
            !first.glyphs.isEmpty && !second.glyphs.isEmpty && first.face == second.face && first.size == second.size
                && first.level == second.level
        }
        var x: Float = 0
        var placed: [(x: Float, run: Run)] = []
        placed.reserveCapacity(runs.count)
        var index = 0
        while index < runs.count {
            var end = index + 1
            while end < runs.count, joins(runs[end - 1], runs[end]) { end += 1 }
            if end == index + 1 {
                placed.append((x, runs[index]))
                x += runs[index].width
            } else {
                // Runs `index..<end` as one: each glyph moved by its run's offset from the first.
                var joined = Run(
                    face: runs[index].face, size: runs[index].size, glyphs: [], width: 0, level: runs[index].level)
                joined.glyphs.reserveCapacity(runs[index..<end].reduce(0) { $0 + $1.glyphs.count })
                for run in runs[index..<end] {
                    for glyph in run.glyphs {
                        joined.glyphs.append(Placed(id: glyph.id, x: glyph.x + joined.width, y: glyph.y))
                    }
                    joined.width += run.width
                }
                placed.append((x, joined))
                x += joined.width
            }
            index = end
        }
        return Line(runs: placed, width: width)
    }
}
