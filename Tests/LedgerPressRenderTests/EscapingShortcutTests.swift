import Foundation
import LedgerPressCore
import Testing

@testable import LedgerPressRender

/// The byte-level shortcuts (text that needs no escaping, plain ASCII table cells) give exactly what the
/// scalar-by-scalar escaping and table layout give.
@Suite struct EscapingShortcutTests {
    static let alphabet: [String] = [
        " ", "-", "+", "=", "#", "1", "2", ".", ")", "a", "*", "$", "`", "\t", "é", "&", "'", "<", "\u{7F}", ",", "\"",
        "@", "\u{85}", "\u{2028}",
    ]

    /// Every string of up to four characters of the alphabet.
    static var shortStrings: [String] {
        var all = [""]
        var level = [""]
        for _ in 0..<4 {
            level = level.flatMap { prefix in alphabet.map { prefix + $0 } }
            all += level
        }
        return all
    }

    static let hostile = [
        "José Müller", "$1,234.56", "-$24.00", "1.234,56\u{A0}€", "2026-10-14 09:30", "12", "1.", "1. x", "10) y",
        "1234567890. z",
        "- item", "-- x", "---", "+", "+x", "= =", "#tag", "a  b", " lead", "trail ", "tab\tin", "new\nline",
        "\u{202E}evil",
        "שלום", "x\u{0D4E}", "\u{0D4E} ", "a\u{301}", " \u{301}", "`code`", "``", "\u{0}", "\u{85}x", "x\u{2028}y",
        "\r\n",
        "€5", "-€5", "1\u{202F}234,56\u{A0}€", "ש", "a\u{9B}", "\u{200F}", "¥1,500", "-¥1,500", "a\u{0D4E}", "é*",
        "é 1. x", "1. é",
        "x\u{C2}", "\u{2069}", "日本 語", "- é", "-é", "+é", "#é", "é  é", "é ",
        // Text on one line: the byte-level escaping (``MarkdownText/escapedBytes(_:)``).
        "drv_0001", "America/Los_Angeles", "mer_books (merchant)", "[click](javascript:alert(1))", "=SUM(A1:A9)",
        "a\\b", "x!y|z~w", "_x", "*x", "1_000. x", "123) _a", "123456789. x", "1234567890) x", "12.", "12.x",
        "7) ", "7)", "a [b] <c> & `d`", "Late night \"surge\"", "po_drv_0001_1 · Paid", "~~x~~",
        "José_M", "Statement — Oct <2026>", "Zoë & Chloé", "\u{A0}_", "é\u{85}x", "x\u{80}y", "é\u{2029}", "1. é_",
        "a\u{2028}", "שלום_", "x_\u{200F}", "'é'", "\"é\"", "é\tx", "é\nx",
    ]

    @Test func markdownShortcutMatchesTheScalarEscaping() {
        for text in Self.shortStrings + Self.hostile {
            #expect(MarkdownText.escape(text) == MarkdownText.escapeScalars(text), "\(String(reflecting: text))")
        }
    }

    @Test func htmlShortcutMatchesTheScalarEscaping() {
        for text in Self.shortStrings + Self.hostile {
            #expect(HTMLText.escape(text) == HTMLText.escapeScalars(text), "\(String(reflecting: text))")
        }
    }

    @Test func inertCellsMatchTheScalarFold() {
        for text in Self.shortStrings + Self.hostile + ["a\u{85}", "\u{2029}", "a \u{2028}b", "\u{C2}\u{85}"] {
            #expect(TableData.inert(text) == Self.referenceInert(text), "\(String(reflecting: text))")
        }
    }

    @Test func csvShortcutMatchesTheGuardedCell() {
        for text in Self.shortStrings + Self.hostile + ["a,b", "say \"hi\"", "@x", "\rx", "x\r"] {
            #expect(CSVCell.text(text) == CSVCell.guarded(text), "\(String(reflecting: text))")
        }
    }

    @Test func quotingDoublesEveryQuote() {
        for text in Self.shortStrings.filter({ $0.contains("\"") || $0.contains(",") }) + [
            "\"", "\"\"", "a\"b\"c", "é\"\u{301}", "\"\n\"", "\u{0D4E}\"x", "\"\u{200D}", "\"\u{FE0F},", "ש\"",
            "\r\n\"", "\"\u{301}\u{301}\"",
        ] {
            let expected = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            #expect(CSVCell.quoted(text) == expected, "\(String(reflecting: text))")
        }
    }

    @Test func tableBlocksMatchTheReferenceLayout() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pool =
            Self.hostile + ["", " ", "  ", "x", String(repeating: "w", count: 70), "a  ", "b \u{0D4E}", "\u{0D4E}"]
        for _ in 0..<400 {
            let columns = 1 + next(5)
            func row() -> [String] { (0..<(columns + next(2) - next(2))).map { _ in pool[next(pool.count)] } }
            let table = TableData(
                id: "t", header: (0..<columns).map { _ in pool[next(pool.count)] },
                alignments: (0..<columns).map { _ in next(2) == 0 ? .left : .right },
                rows: (0..<next(4)).map { _ in row() },
                footer: next(2) == 0 ? [] : [row()])
            #expect(table.markdownBlock == Self.referenceBlock(table), "\(table)")
        }
    }

    /// The layout as first written, kept as the reference.
    static func referenceBlock(_ table: TableData) -> String {
        let header = table.header, rows = table.rows, footer = table.footer, alignments = table.alignments,
            infoString = table.infoString
        let all = [header] + rows + footer
        let inertCells = all.map { $0.map(referenceInert) }
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

    static func referenceInert(_ text: String) -> String {
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
}
