import Foundation
import Testing

@testable import LedgerPressRender

@Suite struct CommonMarkTests {
    static let hostile = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
        "![i](http://evil/x.png)",
        "**bold**", "# heading", "```", "~~~", "a\n\n# b", "a\r\n<div>", "&amp;",
        "</td></tr></table><script>x</script>",
        "``` ledgerpress-table lines-USD", "<!-- c -->", "| a | b |", "\\", "<http://evil.example>", "[r]: http://evil",
        "<a href=\"http://evil\">x</a>", "javascript:alert(1)", "    indented", "> quote", "- item", "1. one",
        "=SUM(A1)",
    ]

    func table(_ cells: [String]) -> TableData {
        TableData(
            id: "lines-USD", header: ["Date", "Description", "Net"], alignments: [.left, .prose, .right],
            rows: cells.map { ["2026-10-01 10:00", $0, "$1.00"] }, footer: [["Total", "", "$9.00"]])
    }

    @Test func rendersMarkdownSafely() throws {
        let html = try CommonMark.html(fromMarkdown: "# Title\n\nSome *text* <b>raw</b>\n")
        #expect(html.contains("<h1>Title</h1>"))
        #expect(html.contains("<em>text</em>"))
        #expect(!html.contains("<b>"))
    }

    @Test func tableBlocksBecomeRealTablesWithEscapedCells() throws {
        let data = table(Self.hostile)
        let markdown = "## USD\n\n" + data.markdownBlock + "\nAfter.\n"
        let html = try CommonMark.html(fromMarkdown: markdown, tables: [data.id: data])
        #expect(html.contains("<table class=\"ledger-table\" id=\"lines-USD\">"))
        #expect(html.contains("<th scope=\"col\" class=\"num\">Net</th>"))
        #expect(html.hasPrefix("<h2>USD</h2>\n<div class=\"table-scroll\">\n<table"))
        #expect(html.contains("<tfoot>"))
        #expect(html.contains("<p>After.</p>"))
        let inside = html.replacingOccurrences(of: "<div class=\"table-scroll\">", with: "")
        for tag in ["<script", "<img", "<a ", "<h1", "<div", "<!--", "<blockquote", "<code", "<pre"] {
            #expect(!inside.contains(tag), "\(tag) leaked")
        }
        #expect(html.contains("<td class=\"text\">&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        #expect(html.contains("<td class=\"text\">&amp;amp;</td>"))
        #expect(html.components(separatedBy: "<tr>").count - 1 == Self.hostile.count + 2)
    }

    @Test func plainTextBlockIsAlignedAndCannotBeClosedByData() throws {
        let data = table(["```", "short"])
        let block = data.markdownBlock
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "````ledgerpress-table lines-USD")
        #expect(lines[1] == "Date              Description    Net")
        #expect(lines[3] == "2026-10-01 10:00  ```          $1.00")
        // Without the table data, cmark shows the block as literal code: nothing is interpreted.
        let html = try CommonMark.html(fromMarkdown: table(Self.hostile).markdownBlock)
        #expect(html.hasPrefix("<pre><code class=\"language-ledgerpress-table\">"))
        #expect(!html.contains("<script"))
        #expect(html.components(separatedBy: "<pre>").count == 2)
    }

    @Test func escapedProseStaysLiteralThroughCmark() throws {
        for text in Self.hostile {
            let html = try CommonMark.html(fromMarkdown: "Payee: **" + MarkdownText.escape(text) + "**\n")
            #expect(html.hasPrefix("<p>Payee: <strong>"), "\(text)")
            for tag in ["<script", "<img", "<a ", "<h1", "<div", "<li", "<code", "<blockquote"] {
                #expect(!html.contains(tag), "\(text) gave \(html)")
            }
        }
    }

    @Test func invalidUTF8IsReplacedNotPassedThrough() throws {
        let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xFE] + Array(" end\n".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        let html = try CommonMark.html(fromMarkdown: text)
        #expect(html.hasPrefix("<p>ok "))
        #expect(html.hasSuffix(" end</p>\n"))
    }

    @Test func rendersTheSameFromTwoThreads() async throws {
        let data = table(Self.hostile)
        let markdown = data.markdownBlock
        let expected = try CommonMark.html(fromMarkdown: markdown, tables: [data.id: data])
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try CommonMark.html(fromMarkdown: markdown, tables: [data.id: data]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// Tables written directly as HTML are byte for byte the tables cmark renders from nodes.
@Suite struct TableHTMLTests {
    static let cells =
        CommonMarkTests.hostile + EscapingShortcutTests.hostile + [
            "", "'quoted' / slash", "\"double\"", "a\u{0}b", "\u{1B}[31m", "\u{7F}", "\u{9B}", "שלום \"x\"",
            "\u{2067}open", "&lt;",
            "x\ny", "tab\there", "é\u{301}",
        ]

    @Test func directTablesMatchNodeTables() throws {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<150 {
            let columns = 1 + next(4)
            func row() -> [String] {
                (0..<(columns + next(2) - next(2))).map { _ in Self.cells[next(Self.cells.count)] }
            }
            let ids = ["lines-USD", "payouts-EUR", "x y", "a<b", "p\"q"]
            let table = TableData(
                id: ids[round % ids.count], header: (0..<columns).map { _ in Self.cells[next(Self.cells.count)] },
                alignments: (0..<columns).map { _ in [.left, .right, .prose][next(3)] },
                rows: (0..<next(5)).map { _ in row() },
                footer: next(2) == 0 ? [] : [row()], caption: next(2) == 0 ? "" : Self.cells[next(Self.cells.count)],
                rowHeaderColumn: next(3) == 0 ? nil : next(columns + 1))
            let before = ["", "# Title\n\n", "Text right before:\n", "- item\n\n"][next(4)]
            let after = ["", "\nAfter.\n", "\n    code\n"][next(3)]
            let markdown = before + table.markdownBlock + after
            let tables = next(5) == 0 ? [:] : [table.id.split(separator: " ").first.map(String.init) ?? table.id: table]
            let direct = try CommonMark.html(fromMarkdown: markdown, tables: tables, options: [.validateUTF8])
            let nodes = try NodeTables.html(fromMarkdown: markdown, tables: tables, options: [.validateUTF8])
            #expect(direct == nodes, "\(table)")
        }
    }

    @Test func twoTablesInOneDocument() throws {
        let a = TableData(
            id: "lines-USD", header: ["Date", "Net"], alignments: [.left, .right], rows: [["d", "<1>"]],
            footer: [["Total", "1"]])
        let b = TableData(id: "payouts-USD", header: ["Payout"], alignments: [.left], rows: [])
        let markdown = "## A\n\n" + a.markdownBlock + "\n## B\n\n" + b.markdownBlock
        let tables = [a.id: a, b.id: b]
        #expect(
            try CommonMark.html(fromMarkdown: markdown, tables: tables)
                == NodeTables.html(fromMarkdown: markdown, tables: tables, options: [.validateUTF8]))
    }
}
