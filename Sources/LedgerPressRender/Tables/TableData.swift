import LedgerPressCore

/// A table of statement data, shown as aligned text in Markdown and as a real table in HTML.
///
/// > Note: in HTML only `.prose` cells (free text such as descriptions) may wrap; dates, ids and amounts
/// > stay on one line (the stylesheet's `td.text` rule), and a wide table scrolls inside its own box. Paper
/// > cannot scroll: a table with more than ``maxPrintColumns`` columns is ``isWide`` and prints stacked.
public struct TableData: Sendable, Equatable {
    /// How a column is laid out: `.left` and `.right` never wrap; `.prose` is left-aligned text that may
    /// wrap at spaces (and inside a word only when the word alone is wider than the column).
    public enum Alignment: Sendable, Equatable { case left, right, prose }

    public var id: String
    public var header: [String]
    public var alignments: [Alignment]
    public var rows: [[String]]
    public var footer: [[String]]
    /// The HTML table's `<caption>` (left out when empty): what the table holds, for people who meet
    /// the table on its own (screen readers, a printed page).
    public var caption: String
    /// The column whose non-empty cells are the rows' headers (`<th scope="row">`): the row's natural key,
    /// such as a job or payout id. Footer rows take their first cell (`Total`) as their header.
    public var rowHeaderColumn: Int?

    public init(
        id: String, header: [String], alignments: [Alignment], rows: [[String]], footer: [[String]] = [],
        caption: String = "", rowHeaderColumn: Int? = nil
    ) {
        self.id = id
        self.header = header
        self.alignments = alignments
        self.rows = rows
        self.footer = footer
        self.caption = caption
        self.rowHeaderColumn = rowHeaderColumn
    }

    /// The most columns a table may have and still print as a grid: one with more is ``isWide``.
    ///
    /// > Note: measured in Chromium at A4's 680 px inside 15 mm margins, with type 10 % larger and in DejaVu Sans
    /// > Mono (`make check-browser`'s stress), with Stripe-length ids and amounts in the millions: a German
    /// > merchant's seven-column statement lines needed 667 px, eight columns 759 px (English 731 px).
    public static let maxPrintColumns = 7

    /// Whether the table has more columns than paper has room for (``maxPrintColumns``): its HTML table has the
    /// class `wide`, and its body and footer cells carry their column's header as `data-label`, so that print
    /// can stack each row as labelled values (the default stylesheet does).
    public var isWide: Bool { header.count > TableData.maxPrintColumns }

    /// The info string that marks this table's code block in the Markdown.
    public var infoString: String { "ledgerpress-table " + id }

    /// A cell made inert for a code block line: control characters and line breaks become one space.
    static func inert(_ text: String) -> String {
        if isInert(text) { return text }
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let space =
                scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
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

    /// No control character, U+0085, U+2028 or U+2029, no leading space and no two spaces in a row, read
    /// from the UTF-8 bytes: ``inert(_:)`` keeps such text as it is.
    static func isInert(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte >= 0x20, byte != 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            if byte == 0xC2 || byte == 0xE2 {
                // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                var lookahead = bytes
                let second = lookahead.next()
                if byte == 0xC2, second == 0x85 { return false }
                if byte == 0xE2, second == 0x80, let third = lookahead.next(), third == 0xA8 || third == 0xA9 {
                    return false
                }
            }
            previous = byte
        }
        return true
    }

    /// Printable ASCII with no leading space and no two spaces in a row: ``inert(_:)`` keeps it as it is,
    /// it needs no bidi isolation, and its length in Characters is its length in bytes.
    static func isPlainASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return true
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
    public var markdownBlock: String { markdownBlock(infoString: infoString) }

    /// The same block under another info string (a chart's `ledgerpress-chart ID`).
    func markdownBlock(infoString: String) -> String {
        let rowCount = 1 + rows.count + footer.count
        func row(_ r: Int) -> [String] { r == 0 ? header : r <= rows.count ? rows[r - 1] : footer[r - 1 - rows.count] }
        // Per cell, row after row: its inert text (isolated when it needs to be) and its length in Characters
        // before isolation; `rowEnds[r]` is where row r's cells end.
        var cells: [String] = []
        var lengths: [Int] = []
        var rowEnds: [Int] = []
        cells.reserveCapacity(rowCount * header.count)
        lengths.reserveCapacity(rowCount * header.count)
        rowEnds.reserveCapacity(rowCount)
        var widths = [Int](repeating: 0, count: header.count)
        var longestRun = 0
        for r in 0..<rowCount {
            for (i, cell) in row(r).enumerated() {
                let written: String
                let length: Int
                if TableData.isPlainASCII(cell) {
                    written = cell
                    length = cell.utf8.count
                } else {
                    let inert = TableData.inert(cell)
                    written = BidiIsolation.isolate(inert)
                    length = inert.count
                }
                if i < widths.count { widths[i] = max(widths[i], min(length, TableData.maxPaddedWidth)) }
                longestRun = max(longestRun, TableData.longestBacktickRun(written))
                cells.append(written)
                lengths.append(length)
            }
            rowEnds.append(cells.count)
        }
        let fenceLength = max(3, longestRun + 1)
        var out: [UInt8] = []
        out.reserveCapacity(rowCount * (widths.reduce(0, +) + 2 * widths.count + 2) + 64)
        func fence() { out += repeatElement(UInt8(ascii: "`"), count: fenceLength) }
        func dashes() {
            for (i, width) in widths.enumerated() {
                if i > 0 {
                    out.append(0x20)
                    out.append(0x20)
                }
                out += repeatElement(UInt8(ascii: "-"), count: width)
            }
            out.append(0x0A)
        }
        func render(_ r: Int) {
            let start = out.count
            let first = r == 0 ? 0 : rowEnds[r - 1]
            for c in first..<rowEnds[r] {
                let i = c - first
                guard i < widths.count else { break }
                if i > 0 {
                    out.append(0x20)
                    out.append(0x20)
                }
                let pad = max(0, widths[i] - lengths[c])
                let right = i < alignments.count && alignments[i] == .right
                if right { out += repeatElement(0x20, count: pad) }
                out.append(utf8: cells[c])
                if !right { out += repeatElement(0x20, count: pad) }
            }
            TableData.dropTrailingSpaces(&out, lineStart: start)
            out.append(0x0A)
        }
        fence()
        out.append(utf8: infoString)
        out.append(0x0A)
        render(0)
        dashes()
        for r in 1..<(1 + rows.count) { render(r) }
        if !footer.isEmpty {
            dashes()
            for r in (1 + rows.count)..<rowCount { render(r) }
        }
        fence()
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// The longest run of backticks in `text`.
    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// Drops the line's trailing spaces, as Characters: a space joined into the Character before it (after
    /// a prepended mark such as U+0D4E) stays. After an ASCII byte every trailing space is a Character.
    static func dropTrailingSpaces(_ out: inout [UInt8], lineStart: Int) {
        var end = out.count
        while end > lineStart, out[end - 1] == 0x20 { end -= 1 }
        guard end < out.count else { return }
        if end == lineStart || out[end - 1] < 0x80 {
            out.removeSubrange(end...)
            return
        }
        var line = String(decoding: out[lineStart...], as: UTF8.self)
        while line.hasSuffix(" ") { line.removeLast() }
        out.removeSubrange(lineStart...)
        out.append(utf8: line)
    }
}
