import Testing

@testable import LedgerPressRender

/// Inputs the markdown fuzz target (Fuzz/Targets/markdown.swift) found, kept so they stay fixed: escaped
/// ledger text renders as exactly the text, folded onto one line, in one paragraph.
@Suite struct RenderFuzzRegressionTests {
    @Test(arguments: [
        // A lone `*` or `_` (a would-be thematic break) was escaped twice and showed a backslash.
        ("*", "*"), ("***", "***"), ("_", "_"), ("_ _ _", "_ _ _"), ("* item", "* item"),
        // A control character folded to a space after the block check: a heading, a list item.
        ("\u{1}# x", "# x"), ("\u{7F}## y", "## y"), ("-\u{1}-", "- -"), ("+\u{B}x", "+ x"), ("\t\u{1}- a", "- a"),
        // A space followed by a combining mark is one Character, but a space to cmark: list items, a heading.
        ("- \u{036E}- -", "- \u{036E}- -"), ("+ \u{0301}x", "+ \u{0301}x"), ("# \u{0301}x", "# \u{0301}x"),
        ("1. \u{0301}x", "1. \u{0301}x"), ("12) \u{0301}", "12) \u{0301}"),
    ])
    func escapedTextRendersAsItself(text: String, shown: String) throws {
        let html = try CommonMark.html(fromMarkdown: MarkdownText.escape(text))
        #expect(Array(html.utf8) == Array("<p>\(shown)</p>\n".utf8))
    }

    /// A NUL in a table cell cut the cell short (cmark takes C strings): it shows as U+FFFD, as
    /// CommonMark does for NUL in Markdown, and the rest of the cell is kept.
    @Test func nulInATableCellKeepsTheRestOfTheCell() throws {
        let data = TableData(
            id: "t", header: ["Date", "Description", "Net"], alignments: [.left, .left, .right],
            rows: [["2026-10-01", "before\0after", "$1.00"], ["2026-10-02", "a\0\u{0301}b", "$2.00"]])
        let html = try CommonMark.html(fromMarkdown: data.markdownBlock, tables: [data.id: data])
        #expect(html.contains("<td>before\u{FFFD}after</td>"))
        // A NUL followed by a combining mark (one Character) too.
        #expect(Array(html.utf8).contains(Array("<td>a\u{FFFD}\u{0301}b</td>".utf8)))
    }
}
