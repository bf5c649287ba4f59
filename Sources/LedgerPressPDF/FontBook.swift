/// The fonts a native PDF is set in, loaded once per engine: DejaVu Sans (regular and bold) and DejaVu Sans Mono
/// (Latin, Greek, Cyrillic, Arabic, Hebrew), Droid Sans Fallback for CJK and Symbola for emoji and symbols
/// DejaVu lacks. A character takes the first of its style's font, the CJK fallback and the symbol fallback that
/// has it.
public final class FontBook: Sendable {
    /// How text is set: body text, headings and emphasis, or figures in tables.
    enum Style: Int, Sendable { case regular = 0, bold = 1, mono = 2 }

    /// The font files, in face order: the three styles, then the fallbacks.
    static let files: [(path: String, name: String, package: String)] = [
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVuSans", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "DejaVuSans-Bold", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "DejaVuSansMono", "fonts-dejavu-core"),
        ("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "DroidSansFallbackFull", "fonts-droid-fallback"),
        ("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", "Symbola", "fonts-symbola"),
    ]

    let faces: [FontFace]
    /// For each style's own face (regular, bold, mono), its glyphs for the printable ASCII (U+0020 to U+007E),
    /// sorted: the least its subsets keep (``NativePDFWriter/subsetGlyphs(face:used:)``).
    let asciiGlyphs: [[UInt32]]
    /// ``asciiGlyphs``, as sets.
    let asciiSets: [Set<UInt32>]

    /// A font file is missing or unreadable.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Loads every font (about 3 MB of files, mapped once).
    public init() throws {
        var faces: [FontFace] = []
        for file in FontBook.files {
            do {
                faces.append(try FontFace(path: file.path, name: file.name))
            } catch {
                throw Missing(
                    description:
                        "\(file.path): the native PDF engine's font \(file.name) is missing or unreadable; "
                        + "install Debian's \(file.package): `make deps` or `sudo apt-get install -y \(file.package)`")
            }
        }
        self.faces = faces
        asciiSets = faces.prefix(3).map { face in Set((0x20...0x7E).compactMap { face.nominalGlyph($0) }) }
        asciiGlyphs = asciiSets.map { $0.sorted() }
        let buffer = try ShapingBuffer()
        plain = faces.prefix(3).map {
            PlainSet(face: $0, candidates: FontBook.plainCandidates, probe: 0x30, buffer: buffer)
        }
        plainWithLetters = faces.prefix(3).map {
            PlainSet(face: $0, candidates: FontBook.plainLetterCandidates, probe: 0x61, buffer: buffer)
        }
    }

    /// The characters that may be set plainly in a word without a letter (``FontFace/plainGlyphs(_:probe:buffer:)``,
    /// script Common): the printable ASCII but the letters (figures, punctuation, `$`), the spaces inside amounts
    /// and the currency signs of the formats.
    static let plainCandidates: [UInt32] =
        (0x21...0x7E).filter { !FontBook.isLetter($0) } + [
            0xA0, 0xA3, 0xA5, 0xB7, 0x2009, 0x202F, 0x20AC, 0x20B9, 0x2212,
        ]

    /// The characters that may be set plainly in a word with an ASCII letter (script Latin): those and the letters.
    static let plainLetterCandidates: [UInt32] = (0x21...0x7E).filter { FontBook.isLetter($0) } + plainCandidates

    /// Whether `scalar` is an ASCII letter: a word with one is shaped in the Latin script (``plainWithLetters``).
    @inline(__always) static func isLetter(_ scalar: UInt32) -> Bool { (scalar | 0x20) &- 0x61 < 26 }

    /// For each style's own face, the characters it sets plainly in words without a letter, by scalar.
    let plain: [PlainSet]
    /// For each style's own face, the characters it sets plainly in words with an ASCII letter, by scalar.
    let plainWithLetters: [PlainSet]

    /// A face's plain characters (``FontFace/plainGlyphs(_:probe:buffer:)``) in words of one script, looked up by
    /// scalar, and what each pair of them adds to the first one's advance.
    struct PlainSet: Sendable {
        /// Below U+0100: the glyph's id in the high half and its advance in the low half (0: not plain).
        private let latin: [UInt64]
        private let others: [UInt32: FontFace.PlainGlyph]
        /// Per pair of ASCII characters (first * 128 + second): the kerning, or ``ligature``.
        private let asciiPairs: [Int32]
        /// The same for pairs with a character above U+007F (absent: 0).
        private let otherPairs: [OpenTypeLayout.Pair: Int32]
        /// A pair that may start a ligature (``pairing(_:_:)``).
        private static let ligature = Int32.min

        init(face: FontFace, candidates: [UInt32], probe: UInt32, buffer: ShapingBuffer) {
            let plain = face.plainGlyphs(candidates, probe: probe, buffer: buffer)
            var latin = [UInt64](repeating: 0, count: 0x100)
            for (scalar, glyph) in plain.glyphs where scalar < 0x100 {
                latin[Int(scalar)] = UInt64(glyph.id) << 32 | UInt64(UInt32(bitPattern: glyph.advance))
            }
            self.latin = latin
            others = plain.glyphs.filter { $0.key >= 0x100 }
            var asciiPairs = [Int32](repeating: 0, count: 128 * 128)
            var otherPairs: [OpenTypeLayout.Pair: Int32] = [:]
            let marked = plain.kerning.map { ($0.key, $0.value) } + plain.ligatures.map { ($0, PlainSet.ligature) }
            for (pair, value) in marked {
                if pair.first < 0x80, pair.second < 0x80 {
                    asciiPairs[Int(pair.first) * 128 + Int(pair.second)] = value
                } else {
                    otherPairs[pair] = value
                }
            }
            self.asciiPairs = asciiPairs
            self.otherPairs = otherPairs
        }

        /// The glyph `scalar` is set with plainly, nil when it is not plain in this face.
        @inline(__always) func glyph(_ scalar: UInt32) -> FontFace.PlainGlyph? {
            if scalar < 0x100 {
                let packed = latin[Int(scalar)]
                guard packed != 0 else { return nil }
                return FontFace.PlainGlyph(
                    id: UInt32(packed >> 32), advance: Int32(bitPattern: UInt32(truncatingIfNeeded: packed)))
            }
            return others[scalar]
        }

        /// What HarfBuzz adds to plain `first`'s advance when plain `second` follows it in a word (font units); nil
        /// when the two may start a ligature (the word is shaped by HarfBuzz).
        @inline(__always) func pairing(_ first: UInt32, _ second: UInt32) -> Int32? {
            let value =
                first < 0x80 && second < 0x80
                ? asciiPairs[Int(first) &* 128 &+ Int(second)]
                : otherPairs[OpenTypeLayout.Pair(first: first, second: second)] ?? 0
            return value == PlainSet.ligature ? nil : value
        }
    }

    /// The face that draws `scalar` in `style`: the style's own, else the first fallback that has it (the
    /// style's own when none has: its "missing glyph" box).
    func face(for scalar: UInt32, style: Style) -> Int {
        let own = style.rawValue
        if faces[own].covers(scalar) { return own }
        for fallback in 3..<faces.count where faces[fallback].covers(scalar) { return fallback }
        return own
    }
}
