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
        plain = faces.prefix(3).map { PlainSet(face: $0, buffer: buffer) }
    }

    /// The characters that may be set plainly (``FontFace/plainGlyphs(_:buffer:)``): the printable ASCII but the
    /// letters (figures, punctuation, `$`), the spaces inside amounts and the currency signs of the formats.
    static let plainCandidates: [UInt32] =
        (0x21...0x7E).filter { !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0) }
        + [0xA0, 0xA3, 0xA5, 0xB7, 0x2009, 0x202F, 0x20AC, 0x20B9, 0x2212]

    /// For each style's own face, the characters it sets plainly, by scalar.
    let plain: [PlainSet]

    /// A face's plain characters (``FontFace/plainGlyphs(_:buffer:)``), looked up by scalar.
    struct PlainSet: Sendable {
        /// Below U+0100: the glyph's id in the high half and its advance in the low half (0: not plain).
        private let latin: [UInt64]
        private let others: [UInt32: FontFace.PlainGlyph]

        init(face: FontFace, buffer: ShapingBuffer) {
            let glyphs = face.plainGlyphs(FontBook.plainCandidates, buffer: buffer)
            var latin = [UInt64](repeating: 0, count: 0x100)
            for (scalar, glyph) in glyphs where scalar < 0x100 {
                latin[Int(scalar)] = UInt64(glyph.id) << 32 | UInt64(UInt32(bitPattern: glyph.advance))
            }
            self.latin = latin
            others = glyphs.filter { $0.key >= 0x100 }
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
