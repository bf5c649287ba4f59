import Synchronization

/// Texts already shaped (``TextShaper/words(_:style:size:auto:)``) by the documents one worker wrote before: the
/// words, and the text each of their glyphs would give the ToUnicode map, in the order shaping met them. A
/// document shaped with the cache gets the same words and the same ToUnicode texts as one shaped without it (labels,
/// column headers, dates and descriptions repeat from row to row and from statement to statement).
///
/// > Note: one document uses a cache at a time (``Pool``); it holds at most ``maxEntries`` texts of at most
/// > ``maxTextBytes`` bytes each and starts again empty when full.
final class ShapeCache: @unchecked Sendable {
    static let maxEntries = 1024
    static let maxTextBytes = 96

    /// What a text's shaping depends on: the text, the style, the size, and how its direction is found (or a space
    /// of its own: ``TextShaper/space(style:size:)``).
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
    }

    /// A glyph met while shaping and the text it stands for when the document has not met it before.
    struct Claim {
        var face: Int
        var id: UInt32
        var text: String
    }

    struct Entry {
        var words: [TextShaper.Word]
        var claims: [Claim]
    }

    private var entries: [Key: Entry] = [:]

    subscript(key: Key) -> Entry? { entries[key] }

    func store(_ entry: Entry, for key: Key) {
        if entries.count >= ShapeCache.maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }

    /// The caches of a writer, one taken by each document being written (so at most one per thread writing).
    final class Pool: Sendable {
        private let idle = Mutex<[ShapeCache]>([])

        /// A cache no other document is using.
        func take() -> ShapeCache { idle.withLock { $0.popLast() } ?? ShapeCache() }

        /// `cache` back for the next document.
        func give(_ cache: ShapeCache) { idle.withLock { $0.append(cache) } }
    }
}
