import Foundation
import Testing

@testable import LedgerPressRender

@Suite struct CommonMarkTests {
    static let hostile = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "![i](http://evil/x.png)",
        "**bold**", "# heading", "```", "~~~", "a\n\n# b", "a\r\n<div>", "&amp;", "</td></tr></table><script>x</script>",
        "``` ledgerpress-table lines-USD", "<!-- c -->", "| a | b |", "\\", "<http://evil.example>", "[r]: http://evil",
        "<a href=\"http://evil\">x</a>", "javascript:alert(1)", "    indented", "> quote", "- item", "1. one", "=SUM(A1)",
    ]

    func table(_ cells: [String]) -> TableData {
        TableData(
            id: "lines-USD", header: ["Date", "Description", "Net"], alignments: [.left, .left, .right],
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
        #expect(html.contains("<th class=\"num\">Net</th>"))
        #expect(html.contains("<tfoot>"))
        #expect(html.contains("<p>After.</p>"))
        for tag in ["<script", "<img", "<a ", "<h1", "<div", "<!--", "<blockquote", "<code", "<pre"] {
            #expect(!html.contains(tag), "\(tag) leaked")
        }
        #expect(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"))
        #expect(html.contains("<td>&amp;amp;</td>"))
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
