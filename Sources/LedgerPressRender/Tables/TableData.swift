/// A table of statement data, shown as aligned text in Markdown and as a real table in HTML.
public struct TableData: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case left, right }

    public var id: String
    public var header: [String]
    public var alignments: [Alignment]
    public var rows: [[String]]
    public var footer: [[String]]

    public init(id: String, header: [String], alignments: [Alignment], rows: [[String]], footer: [[String]] = []) {
        self.id = id
        self.header = header
        self.alignments = alignments
        self.rows = rows
        self.footer = footer
    }

    /// The info string that marks this table's code block in the Markdown.
    public var infoString: String { "ledgerpress-table " + id }

    /// A cell made inert for a code block line: control characters and line breaks become one space.
    static func inert(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let space = scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
                || scalar.value == 0x2029 || scalar == " "
            if space {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(scalar)
                lastWasSpace = false
            }
        }
        return String(String(out).drop { $0 == " " })
    }

    /// The widest a column is padded to: a longer cell is written whole and shifts the rest of its row,
    /// so one huge description never pads every other row (output stays linear in the input).
    public static let maxPaddedWidth = 60

    /// The fenced code block for the Markdown: an aligned plain-text table under `ledgerpress-table ID`.
    ///
    /// Columns are as wide as their widest cell, up to `maxPaddedWidth` characters.
    ///
    /// > Note: every line starts with a cell the tool made (a date, `Date`, `Total`, dashes) or with
    /// > padding, and the fence is longer than any backtick run in the cells, so ledger text can
    /// > never close the block.
    public var markdownBlock: String {
        let all = [header] + rows + footer
        let inertCells = all.map { $0.map(TableData.inert) }
        let lengths = inertCells.map { $0.map(\.count) }
        let cells = inertCells.map { $0.map(BidiIsolation.isolate) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in lengths {
            for (i, length) in row.enumerated() where i < widths.count {
                widths[i] = max(widths[i], min(length, TableData.maxPaddedWidth))
            }
        }
        func render(_ row: [String], _ lengths: [Int]) -> String {
            var parts: [String] = []
            for (i, cell) in row.enumerated() where i < widths.count {
                let pad = String(repeating: " ", count: max(0, widths[i] - lengths[i]))
                parts.append(alignments.indices.contains(i) && alignments[i] == .right ? pad + cell : cell + pad)
            }
            var line = parts.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
        var longestRun = 0
        for row in cells {
            for cell in row {
                var run = 0
                for ch in cell.unicodeScalars {
                    run = ch == "`" ? run + 1 : 0
                    longestRun = max(longestRun, run)
                }
            }
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        var text = fence + infoString + "\n" + render(cells[0], lengths[0]) + "\n"
        text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        for r in cells.indices.dropFirst().prefix(rows.count) { text += render(cells[r], lengths[r]) + "\n" }
        if !footer.isEmpty {
            text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            for r in cells.indices.suffix(footer.count) { text += render(cells[r], lengths[r]) + "\n" }
        }
        return text + fence + "\n"
    }
}
