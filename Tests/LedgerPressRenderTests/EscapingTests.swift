import Testing

@testable import LedgerPressRender

@Suite struct EscapingTests {
    @Test(arguments: [
        ("José Müller", "José Müller"), ("$1,234.56", "$1,234.56"), ("-$24.00", "-$24.00"),
        ("1.234,56 €", "1.234,56 €"),
        ("*bold*", "\\*bold\\*"), ("<script>", "\\<script\\>"), ("[x](http://e)", "\\[x\\](http://e)"),
        ("# title", "\\# title"),
        ("- item", "\\- item"), ("+ item", "\\+ item"), ("---", "\\---"), ("===", "\\==="), ("1. first", "1\\. first"),
        ("2) second", "2\\) second"), ("a\n\n# b", "a # b"), ("1.", "1\\."), ("3.5 km", "3.5 km"), ("    code", "code"),
        ("a & b", "a \\& b"), ("`tick`", "\\`tick\\`"),
        ("back\\slash", "back\\\\slash"), ("![i](x.png)", "\\!\\[i\\](x.png)"), ("#hashtag", "#hashtag"),
    ])
    func markdownProseIsInert(text: String, escaped: String) {
        #expect(MarkdownText.escape(text) == escaped)
    }

    @Test(arguments: [
        ("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-2", "'-2"), ("@sum", "'@sum"), ("\tx", "'\tx"), ("\rx", "\"'\rx\""),
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""),
    ])
    func csvTextCellsAreFormulaSafe(text: String, cell: String) {
        #expect(CSVCell.text(text) == cell)
    }

    @Test func numericCellsAreNeverGuarded() {
        #expect(CSVCell.plain("-24.00") == "-24.00")
    }
}
