import Foundation
import Testing

@testable import LedgerPressRender

/// A table with more columns than paper holds (``TableData/isWide``) is marked `wide` and labels each body and
/// footer cell with its column's header (`data-label`), escaped, so that print can stack its rows.
@Suite struct TableDataWideTests {
    static func table(columns: Int, header: [String]? = nil) -> TableData {
        let names = header ?? (0..<columns).map { "Col \($0)" }
        let alignments: [TableData.Alignment] = (0..<columns).map { $0 == 2 ? .prose : $0 >= 3 ? .right : .left }
        return TableData(
            id: "lines-EUR", header: names, alignments: alignments,
            rows: [(0..<columns).map { $0 == 1 ? "ch_1" : "v\($0)" }, (0..<columns).map { $0 == 1 ? "" : "w\($0)" }],
            footer: [["Total"] + (1..<columns).map { $0 >= 3 ? "t\($0)" : "" }], caption: "Activity",
            rowHeaderColumn: 1)
    }

    static func html(_ table: TableData) throws -> String {
        try CommonMark.html(fromMarkdown: table.markdownBlock, tables: [table.id: table])
    }

    @Test func upToSevenColumnsStayPlainTables() throws {
        let html = try Self.html(Self.table(columns: TableData.maxPrintColumns))
        #expect(html.contains("<table class=\"ledger-table\" id=\"lines-EUR\">"))
        #expect(!html.contains("data-label"))
        #expect(!html.contains("wide"))
    }

    @Test func widerTablesAreMarkedAndLabelEveryCellThatHoldsText() throws {
        let columns = TableData.maxPrintColumns + 1
        let table = Self.table(columns: columns)
        #expect(table.isWide)
        let html = try Self.html(table)
        #expect(html.contains("<table class=\"ledger-table wide\" id=\"lines-EUR\">"))
        // The header row has no labels; a body row labels every cell, its row header too.
        #expect(html.contains("<th scope=\"col\">Col 0</th><th scope=\"col\">Col 1</th>"))
        #expect(
            html.contains(
                "<tr>\n<td data-label=\"Col 0\">v0</td><th scope=\"row\" data-label=\"Col 1\">ch_1</th>"
                    + "<td class=\"text\" data-label=\"Col 2\">v2</td><td class=\"num\" data-label=\"Col 3\">v3</td>"))
        // An empty cell has nothing to label; a footer row's header (Total) names itself.
        #expect(
            html.contains("<td data-label=\"Col 0\">w0</td><td></td><td class=\"text\" data-label=\"Col 2\">w2</td>"))
        #expect(
            html.contains(
                "<tr>\n<th scope=\"row\">Total</th><td></td><td></td><td class=\"num\" data-label=\"Col 3\">t3</td>"))
        let cellsWithText = 2 * columns - 1 + (columns - 3)
        #expect(html.components(separatedBy: "data-label=").count - 1 == cellsWithText)
    }

    @Test func labelsAreEscapedForAnAttribute() throws {
        let hostile = [
            "Date", "\"><script>alert(1)</script>", "a & b", "it's", "<b>x</b>", "x\ny", "nul\u{0}here",
            "evil\u{202E}gnp",
        ]
        let html = try Self.html(Self.table(columns: hostile.count, header: hostile))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("data-label=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(html.contains("data-label=\"a &amp; b\""))
        #expect(html.contains("data-label=\"it&#39;s\""))
        #expect(html.contains("data-label=\"nul\u{FFFD}here\""))
        #expect(html.contains("data-label=\"\u{2068}evil\u{202E}gnp\u{2069}\""))
        // Every attribute value ends at its own closing quote: no quote inside a label survives unescaped.
        for match in html.matches(of: /data-label="([^"]*)"/) {
            #expect(!match.output.1.contains("<") && !match.output.1.contains(">"), "\(match.output.1)")
        }
    }

    @Test func directWideTablesMatchNodeTables() throws {
        var state: UInt64 = 29
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let cells = ["", "x", "ch_3PqR5t2eZvKYlo2C0a3001", "1.234,56 €", "a\"b", "<i>", "דוד", "t\u{1}u", "Umsätze"]
        for _ in 0..<60 {
            let columns = TableData.maxPrintColumns - 1 + next(5)
            func row() -> [String] { (0..<(columns - next(2))).map { _ in cells[next(cells.count)] } }
            let table = TableData(
                id: "lines-USD", header: (0..<columns).map { _ in cells[next(cells.count)] },
                alignments: (0..<columns).map { _ in [.left, .right, .prose][next(3)] },
                rows: (0..<next(4)).map { _ in row() }, footer: next(2) == 0 ? [] : [row()],
                caption: next(2) == 0 ? "" : "Activity", rowHeaderColumn: next(3) == 0 ? nil : next(columns))
            let markdown = table.markdownBlock
            let direct = try CommonMark.html(
                fromMarkdown: markdown, tables: [table.id: table], options: [.validateUTF8])
            let nodes = try NodeTables.html(fromMarkdown: markdown, tables: [table.id: table], options: [.validateUTF8])
            #expect(direct == nodes, "\(table)")
            #expect(direct.contains("<table class=\"ledger-table wide\"") == table.isWide)
            if !table.isWide { #expect(!direct.contains("data-label")) }
        }
    }
}
