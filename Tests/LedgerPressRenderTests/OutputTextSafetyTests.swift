import Foundation
import Testing

@testable import LedgerPressRender

/// What leaves the renderer: bounded table padding, isolated right-to-left text, no control characters.
@Suite struct OutputTextSafetyTests {
    static let rlo = "\u{202E}"

    // MARK: Output linear in input

    @Test func oneHugeCellDoesNotPadEveryOtherRow() {
        let huge = String(repeating: "d", count: 2_000_000)
        var rows = [["2026-10-01 10:00", huge, "$1.00"]]
        for i in 0..<199 { rows.append(["2026-10-01 10:00", "Ride \(i)", "$1.00"]) }
        let table = TableData(
            id: "lines-USD", header: ["Date", "Description", "Net"], alignments: [.left, .left, .right], rows: rows,
            footer: [["Total", "", "$200.00"]])
        let input = rows.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } }
        let markdown = table.markdownBlock
        #expect(markdown.utf8.count < 2 * input, "Markdown \(markdown.utf8.count) bytes from \(input) bytes of cells")
        // Short columns stay aligned; the huge cell is written whole.
        #expect(markdown.utf8.count > huge.utf8.count)
        #expect(
            markdown.contains(
                "\n2026-10-01 10:00  Ride 0" + String(repeating: " ", count: TableData.maxPaddedWidth - 6)
                    + "    $1.00\n"))
    }

    @Test func columnsNarrowerThanTheCapAlignAsBefore() {
        let table = TableData(
            id: "t", header: ["Date", "Description", "Net"], alignments: [.left, .left, .right],
            rows: [["2026-10-01", "Short", "$1.00"], ["2026-10-02", "A longer description", "$10.00"]])
        #expect(
            table.markdownBlock == """
                ```ledgerpress-table t
                Date        Description              Net
                ----------  --------------------  ------
                2026-10-01  Short                  $1.00
                2026-10-02  A longer description  $10.00
                ```

                """)
    }

    // MARK: Bidi isolation

    @Test func rightToLeftAndBidiControlsAreIsolatedLeftToRightIsNot() {
        #expect(BidiIsolation.isolate("Ann Lee") == "Ann Lee")
        #expect(BidiIsolation.isolate("José Müller") == "José Müller")
        #expect(BidiIsolation.isolate("evil\(Self.rlo)gnp.exe") == "\u{2068}evil\(Self.rlo)gnp.exe\u{2069}")
        #expect(BidiIsolation.isolate("דוד") == "\u{2068}דוד\u{2069}")
        // A stray terminator cannot end the isolation early; an opened isolate is closed.
        #expect(BidiIsolation.isolate("\u{2069}\u{202C}\(Self.rlo)x") == "\u{2068}\(Self.rlo)x\u{2069}")
        #expect(BidiIsolation.isolate("\u{2067}x") == "\u{2068}\u{2067}x\u{2069}\u{2069}")
    }

    @Test func htmlTemplatesEscapeIsolateAndReplaceControls() throws {
        let templates = try TemplateSet(texts: [
            "driver.md": "# {{payee_name}}\n", "merchant.md": "", "layout.html": "", "finance-index.html": "",
            "style.css": "", "letter-figures.html": "", "income-letter.html": "", "verify-letter.html": "",
            "payee-index.html": "<title>{{payee_name}} — statements</title><h1>{{payee_name}}</h1>",
        ])
        let page = templates.renderPayeeIndex(["payee_name": "A\(Self.rlo)nn <b>\u{0}\"'&"])
        #expect(
            page == "<title>\u{2068}A\(Self.rlo)nn &lt;b&gt;\u{FFFD}&quot;&#39;&amp;\u{2069} — statements</title>"
                + "<h1>\u{2068}A\(Self.rlo)nn &lt;b&gt;\u{FFFD}&quot;&#39;&amp;\u{2069}</h1>")
        #expect(
            templates.renderPayeeIndex(["payee_name": "Ann Lee"])
                == "<title>Ann Lee — statements</title><h1>Ann Lee</h1>")
        // A quote followed by a combining mark is one Character but is still escaped.
        #expect(HTMLText.escape("\"\u{301}") == "&quot;\u{301}")
    }

    @Test func statementProseAndTablesIsolateNames() throws {
        let name = "Ann\(Self.rlo) Lee"
        let escaped = MarkdownText.escape(name)
        #expect(escaped == "\u{2068}Ann\(Self.rlo) Lee\u{2069}")
        let data = TableData(
            id: "lines-USD", header: ["Date", "Description", "Net"], alignments: [.left, .left, .right],
            rows: [["2026-10-01 10:00", "Ride \(Self.rlo)321", "$1.00"], ["2026-10-01 11:00", "Ride", "$2.00"]])
        let markdown = "Statement for **\(escaped)** (driver d1)\n\n" + data.markdownBlock
        #expect(markdown.contains("2026-10-01 10:00  \u{2068}Ride \(Self.rlo)321\u{2069}    $1.00\n"))
        let html = try CommonMark.html(fromMarkdown: markdown, tables: [data.id: data])
        #expect(html.contains("<p>Statement for <strong>\u{2068}Ann\(Self.rlo) Lee\u{2069}</strong> (driver d1)</p>"))
        #expect(html.contains("<td><bdi>Ride \(Self.rlo)321</bdi></td>"))
        #expect(html.contains("<td>Ride</td>"))
    }

    // MARK: Control characters never reach output

    @Test func controlCharactersNeverReachCSVOrHTMLCells() throws {
        #expect(CSVCell.text("a\u{0}b\u{1B}c\u{85}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        #expect(CSVCell.text("two\nlines\tok") == "\"two\nlines\tok\"")
        let data = TableData(
            id: "t", header: ["Description"], alignments: [.left], rows: [["a\u{0}b\u{7}"]])
        let html = try CommonMark.html(fromMarkdown: data.markdownBlock, tables: [data.id: data])
        #expect(html.contains("<td>a\u{FFFD}b\u{FFFD}</td>"))
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
