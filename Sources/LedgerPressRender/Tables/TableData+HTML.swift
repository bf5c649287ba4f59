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
        var size = 128
        for row in [header] + rows + footer {
            size += 24 + row.count * 24
            for cell in row { size += cell.utf8.count }
        }
        out.bytes.reserveCapacity(size)
        let safeID = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        out.block(safeID ? "<table class=\"ledger-table\" id=\"\(id)\">" : "<table class=\"ledger-table\">")
        section(&out, "thead", [header], cellTag: "th")
        section(&out, "tbody", rows, cellTag: "td")
        if !footer.isEmpty { section(&out, "tfoot", footer, cellTag: "td") }
        out.block("</table>")
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private func section(_ out: inout HTMLBuffer, _ tag: String, _ rows: [[String]], cellTag: String) {
        out.block("<\(tag)>")
        let open = Array("<\(cellTag)>".utf8)
        let openNumeric = Array("<\(cellTag) class=\"num\">".utf8)
        let close = Array("</\(cellTag)>".utf8)
        for row in rows {
            out.block("<tr>")
            for (i, text) in row.enumerated() {
                let numeric = alignments.indices.contains(i) && alignments[i] == .right
                out.bytes += numeric ? openNumeric : open
                if HTMLBuffer.isPlainASCII(text) {
                    out.escape(text)
                } else {
                    let isolated = BidiIsolation.needsIsolation(text)
                    if isolated { out.bytes += "<bdi>".utf8 }
                    out.escape(ControlCharacters.replaced(in: text))
                    if isolated { out.bytes += "</bdi>".utf8 }
                }
                out.bytes += close
            }
            out.block("</tr>")
        }
        out.block("</\(tag)>")
    }

    /// cmark's HTML buffer, as far as tables need it.
    struct HTMLBuffer {
        var bytes: [UInt8] = []

        /// A custom block's tag: on a line of its own (cmark's `cr()` before and after). The buffer starts
        /// where cmark has just broken the line.
        mutating func block(_ tag: String) {
            lineBreak()
            bytes += tag.utf8
            lineBreak()
        }

        /// cmark's `cr()`: a line break unless at a line start.
        mutating func lineBreak() {
            if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        }

        /// A text node's literal with `"`, `&`, `<`, `>` escaped (byte by byte, as cmark does).
        mutating func escape(_ literal: String) {
            if !literal.utf8.contains(where: { $0 == 0x22 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) {
                bytes += literal.utf8
                return
            }
            for byte in literal.utf8 {
                switch byte {
                case 0x22: bytes += "&quot;".utf8
                case 0x26: bytes += "&amp;".utf8
                case 0x3C: bytes += "&lt;".utf8
                case 0x3E: bytes += "&gt;".utf8
                default: bytes.append(byte)
                }
            }
        }

        /// Printable ASCII (and TAB, LF, CR): no control character to replace, nothing to isolate.
        static func isPlainASCII(_ text: String) -> Bool {
            text.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        }
    }
}
