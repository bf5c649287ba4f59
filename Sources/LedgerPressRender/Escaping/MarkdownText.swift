import Mustache

/// Escapes ledger text for Markdown prose, so that it is shown literally and never becomes structure.
///
/// Inline: every character that can open a construct (`\` `` ` `` `*` `_` `[` `]` `<` `>` `&` `!` `|` `~`)
/// is backslash-escaped. Block: the text is folded onto one line (newlines, tabs and control
/// characters become spaces; leading spaces are dropped, so it can never start an indented code
/// block) and a leading `#`, `+`, `-`, `=`, or `1.`/`1)` gets a backslash, so it can never start a
/// heading, list, thematic break or setext underline wherever a template puts it. Plain names and
/// amounts pass unchanged (`$1,234.56`, `José Müller`); right-to-left text and bidi controls are
/// isolated (`BidiIsolation`).
public enum MarkdownText {
    public static func escape(_ text: String) -> String {
        // Fold first, so the block checks see the line as cmark will (a control character before `#`
        // or between two `-` is a space by then).
        let line = folded(text)
        var out = String.UnicodeScalarView()
        // A leading `*` or `_` is escaped below already; a second backslash would show.
        if let first = line.unicodeScalars.first, !inlineSpecials.contains(first), MarkdownText.opensBlock(line) { out.append("\\") }
        for scalar in line.unicodeScalars {
            if inlineSpecials.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        var result = String(out)
        // An ordered-list marker: up to nine digits then `.` or `)` at the start.
        let digits = result.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let next = result.index(result.startIndex, offsetBy: digits.count)
            let after = next < result.endIndex ? result.index(after: next) : next
            if next < result.endIndex, result[next] == "." || result[next] == ")",
                after == result.endIndex || result[after] == " "
            {
                result.insert("\\", at: next)
            }
        }
        return BidiIsolation.isolate(result)
    }

    /// The characters that open an inline construct, escaped wherever they are.
    static let inlineSpecials = Set("\\`*_[]<>&!|~".unicodeScalars)

    /// The text on one line: newlines, tabs and control characters become spaces, runs of spaces one
    /// space, none at either end.
    static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar.value < 0x20 || scalar.value == 0x7F
                || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
            if isSpace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return String(out)
    }

    /// True when text starting a line would open a block: `#` heading, `-`/`+`/`*` list item,
    /// a thematic break, or a setext underline of `=` or `-`.
    static func opensBlock(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = trimmed.first else { return false }
        if "-=*_".contains(first), trimmed.allSatisfy({ $0 == first || $0 == " " || $0 == "\t" }) { return true }
        let rest = trimmed.dropFirst()
        let followedBySpace = rest.first.map { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } ?? true
        if first == "-" || first == "+" || first == "*" { return followedBySpace }
        if first == "#" {
            let hashes = trimmed.prefix { $0 == "#" }
            let after = trimmed.dropFirst(hashes.count).first
            return hashes.count <= 6 && (after == nil || after == " " || after == "\t")
        }
        return false
    }
}

/// The Mustache content type for Markdown templates: `{{name}}` goes through `MarkdownText.escape`.
struct MarkdownContentType: MustacheContentType {
    func escapeText(_ text: String) -> String { MarkdownText.escape(text) }

    static let name = "LEDGERPRESS_MARKDOWN"
    /// Registers the content type once per process (Mustache keeps a global table).
    static let registered: Bool = {
        MustacheContentTypes.register(MarkdownContentType(), named: name)
        return true
    }()
}
