import Synchronization

/// Font subsets a writer already cut and deflated, by face and glyph set: one document's subset is another's when
/// their glyph sets are equal, and ``NativePDFWriter/subsetGlyphs(face:used:)`` rounds a style face's set up to
/// the printable ASCII, so the statements of one locale whose text is ASCII share one subset per face. Cutting a
/// subset (hb-subset) and deflating it for every document cost about a seventh of the PDFs' CPU on the 200,000-entry
/// month bench (user CPU 21.0–21.4 s against 18.5–18.9 s with the cache).
///
/// > Note: shared by the writer's threads (``entries`` behind a lock; a subset is cut outside it, and two threads
/// > that miss at once both cut the same bytes); at most ``maxEntries`` subsets, in two generations
/// > (``Generations``).
final class SubsetCache: Sendable {
    static let maxEntries = 64

    struct Key: Hashable, Sendable {
        var face: Int
        /// Sorted, without repeats.
        var glyphs: [UInt32]
    }

    /// A subset as a PDF embeds it: the font file deflated (`deflated`, with its digest) and its length before (`length`), each
    /// glyph's id in the subset, and the font's name with its subset tag.
    struct Subset: Sendable {
        var deflated: [UInt8]
        /// The SHA-256 of `deflated` (what a document's `/ID` takes for it).
        var digest: [UInt8]
        var length: Int
        var ids: [UInt32: UInt32]
        var name: String
    }

    private let entries = Mutex(Generations<Key, Subset>(capacity: SubsetCache.maxEntries / 2))

    /// The subset kept for `key`, else `make()`'s, kept.
    func subset(_ key: Key, make: () throws -> Subset) throws -> Subset {
        if let kept = entries.withLock({ $0.value(for: key) }) { return kept }
        let made = try make()
        entries.withLock { $0.insert(made, for: key) }
        return made
    }

    /// How many subsets are kept (tests).
    var count: Int { entries.withLock { $0.count } }
}
