/// Texts already shaped (``TextShaper/words(_:style:size:auto:)``) by the documents one worker wrote before: the
/// words, and the text each of their glyphs would give the ToUnicode map, in the order shaping met them. A
/// document shaped with the cache gets the same words and the same ToUnicode texts as one shaped without it (labels,
/// column headers, dates and descriptions repeat from row to row and from statement to statement).
///
/// Under the texts, the words: most cell texts (dates, amounts, descriptions) are met once, but the words in them
/// repeat, so each word's runs (``TextShaper``'s `shapeWord`: a function of the word's scalars, their bidi levels,
/// the style and the size) are kept too, with the texts their glyphs would give the ToUnicode map.
///
/// > Note: one document uses a cache at a time (a writer's ``Pool``); it holds at most ``maxEntries`` texts of at most
/// > ``maxTextBytes`` bytes each and ``maxWords`` words of at most ``maxWordScalars`` scalars each, in two
/// > generations (``Generations``): what documents keep meeting stays, the one-off texts and words pass through.
final class ShapeCache: @unchecked Sendable {
    static let maxEntries = 1024
    static let maxTextBytes = 96
    static let maxWords = 4096
    static let maxWordScalars = 48

    /// What a text's shaping depends on: the text, the style, the size, and how its direction is found (or a space
    /// of its own: ``TextShaper/space(style:size:)``).
    ///
    /// Two texts are the same key when their bytes are: canonically equivalent texts (`é` and `e` with a combining
    /// diaeresis), which `String`'s `==` and hash take as equal, shape to different texts for the ToUnicode map.
    struct Key: Hashable {
        enum Mode: UInt8 { case words, wordsAuto, space }
        var text: String
        var style: FontBook.Style
        var size: UInt32
        var mode: Mode

        init(text: String, style: FontBook.Style, size: Float, mode: Mode) {
            self.text = text
            self.style = style
            self.size = size.bitPattern
            self.mode = mode
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.size == rhs.size && lhs.style == rhs.style && lhs.mode == rhs.mode
                && lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            hasher.combine(size)
            hasher.combine(mode)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// A glyph met while shaping and the text it stands for when the document has not met it before.
    struct Claim {
        var face: Int
        var id: UInt32
        var text: String
    }

    /// A text's words and the entries of the words and spaces they were shaped from, in order (their claims, one
    /// after the other, are the text's); and the lines the words were last broken into, with the width they were
    /// broken for (a column's cells are broken at one width, row after row).
    final class Entry {
        let words: [TextShaper.Word]
        let parts: [WordEntry]
        var lines: (width: Float, lines: [TextShaper.Line])?

        init(words: [TextShaper.Word], parts: [WordEntry]) {
            self.words = words
            self.parts = parts
        }
    }

    /// What a word's shaping depends on: its scalars and their bidi levels (a word is shaped with the text around it
    /// as context, but a word ends at a space or at the text's end, and a space joins with nothing), the style and
    /// the size.
    struct WordKey: Hashable {
        var scalars: ArraySlice<UInt32>
        var levels: ArraySlice<UInt8>
        var style: FontBook.Style
        var size: UInt32

        init(scalars: ArraySlice<UInt32>, levels: ArraySlice<UInt8>, style: FontBook.Style, size: Float) {
            self.scalars = scalars
            self.levels = levels
            self.style = style
            self.size = size.bitPattern
        }

        /// The key with slices of arrays of its own (a key looked up holds slices of the whole text).
        var owned: WordKey {
            var key = self
            key.scalars = Array(scalars)[...]
            key.levels = Array(levels)[...]
            return key
        }

        static func == (lhs: WordKey, rhs: WordKey) -> Bool {
            lhs.size == rhs.size && lhs.style == rhs.style && lhs.scalars.elementsEqual(rhs.scalars)
                && lhs.levels.elementsEqual(rhs.levels)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(size)
            hasher.combine(style)
            hasher.combine(scalars.count)
            scalars.withUnsafeBytes { hasher.combine(bytes: $0) }
            levels.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// A word's runs and the glyphs met while shaping it (``Claim``), in order; `document`: the last document
    /// (``startDocument()``) whose ToUnicode texts have them all (replaying them again there changes nothing).
    final class WordEntry {
        let runs: [TextShaper.Run]
        let claims: [Claim]
        var document: Int

        init(runs: [TextShaper.Run], claims: [Claim], document: Int) {
            self.runs = runs
            self.claims = claims
            self.document = document
        }
    }

    private var entries = Generations<Key, Entry>(capacity: ShapeCache.maxEntries / 2)
    private var words = Generations<WordKey, WordEntry>(capacity: ShapeCache.maxWords / 2)
    /// The documents that used the cache so far.
    private var documents = 0

    /// A number for a document starting to use the cache, never given before (from 1).
    func startDocument() -> Int {
        documents += 1
        return documents
    }

    subscript(key: Key) -> Entry? { entries.value(for: key) }

    func store(_ entry: Entry, for key: Key) { entries.insert(entry, for: key) }

    subscript(word key: WordKey) -> WordEntry? { words.value(for: key) }

    /// Keeps `entry` for `key` (a copy of `key` that holds only the word).
    func store(word entry: WordEntry, for key: WordKey) { words.insert(entry, for: key.owned) }

    /// How many words are kept (tests).
    var wordCount: Int { words.count }
}
