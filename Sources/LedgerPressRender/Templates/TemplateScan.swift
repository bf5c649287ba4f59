/// A look at a template's tags before swift-mustache parses it: sections nested deeper than ``maxDepth``
/// (its parser recurses once per section: 3,000 nested `{{#sections}}` overflowed the stack) and partials
/// (`{{> name}}`, `{{< name}}`), which a template set never has, so they rendered as nothing.
///
/// > Note: follows set-delimiter tags (`{{=<% %>=}}`) as the parser does; a tag that never closes ends the
/// > look, and the parser reports it.
enum TemplateScan {
    /// The largest template file, in bytes (the shipped ones are at most 6.5 KB).
    static let maxBytes = 1 << 20
    /// How deep sections may nest (the shipped templates nest at most 2 deep).
    static let maxDepth = 64

    struct Problem: Equatable {
        var line: Int
        var column: Int
        var expected: String
        var found: String
    }

    /// The first tag that names a partial or opens a section past ``maxDepth``, if any.
    static func problem(in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var open = Array("{{".utf8)
        var close = Array("}}".utf8)
        var depth = 0
        var position = 0
        while let start = find(open, in: bytes, from: position) {
            let sigilAt = start + open.count
            guard sigilAt < bytes.count, let end = find(close, in: bytes, from: sigilAt + 1) else { return nil }
            let sigil = bytes[sigilAt]
            position = end + close.count
            let content = String(decoding: bytes[(sigilAt + 1)..<end], as: UTF8.self)
            switch sigil {
            case UInt8(ascii: ">"), UInt8(ascii: "<"):
                let name = content.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                return problem(
                    bytes, at: start, expected: "no partials (templates can include none)",
                    found: "'{{\(Character(Unicode.Scalar(sigil))) \(name)}}'")
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                depth += 1
                if depth > maxDepth {
                    return problem(
                        bytes, at: start, expected: "sections nested at most \(maxDepth) deep",
                        found: "a \(maxDepth + 1)th level")
                }
            case UInt8(ascii: "/"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "="):
                let parts = content.dropLast().split(whereSeparator: \.isWhitespace)
                guard content.hasSuffix("="), parts.count == 2 else { return nil }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            default:
                break
            }
        }
        return nil
    }

    static func problem(_ bytes: [UInt8], at offset: Int, expected: String, found: String) -> Problem {
        let before = bytes[..<offset]
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
        // Columns count characters' scalars, as the parser's do: UTF-8 continuation bytes are skipped.
        let column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
        return Problem(line: line, column: column, expected: expected, found: found)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
