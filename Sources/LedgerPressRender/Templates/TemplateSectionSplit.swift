import LedgerPressCore
import Mustache

/// A template whose one list section at the top level (`{{#payees}}…{{/payees}}` of `finance-index.html`) is
/// rendered in slices of the list on every core, then put in place: the finance index of 10,000 payees took a
/// fifth of a second of one core after every other page was done.
///
/// Why it holds: swift-mustache renders a list section as its body once per item, with the item pushed on the
/// context, one after another; the same section cut out into a template of its own (``rows``) and given a slice
/// of the list renders that slice's part of it. The rest of the template (``page``) has the section replaced by
/// the rows, put in as they are. What a template could do that breaks this (an item's position through
/// `first()`, `index()` or `even()`, a section whose tags stand alone on their lines in a way the cut does not
/// follow) shows up as a difference between the whole template and the split one on the context's first three
/// items, cut into two slices; ``render(_:slices:)`` then renders the whole template.
struct TemplateSectionSplit: Sendable {
    /// The template with the section replaced by ``rowsName`` (unescaped).
    let page: MustacheTemplate
    /// The section alone.
    let rows: MustacheTemplate
    /// The whole template, as parsed.
    let whole: MustacheTemplate
    let list: String
    static let rowsName = "ledgerpress_section_rows"

    /// The split of `source` (parsed after `pragma`) at the section of `list`; nil when the template changes its
    /// delimiters, has no such section at its top level or more than one, or a part does not parse.
    init?(source: String, pragma: String, list: String, whole: MustacheTemplate) {
        guard let cut = TemplateSectionSplit.cut(source, list: list),
            let page = try? MustacheTemplate(string: pragma + cut.before + "{{{\(Self.rowsName)}}}" + cut.after),
            let rows = try? MustacheTemplate(string: pragma + "{{#\(list)}}" + cut.body + "{{/\(list)}}")
        else { return nil }
        self.page = page
        self.rows = rows
        self.whole = whole
        self.list = list
    }

    /// `context` rendered, its list cut into up to `slices` slices rendered at once; the whole template when the
    /// context has no such list, or the split renders its first items otherwise than the whole template does.
    func render(_ context: TemplateObject, slices: Int) -> String {
        guard case .list(let items)? = context[list], slices > 1, items.count > 1 else { return whole.render(context) }
        var sample = context
        sample[list] = .list(Array(items.prefix(3)))
        guard split(sample, slices: [0..<1, 1..<min(3, items.count)]) == whole.render(sample) else {
            return whole.render(context)
        }
        return split(context, slices: ParallelSlices.ranges(count: items.count, slices: min(slices, items.count)))
    }

    /// `context` rendered by parts: the list's `slices` (in order, covering it) at once, then the page.
    private func split(_ context: TemplateObject, slices: [Range<Int>]) -> String {
        guard case .list(let items)? = context[list] else { return whole.render(context) }
        let parts = ParallelSlices.map(slices) { range in
            var slice = context
            slice[list] = .list(Array(items[range]))
            return rows.render(slice)
        }
        var page = context
        page[Self.rowsName] = .text(parts.joined())
        return self.page.render(page)
    }

    /// The template's text before the section, the section's body, and the text after it; a tag that stands alone
    /// on its line goes with its line (as Mustache leaves such a line out). Nil unless the section is opened once,
    /// at the top level, and the template keeps the standard delimiters.
    static func cut(_ source: String, list: String) -> (before: String, body: String, after: String)? {
        let bytes = Array(source.utf8)
        var tags: [(start: Int, end: Int, sigil: UInt8, name: String, depth: Int)] = []
        var depth = 0
        var position = 0
        while let start = TemplateScan.find(Array("{{".utf8), in: bytes, from: position) {
            let triple = start + 2 < bytes.count && bytes[start + 2] == UInt8(ascii: "{")
            guard let close = TemplateScan.find(Array((triple ? "}}}" : "}}").utf8), in: bytes, from: start + 2) else {
                return nil
            }
            let end = close + (triple ? 3 : 2)
            let sigil = start + 2 < close ? bytes[start + 2] : 0
            let name = trimmed(String(decoding: bytes[min(start + 3, close)..<close], as: UTF8.self))
            switch sigil {
            case UInt8(ascii: "="): return nil
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "$"):
                tags.append((start, end, sigil, name, depth))
                depth += 1
            case UInt8(ascii: "/"):
                depth -= 1
                tags.append((start, end, sigil, name, depth))
            default: break
            }
            position = end
        }
        let opens = tags.indices.filter { tags[$0].sigil == UInt8(ascii: "#") && tags[$0].name == list }
        guard opens.count == 1, let openIndex = opens.first, tags[openIndex].depth == 0,
            let closeIndex = tags[(openIndex + 1)...].firstIndex(where: {
                $0.sigil == UInt8(ascii: "/") && $0.depth == 0
            }),
            tags[closeIndex].name == list
        else { return nil }
        let open = line(of: tags[openIndex].start, tags[openIndex].end, in: bytes)
        let close = line(of: tags[closeIndex].start, tags[closeIndex].end, in: bytes)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        return (text(0..<open.start), text(open.end..<close.start), text(close.end..<bytes.count))
    }

    /// The tag's bounds, or those of its whole line (newline included) when nothing but spaces and tabs share it.
    private static func line(of start: Int, _ end: Int, in bytes: [UInt8]) -> (start: Int, end: Int) {
        func blank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var lineStart = start
        while lineStart > 0, blank(bytes[lineStart - 1]) { lineStart -= 1 }
        guard lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n") else { return (start, end) }
        var lineEnd = end
        while lineEnd < bytes.count, blank(bytes[lineEnd]) { lineEnd += 1 }
        if lineEnd == bytes.count { return (lineStart, lineEnd) }
        if bytes[lineEnd] == UInt8(ascii: "\n") { return (lineStart, lineEnd + 1) }
        if bytes[lineEnd] == UInt8(ascii: "\r"), lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == UInt8(ascii: "\n") {
            return (lineStart, lineEnd + 2)
        }
        return (start, end)
    }

    private static func trimmed(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
