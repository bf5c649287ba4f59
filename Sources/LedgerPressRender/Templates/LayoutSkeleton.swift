import Foundation

/// A layout rendered once with a marker in place of each value that changes from page to page, cut at the
/// markers: filling it with a page's values gives the bytes the layout renders with those values, without
/// running the template again.
///
/// Why it holds: a value reaches the output only through `{{name}}` (escaped as a whole by ``HTMLText``) or
/// `{{{name}}}` (as it is), and a marker is recognised in both forms. Anything else a template could do with a
/// value — a transform (`{{uppercased(title)}}`), another content type's escaping, a marker-like text in the
/// other values or in the template itself — shows up as a difference between two renderings made with
/// different markers, and then there is no skeleton (``init(slots:render:)`` returns nil) and every page is
/// rendered in full. A section over a text opens for any text, as for the markers, and an empty value (the
/// only text `empty(name)` tells apart) is never filled in (``fill(_:)`` returns nil).
struct LayoutSkeleton: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        /// Value `index`, HTML-escaped or as it is.
        case slot(Int, escaped: Bool)
    }

    let pieces: [Piece]
    /// The slots that are written escaped (their escaped text is made once per page).
    private let escapedSlots: [Bool]

    /// `render` renders the layout with the given values (one per slot).
    init?(slots: Int, render: ([String]) -> String) {
        let first = LayoutSkeleton.markers(slots: slots, nonce: "a")
        let second = LayoutSkeleton.markers(slots: slots, nonce: "b")
        guard let pieces = LayoutSkeleton.cut(render(first), markers: first),
            LayoutSkeleton.cut(render(second), markers: second) == pieces
        else { return nil }
        self.pieces = pieces
        var escaped = [Bool](repeating: false, count: slots)
        for case .slot(let index, true) in pieces { escaped[index] = true }
        escapedSlots = escaped
    }

    /// The page with `values` (one per slot); nil when a value is empty.
    func fill(_ values: [String]) -> String? {
        guard values.count == escapedSlots.count, !values.contains(where: \.isEmpty) else { return nil }
        let escaped = values.indices.map { escapedSlots[$0] ? HTMLText.escape(values[$0]) : "" }
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

    /// `text` cut at every marker, raw or HTML-escaped; nil if a marker's two forms cannot be told apart.
    static func cut(_ text: String, markers: [String]) -> [Piece]? {
        var forms: [(bytes: [UInt8], piece: Piece)] = []
        for (index, marker) in markers.enumerated() {
            let escaped = HTMLText.escape(marker)
            guard escaped != marker else { return nil }
            forms.append((Array(marker.utf8), .slot(index, escaped: false)))
            forms.append((Array(escaped.utf8), .slot(index, escaped: true)))
        }
        let bytes = Array(text.utf8)
        let lead = Array("\u{E000}".utf8)
        var pieces: [Piece] = []
        var literalStart = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == lead[0], let form = forms.first(where: { bytes[i...].starts(with: $0.bytes) }) else {
                i += 1
                continue
            }
            if literalStart < i {
                pieces.append(.literal(String(decoding: bytes[literalStart..<i], as: UTF8.self)))
            }
            pieces.append(form.piece)
            i += form.bytes.count
            literalStart = i
        }
        if literalStart < bytes.count {
            pieces.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        return pieces
    }
}

/// The skeletons made so far, by what the pages share (made on first use by any render worker; nil is kept
/// too, for a layout that has none).
final class LayoutSkeletonCache: @unchecked Sendable {
    private var skeletons: [String: LayoutSkeleton?] = [:]
    private let lock = NSLock()

    func skeleton(for key: String, make: () -> LayoutSkeleton?) -> LayoutSkeleton? {
        lock.lock()
        defer { lock.unlock() }
        if let ready = skeletons[key] { return ready }
        let made = make()
        skeletons[key] = made
        return made
    }
}
