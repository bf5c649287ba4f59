import Foundation
import Synchronization

/// A template rendered once for a shape of context (``ContextShape``) with a marker in place of each text,
/// cut at the markers: filling it with a context's texts gives the bytes the template renders for that
/// context, without running the template again.
///
/// Why it holds: a text reaches the output only through `{{name}}` (escaped as a whole by the template's
/// content type) or `{{{name}}}` (as it is), and a marker is recognised in both forms. Everything else a
/// template decides — which sections open, how often a list repeats — depends on the shape alone: flags,
/// list lengths, which texts are empty (a non-empty text opens a section like any other). Anything else a
/// template could do with a text — a transform (`{{uppercased(title)}}`), another content type's escaping, a
/// marker-like text in the template or in the words it keeps — shows up as a difference between two
/// renderings made with different markers, and then there is no skeleton (``init(slots:escape:render:)``
/// returns nil) and the context is rendered in full.
struct TemplateSkeleton: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        /// Text `index`, escaped by the content type or as it is.
        case slot(Int, escaped: Bool)
    }

    let pieces: [Piece]
    /// The bytes of the literal pieces.
    let size: Int
    /// The slots that are written escaped (their escaped text is made once per fill).
    private let escapedSlots: [Bool]
    private let escape: @Sendable (String) -> String

    /// `render` renders the template with the given texts (one per slot); `escape` is its content type's.
    init?(slots: Int, escape: @escaping @Sendable (String) -> String, render: ([String]) -> String) {
        let first = TemplateSkeleton.markers(slots: slots, nonce: "a")
        let second = TemplateSkeleton.markers(slots: slots, nonce: "b")
        guard let pieces = TemplateSkeleton.cut(render(first), markers: first, escape: escape),
            TemplateSkeleton.cut(render(second), markers: second, escape: escape) == pieces
        else { return nil }
        self.escape = escape
        self.pieces = pieces
        size = pieces.reduce(0) {
            guard case .literal(let text) = $1 else { return $0 }
            return $0 + text.utf8.count
        }
        var escaped = [Bool](repeating: false, count: slots)
        for case .slot(let index, true) in pieces { escaped[index] = true }
        escapedSlots = escaped
    }

    /// The rendering with `values` (one per slot); nil when a value is empty (``ContextShape`` keeps empty
    /// texts in the shape, as `empty(name)` tells them apart).
    func fill(_ values: [String]) -> String? {
        guard values.count == escapedSlots.count, !values.contains(where: \.isEmpty) else { return nil }
        let escaped = values.indices.map { escapedSlots[$0] ? escape(values[$0]) : "" }
        var size = 0
        for piece in pieces {
            switch piece {
            case .literal(let text): size += text.utf8.count
            case .slot(let index, let isEscaped): size += (isEscaped ? escaped[index] : values[index]).utf8.count
            }
        }
        var out = ""
        out.reserveCapacity(size)
        for piece in pieces {
            switch piece {
            case .literal(let text): out += text
            case .slot(let index, let isEscaped): out += isEscaped ? escaped[index] : values[index]
            }
        }
        return out
    }

    /// One marker per slot: private-use brackets around `<&`, `Lp`, the slot and the nonce. Escaping changes
    /// it (and its escaped form never contains the raw one); so does every transform swift-mustache has for a
    /// text (`lowercased`, `uppercased` and `capitalized` for the mixed case, `reversed`), except `empty`.
    static func markers(slots: Int, nonce: String) -> [String] {
        (0..<slots).map { "\u{E000}<&Lp\($0)\(nonce)\u{E000}" }
    }

    /// `text` cut at every marker, raw or escaped; nil if a marker's two forms cannot be told apart or are not
    /// a private-use bracket around a body without one (how a marker is found).
    static func cut(_ text: String, markers: [String], escape: (String) -> String) -> [Piece]? {
        let lead = Array("\u{E000}".utf8)
        // Each slot's two bodies (between their brackets), raw and escaped, by slot number.
        var raw: [[UInt8]] = []
        var escaped: [[UInt8]] = []
        var longest = 0
        for marker in markers {
            let escapedMarker = escape(marker)
            guard escapedMarker != marker else { return nil }
            for (form, isEscaped) in [(marker, false), (escapedMarker, true)] {
                let bytes = Array(form.utf8)
                guard bytes.count > 2 * lead.count, bytes.starts(with: lead),
                    bytes.suffix(lead.count).elementsEqual(lead)
                else { return nil }
                let body = Array(bytes[lead.count..<(bytes.count - lead.count)])
                guard !body.contains(lead[0]) else { return nil }
                if isEscaped { escaped.append(body) } else { raw.append(body) }
                longest = max(longest, body.count)
            }
        }
        // The slot a body stands for: its number is its last run of digits (escaping leaves digits alone; a body
        // it does not name exactly is no marker, and a text whose marker goes unrecognised gets no skeleton).
        func piece(_ body: UnsafeBufferPointer<UInt8>) -> Piece? {
            func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
            var end = body.count
            while end > 0, !isDigit(body[end - 1]) { end -= 1 }
            var start = end
            while start > 0, isDigit(body[start - 1]) { start -= 1 }
            guard start < end, end - start < 10 else { return nil }
            let slot = body[start..<end].reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
            guard slot < raw.count else { return nil }
            if body.elementsEqual(raw[slot]) { return .slot(slot, escaped: false) }
            if body.elementsEqual(escaped[slot]) { return .slot(slot, escaped: true) }
            return nil
        }
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [] }
            let count = bytes.count
            // Whether the lead bracket starts at `index`.
            func leadAt(_ index: Int) -> Bool {
                index + lead.count <= count && lead.indices.allSatisfy { bytes[index + $0] == lead[$0] }
            }
            func literal(_ range: Range<Int>) -> Piece {
                .literal(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            }
            var pieces: [Piece] = []
            var literalStart = 0
            var i = 0
            while i < count {
                // The next lead byte, found with memchr: the text between markers is long and holds none.
                guard let found = memchr(base + i, Int32(lead[0]), count - i) else { break }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard leadAt(at) else {
                    i = at + 1
                    continue
                }
                // The body runs to the next lead byte, if one comes soon enough to close a marker.
                let bodyStart = at + lead.count
                let limit = min(count, bodyStart + longest + 1)
                var close = bodyStart
                while close < limit, bytes[close] != lead[0] { close += 1 }
                guard close < limit, leadAt(close),
                    let piece = piece(UnsafeBufferPointer(rebasing: bytes[bodyStart..<close]))
                else {
                    i = at + 1
                    continue
                }
                if literalStart < at { pieces.append(literal(literalStart..<at)) }
                pieces.append(piece)
                i = close + lead.count
                literalStart = i
            }
            if literalStart < count { pieces.append(literal(literalStart..<count)) }
            return pieces
        }
    }
}

