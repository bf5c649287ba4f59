import LedgerPressCore

/// The HTML of a statement table, byte for byte what cmark renders for the table built from its own nodes
/// (custom blocks for the scroll box `<div>`, `<table>`, `<thead>`/`<tbody>`/`<tfoot>` and `<tr>`; a custom
/// inline for the caption and for each cell around a text node), written directly: one string instead of
/// several cmark nodes and copies per cell.
///
/// > Note: cmark writes a custom block as a line break unless at a line start, its tag, and again a line
/// > break unless at a line start; a custom inline as its tags alone; a text node with `"`, `&`, `<` and
/// > `>` escaped (cmark's `escape_html`, not in secure mode). Cells get the same treatment as before:
/// > control characters replaced, right-to-left text and bidi controls wrapped in `<bdi>`.
extension TableData {
    /// The table's HTML, from its scroll box's opening tag to the line break after the box's closing tag, as the
    /// C string (UTF-8 and a final NUL) that cmark's custom block copies: no `String` is made of it on the way.
    var htmlCString: [UInt8] {
        var out = HTMLBuffer()
        var size = 256 + caption.utf8.count
        // A wide table's body and footer rows also carry each column's label (` data-label=""` and the header).
        let labelBytes = isWide ? header.reduce(0) { $0 + 14 + $1.utf8.count } : 0
        for (index, section) in [[header], rows, footer].enumerated() {
            for row in section {
                size += 24 + row.count * 40 + (index == 0 ? 0 : labelBytes)
                for cell in row { size += cell.utf8.count }
            }
        }
        out.bytes.reserveCapacity(size + 1)
        let tags = openingTags
        out.block(tags.box)
        out.block(tags.table)
        if !caption.isEmpty {
            out.bytes.append(utf8: captionTag)
            out.text(caption)
            out.bytes.append(utf8: "</caption>")
        }
        section(&out, "thead", [header], 0)
        section(&out, "tbody", rows, 1)
        if !footer.isEmpty { section(&out, "tfoot", footer, 2) }
        out.block("</table>")
        out.block("</div>")
        out.bytes.append(0)
        return out.bytes
    }

    private func section(_ out: inout HTMLBuffer, _ tag: String, _ rows: [[String]], _ kind: Int) {
        out.block("<\(tag)>")
        // Each column's tags, for a non-empty cell and for an empty one (a row header only holds text), labels
        // escaped once per column.
        let columns = rows.reduce(0) { max($0, $1.count) }
        let labels = (0..<columns).map { cellLabel(column: $0) }
        let tags = (0..<columns).map { cellTag(section: kind, column: $0, text: "x", label: labels[$0]) }
        let emptyTags = (0..<columns).map { cellTag(section: kind, column: $0, text: "", label: labels[$0]) }
        for row in rows {
            out.block("<tr>")
            for (i, text) in row.enumerated() {
                let cellTags = text.isEmpty ? emptyTags[i] : tags[i]
                out.bytes.append(utf8: cellTags.open)
                out.text(text)
                out.bytes.append(utf8: cellTags.close)
            }
            out.block("</tr>")
        }
        out.block("</\(tag)>")
    }

