/// The HTML of a statement table, byte for byte what cmark renders for the table built from its own nodes
/// (custom blocks for `<table>`, `<thead>`/`<tbody>`/`<tfoot>` and `<tr>`; a custom inline for each cell
/// around a text node), written directly: one string instead of several cmark nodes and copies per cell.
///
/// > Note: cmark writes a custom block as a line break unless at a line start, its tag, and again a line
/// > break unless at a line start; a custom inline as its tags alone; a text node with `"`, `&`, `<` and
/// > `>` escaped (cmark's `escape_html`, not in secure mode). Cells get the same treatment as before:
/// > control characters replaced, right-to-left text and bidi controls wrapped in `<bdi>`.
extension TableData {
    /// The table's HTML, from its opening tag to the line break after its closing tag.
    var html: String {
        var out = HTMLBuffer()
        let safeID = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        out.block(safeID ? "<table class=\"ledger-table\" id=\"\(id)\">" : "<table class=\"ledger-table\">")
        section(&out, "thead", [header], cellTag: "th")
        section(&out, "tbody", rows, cellTag: "td")
        if !footer.isEmpty { section(&out, "tfoot", footer, cellTag: "td") }
        out.block("</table>")
        return out.text
    }

    private func section(_ out: inout HTMLBuffer, _ tag: String, _ rows: [[String]], cellTag: String) {
        out.block("<\(tag)>")
        for row in rows {
            out.block("<tr>")
            for (i, text) in row.enumerated() {
                let numeric = alignments.indices.contains(i) && alignments[i] == .right
                let isolated = BidiIsolation.needsIsolation(text)
                out.text += numeric ? "<\(cellTag) class=\"num\">" : "<\(cellTag)>"
                if isolated { out.text += "<bdi>" }
                out.escape(ControlCharacters.replaced(in: text))
                if isolated { out.text += "</bdi>" }
                out.text += "</\(cellTag)>"
            }
            out.block("</tr>")
        }
        out.block("</\(tag)>")
    }

    /// cmark's HTML buffer, as far as tables need it.
    struct HTMLBuffer {
        var text = ""

        /// A custom block's tag: on a line of its own (cmark's `cr()` before and after). The buffer starts
        /// where cmark has just broken the line.
        mutating func block(_ tag: String) {
            lineBreak()
            text += tag
            lineBreak()
        }

        /// cmark's `cr()`: a line break unless at a line start.
        mutating func lineBreak() {
            if let last = text.utf8.last, last != 0x0A { text += "\n" }
        }

        /// A text node's literal with `"`, `&`, `<`, `>` escaped.
        mutating func escape(_ literal: String) {
            var plain = true
            for byte in literal.utf8 where byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E {
                plain = false
                break
            }
            if plain {
                text += literal
                return
            }
            for scalar in literal.unicodeScalars {
                switch scalar {
                case "\"": text += "&quot;"
                case "&": text += "&amp;"
                case "<": text += "&lt;"
                case ">": text += "&gt;"
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