/// The skeletons made so far, by template, words and shape. A shape met for the first time is only noted
/// (rendered in full: a shape that never comes back, such as a statement with an unusual mix of sections, is not
/// worth two renderings); met again, it gets its skeleton (nil is kept too, for a shape that has none). It
/// stops noting new shapes after `limit` shapes or `byteLimit` bytes of keys and skeletons, whichever comes
/// first, so its memory is bounded whatever the run: past that, new shapes render in full.
///
/// A skeleton is made outside the lock (two renderings of the template): the other render workers go on
/// looking up and filling skeletons meanwhile, and one that meets the shape while it is being made renders
/// its context in full instead of waiting (the lock is held only to look up and to note).
final class TemplateSkeletonCache: Sendable {
    private enum Entry {
        case seen
        /// A worker is making this shape's skeleton.
        case making
        case made(TemplateSkeleton?)
    }

    private struct Noted {
        var entries: [String: Entry] = [:]
        var bytes = 0
    }

    private let noted = Mutex(Noted())
    let limit: Int
    let byteLimit: Int

    init(limit: Int = 1024, byteLimit: Int = 32 << 20) {
        self.limit = limit
        self.byteLimit = byteLimit
    }

    /// The skeleton of `key`, made by `make` the second time the key is asked for; nil the first time, when the
    /// shape has none, while another caller is making it, or when the cache is full.
    func skeleton(for key: String, make: () -> TemplateSkeleton?) -> TemplateSkeleton? {
        enum Found {
            case skeleton(TemplateSkeleton?)
            case toMake
        }
        let found: Found = noted.withLock { noted in
            switch noted.entries[key] {
            case .made(let skeleton)?:
                return .skeleton(skeleton)
            case .making?:
                return .skeleton(nil)
            case .seen?:
                noted.entries[key] = .making
                return .toMake
            case nil:
                guard noted.entries.count < limit, noted.bytes < byteLimit else { return .skeleton(nil) }
                noted.entries[key] = .seen
                noted.bytes += key.utf8.count
                return .skeleton(nil)
            }
        }
        switch found {
        case .skeleton(let skeleton): return skeleton
        case .toMake: break
        }
        let made = make()
        noted.withLock { noted in
            noted.entries[key] = .made(made)
            noted.bytes += made?.size ?? 0
        }
        return made
    }

    /// How many shapes are noted, and the bytes of their keys and skeletons.
    var usage: (count: Int, bytes: Int) { noted.withLock { ($0.entries.count, $0.bytes) } }
}