    /// Whether the id can go into HTML attributes as it is (letters, digits, `-`, `_`).
    var hasSafeID: Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
    }

    /// The opening tags before the caption: a scroll box (focusable, named by the caption) and the table.
    var openingTags: (box: String, table: String) {
        let table = isWide ? "<table class=\"ledger-table wide\"" : "<table class=\"ledger-table\""
        guard hasSafeID else { return ("<div class=\"table-scroll\">", table + ">") }
        let label = caption.isEmpty ? "" : " role=\"region\" tabindex=\"0\" aria-labelledby=\"\(id)-caption\""
        return ("<div class=\"table-scroll\"\(label)>", table + " id=\"\(id)\">")
    }

    /// The opening tag of a caption, with an id when the table has one.
    var captionTag: String { hasSafeID ? "<caption id=\"\(id)-caption\">" : "<caption>" }

    /// A cell's tags: `section` is 0 for the header, 1 for body rows, 2 for footer rows.
    func cellTag(section: Int, column: Int, text: String) -> (open: String, close: String) {
        cellTag(section: section, column: column, text: text, label: cellLabel(column: column))
    }

    /// A cell's tags with its column's ``cellLabel(column:)``: a wide table's body and footer cells that hold
    /// text carry it as `data-label` (a footer row's header, `Total`, names itself and gets none).
    func cellTag(section: Int, column: Int, text: String, label: String) -> (open: String, close: String) {
        let alignment = alignments.indices.contains(column) ? alignments[column] : .left
        let cls = alignment == .right ? 1 : alignment == .prose && section == 1 ? 2 : 0
        if section == 0 { return (TableData.columnHeaderTags[cls], "</th>") }
        let headerColumn = section == 1 ? rowHeaderColumn : 0
        let isRowHeader = column == headerColumn && !text.isEmpty
        let tags = isRowHeader ? TableData.rowHeaderTags[cls] : TableData.dataTags[cls]
        let close = isRowHeader ? "</th>" : "</td>"
        guard !label.isEmpty, !text.isEmpty, !(isRowHeader && section == 2) else { return (tags, close) }
        return (String(tags.dropLast()) + " data-label=\"" + label + "\">", close)
    }

    /// What a wide table's cells in `column` are labelled with where print stacks its rows: the column's header,
    /// HTML-escaped for an attribute value (``HTMLText/escape(_:)``); empty for a table that is not wide.
    func cellLabel(column: Int) -> String {
        guard isWide, header.indices.contains(column) else { return "" }
        return HTMLText.escape(header[column])
    }

    /// Opening cell tags by class (none, `num`, `text`), made once rather than per cell.
    private static let columnHeaderTags = classed("<th scope=\"col\"")
    private static let rowHeaderTags = classed("<th scope=\"row\"")
    private static let dataTags = classed("<td")

    private static func classed(_ tag: String) -> [String] {
        ["", " class=\"num\"", " class=\"text\""].map { tag + $0 + ">" }
    }

    /// cmark's HTML buffer, as far as tables need it.
    struct HTMLBuffer {
        var bytes: [UInt8] = []

        /// A custom block's tag: on a line of its own (cmark's `cr()` before and after). The buffer starts
        /// where cmark has just broken the line.
        mutating func block(_ tag: String) {
            lineBreak()
            bytes.append(utf8: tag)
            lineBreak()
        }

        /// cmark's `cr()`: a line break unless at a line start.
        mutating func lineBreak() {
            if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        }

        /// A cell's text as the cell's text node and `<bdi>` inline: control characters replaced, right-to-left
        /// text and bidi controls isolated, `"`, `&`, `<`, `>` escaped.
        mutating func text(_ text: String) {
            var plain = true
            var special = false
            for byte in text.utf8 {
                guard (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    plain = false
                    break
                }
                if byte == 0x22 || byte == 0x26 || byte == 0x3C || byte == 0x3E { special = true }
            }
            if plain {
                if special { escape(text) } else { bytes.append(utf8: text) }
                return
            }
            let isolated = BidiIsolation.needsIsolation(text)
            if isolated { bytes.append(utf8: "<bdi>") }
            escape(ControlCharacters.replaced(in: text))
            if isolated { bytes.append(utf8: "</bdi>") }
        }

        /// A text node's literal with `"`, `&`, `<`, `>` escaped (byte by byte, as cmark does).
        mutating func escape(_ literal: String) {
            if !literal.utf8.contains(where: { $0 == 0x22 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) {
                bytes.append(utf8: literal)
                return
            }
            for byte in literal.utf8 {
                switch byte {
                case 0x22: bytes.append(utf8: "&quot;")
                case 0x26: bytes.append(utf8: "&amp;")
                case 0x3C: bytes.append(utf8: "&lt;")
                case 0x3E: bytes.append(utf8: "&gt;")
                default: bytes.append(byte)
                }
            }
        }
    }
}
