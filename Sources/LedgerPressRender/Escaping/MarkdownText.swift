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
        if isInert(text) { return text }
        return escapedBytes(text) ?? escapeScalars(text)
    }

    /// ``escapeScalars(_:)`` for text already on one line (no control character, C1 controls and U+2028/U+2029
    /// included; single spaces inside, none at either end) with nothing to isolate, that does not start with a
    /// character that can open a block (`#`, `=`, `-`, `+`, `*`, `_`), written byte by byte: each inline special
    /// gets its backslash, and an ordered-list marker (up to nine digits then `.` or `)`, then a space or the end)
    /// gets one before its `.` or `)`. Such text folds to itself, opens no block and is not isolated, so the result
    /// is the same. Nil for other text (ledger ids such as `drv_0001`, zone names such as `America/Los_Angeles`
    /// and names such as `José_M` take this path).
    static func escapedBytes(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let first = bytes.first, first != 0x20, !blockOpeningBytes[Int(first)], bytes[bytes.count - 1] != 0x20
            else {
                return nil
            }
            var previous: UInt8 = 0
            var specials = 0
            var ascii = true
            for (i, byte) in bytes.enumerated() {
                guard byte >= 0x20, byte != 0x7F, !(byte == 0x20 && previous == 0x20) else { return nil }
                if byte >= 0x80 {
                    ascii = false
                    // C1 controls (C2 80 to C2 9F, U+0085 among them) and U+2028, U+2029 (E2 80 A8, E2 80 A9).
                    if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] <= 0x9F { return nil }
                    if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
                        bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
                    {
                        return nil
                    }
                }
                if inlineSpecialBytes[Int(byte)] { specials += 1 }
                previous = byte
            }
            if !ascii && BidiIsolation.needsIsolation(scalars: bytes) { return nil }
            var digits = 0
            while digits < bytes.count, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
            let marker =
                digits > 0 && digits <= 9 && digits < bytes.count
                && (bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"))
                && (digits + 1 == bytes.count || bytes[digits + 1] == 0x20)
            return String(unsafeUninitializedCapacity: bytes.count + specials + 1) { out in
                var count = 0
                for (i, byte) in bytes.enumerated() {
                    if inlineSpecialBytes[Int(byte)] || (marker && i == digits) {
                        out[count] = UInt8(ascii: "\\")
                        count += 1
                    }
                    out[count] = byte
                    count += 1
                }
                return count
            }
        }
    }

    /// First bytes that can open a block (or are escaped as an inline special there): such text takes the
    /// scalar path.
    static let blockOpeningBytes: [Bool] = (0..<256).map { byte in "#=-+*_".utf8.contains(UInt8(byte)) }

    /// True when ``escapeScalars(_:)`` would return `text` unchanged, decided from its bytes: no control
    /// character, U+0085, U+2028 or U+2029, no character that opens an inline construct, single spaces
    /// inside only, a start that can open no block (`#`, `=`, `-`/`+` before a space or a run of `-`, an
    /// ordered-list number), and (for non-ASCII text) nothing to isolate. Plain names and amounts
    /// (`$1,234.56`, `-$24.00`, `1.234,56 €`, `2026-10-14`) take this path.
    static func isInert(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            guard let first = bytes.first, first != 0x20, bytes[bytes.count - 1] != 0x20 else { return false }
            var previous: UInt8 = 0
            var ascii = true
            for (i, byte) in bytes.enumerated() {
                guard byte >= 0x20, byte != 0x7F, !inlineSpecialBytes[Int(byte)], !(byte == 0x20 && previous == 0x20)
                else { return false }
                if byte >= 0x80 {
                    ascii = false
                    // U+0085 (C2 85), U+2028 and U+2029 (E2 80 A8, E2 80 A9) fold like spaces.
                    if byte == 0xC2, i + 1 < bytes.count, bytes[i + 1] == 0x85 { return false }
                    if byte == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80,
                        bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9
                    {
                        return false
                    }
                }
                previous = byte
            }
            switch first {
            case UInt8(ascii: "#"), UInt8(ascii: "="): return false
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                guard bytes.count > 1 && bytes[1] != 0x20 && bytes[1] != UInt8(ascii: "-") else { return false }
            default:
                var digits = 0
                while digits < bytes.count, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
                if digits > 0, digits <= 9, digits < bytes.count,
                    bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
                    digits + 1 == bytes.count || bytes[digits + 1] == 0x20
                {
                    return false
                }
            }
            return ascii || !BidiIsolation.needsIsolation(scalars: bytes)
        }
    }

    static let inlineSpecialBytes: [Bool] = (0..<256).map { byte in "\\`*_[]<>&!|~".utf8.contains(UInt8(byte)) }

    /// The escaping itself, scalar by scalar (every text goes through it unless ``isInert(_:)``).
    static func escapeScalars(_ text: String) -> String {
        // Fold first, so the block checks see the line as cmark will (a control character before `#`
        // or between two `-` is a space by then).
        let line = folded(text)
        var out = String.UnicodeScalarView()
        // A leading `*` or `_` is escaped below already; a second backslash would show.
        if let first = line.unicodeScalars.first, !inlineSpecials.contains(first), MarkdownText.opensBlock(line) {
            out.append("\\")
        }
        for scalar in line.unicodeScalars {
            if inlineSpecials.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        // An ordered-list marker: up to nine digits then `.` or `)` at the start, then a space or the end.
        // (Scalars, not Characters: a space followed by a combining mark is one Character but still a space to cmark.)
        let scalars = Array(out)
        let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }.count
        if digits > 0, digits <= 9, digits < scalars.count, scalars[digits] == "." || scalars[digits] == ")",
            digits + 1 == scalars.count || scalars[digits + 1] == " "
        {
            out.insert("\\", at: out.index(out.startIndex, offsetBy: digits))
        }
        return BidiIsolation.isolate(String(out))
    }

    /// The characters that open an inline construct, escaped wherever they are.
    static let inlineSpecials = Set("\\`*_[]<>&!|~".unicodeScalars)

    /// The text on one line: newlines, tabs and control characters become spaces, runs of spaces one
    /// space, none at either end.
    static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let isSpace =
                scalar == " " || scalar.value < 0x20 || scalar.value == 0x7F
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
        // By scalars, as cmark reads them: a space followed by a combining mark is still a space.
        func isSpace(_ s: Unicode.Scalar?) -> Bool { s == nil || s == " " || s == "\t" || s == "\n" || s == "\r" }
        let trimmed = Array(text.unicodeScalars.drop { isSpace($0) })
        guard let first = trimmed.first else { return false }
        if "-=*_".unicodeScalars.contains(first), trimmed.allSatisfy({ $0 == first || $0 == " " || $0 == "\t" }) {
            return true
        }
        let second = trimmed.count > 1 ? trimmed[1] : nil
        if first == "-" || first == "+" || first == "*" { return isSpace(second) }
        if first == "#" {
            let hashes = trimmed.prefix { $0 == "#" }.count
            return hashes <= 6 && (hashes == trimmed.count || trimmed[hashes] == " " || trimmed[hashes] == "\t")
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
