/// A string-table text with named slots, split once so that filling it costs only appends:
/// `Week {week}, {year}`, `{day}. {month} {year}`.
///
/// > Note: a slot is `{` then ASCII letters or `_` then `}`; any other brace is literal text. A slot the
/// > caller has no value for stays as written (`{name}`), so a mistyped slot is visible on the page.
struct Phrase: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case slot(String)
    }

    let pieces: [Piece]

    init(_ pattern: String) {
        var pieces: [Piece] = []
        var text = Substring(pattern)
        var literal = ""
        while let open = text.firstIndex(of: "{") {
            let afterOpen = text.index(after: open)
            let name = text[afterOpen...].prefix { $0 == "_" || ($0.isASCII && $0.isLetter) }
            guard !name.isEmpty, name.endIndex < text.endIndex, text[name.endIndex] == "}" else {
                literal += text[...open]
                text = text[afterOpen...]
                continue
            }
            literal += text[..<open]
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.slot(String(name)))
            text = text[text.index(after: name.endIndex)...]
        }
        literal += text
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The text with each slot replaced by `value(name)` (kept as `{name}` when that is nil).
    func fill(_ value: (String) -> String?) -> String {
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .slot(let name): out += value(name) ?? "{\(name)}"
            }
        }
        return out
    }

    /// The names of the slots, in order (for checks of a table's texts).
    var slots: [String] {
        pieces.compactMap { piece in
            if case .slot(let name) = piece { return name }
            return nil
        }
    }
}
