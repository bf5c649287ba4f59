import Foundation
import Testing

/// The default stylesheet keeps its promises: WCAG AA contrast for every text colour it declares (the ratios in
/// its header comment are recomputed here), ids and amounts that never break, a print sheet for A4 and Letter.
@Suite struct StylesheetTests {
    static let css: String = {
        let url = CLIRunner.repository.appendingPathComponent("Templates/style.css")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The `--name: #rrggbb` custom properties of `:root`.
    static func colours(_ css: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let root = css.firstMatch(of: /:root\s*\{([^}]*)\}/) else { return result }
        for match in root.output.1.matches(of: /(--[a-z-]+)\s*:\s*#([0-9a-fA-F]{6})/) {
            result[String(match.output.1)] = String(match.output.2)
        }
        return result
    }

    /// WCAG 2.x relative luminance of `rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex, radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func contrastRatiosMeetWCAGAAAndMatchTheComment() throws {
        let colours = Self.colours(Self.css)
        #expect(colours.count >= 6, "custom properties not found in :root")
        // The pairs the header comment documents: "--ink on --bg 15.7:1", ...
        let documented = Self.css.matches(of: /(--[a-z-]+) on (--[a-z-]+) ([0-9]+\.[0-9]):1/).map {
            (String($0.output.1), String($0.output.2), Double($0.output.3) ?? 0)
        }
        var pairs: Set<String> = []
        for (text, background, written) in documented {
            let foreground = try #require(colours[text], "\(text) is not a :root colour")
            let back = try #require(colours[background], "\(background) is not a :root colour")
            let ratio = Self.contrast(foreground, back)
            #expect(ratio >= 4.5, "\(text) on \(background): \(ratio) is below WCAG AA")
            #expect(
                written == (ratio * 10).rounded(.down) / 10,
                "\(text) on \(background) is \(ratio):1, the comment says \(written)")
            pairs.insert(text + " on " + background)
        }
        // Every colour used for text, on every background the sheet paints, has its ratio written down.
        let texts = Set(Self.css.matches(of: /[^-]color:\s*var\((--[a-z-]+)\)/).map { String($0.output.1) })
        let backgrounds = Set(Self.css.matches(of: /background:\s*var\((--[a-z-]+)\)/).map { String($0.output.1) })
        #expect(texts.isSuperset(of: ["--ink", "--muted", "--accent"]))
        #expect(backgrounds.isSuperset(of: ["--bg", "--band"]))
        for text in texts {
            for background in backgrounds {
                #expect(pairs.contains(text + " on " + background), "no contrast written for \(text) on \(background)")
            }
        }
    }

    @Test func idsAmountsAndDatesNeverBreakOnlyDescriptionsWrap() throws {
        // On screens nothing breaks inside a word (a table scrolls instead); paper cannot scroll, so there an id
        // longer than its column may break, and only ids: the print rule that allows it names its cells.
        let parts = Self.css.components(separatedBy: "@media print {")
        #expect(parts.count == 2)
        #expect(!parts[0].contains("anywhere"), "a rule for screens breaks inside words")
        let print = try #require(parts.last)
        #expect(print.components(separatedBy: "anywhere").count - 1 == 1, "one print rule breaks ids")
        let idCells = ".statement table.ledger-table tbody :is(th, td:not(:first-child):not(.num):not(.text)"
        #expect(print.contains(idCells + ":not(:empty)) { white-space: normal; overflow-wrap: anywhere; min-width:"))
        #expect(Self.css.contains("white-space: nowrap; overflow-wrap: normal; }"))
        let text = Self.css.firstMatch(of: /table\.ledger-table td\.text \{([^}]*)\}/)?.output.1 ?? ""
        #expect(text.contains("white-space: normal") && text.contains("overflow-wrap: break-word"), "\(text)")
        // A table scrolls in its own box; the page never does.
        #expect(Self.css.contains(".table-scroll { max-width: 100%; overflow-x: auto;"))
    }

    @Test func printStacksWideTablesWithLabelsAndScreensDoNot() throws {
        // A table too wide for paper (class wide, TableData.isWide) prints stacked, each cell under or after its
        // column's header from data-label; screens keep every table a grid (and scroll a wide one).
        let parts = Self.css.components(separatedBy: "@media print {")
        let print = try #require(parts.last)
        #expect(!parts[0].contains(".wide"), "a screen rule restyles wide tables")
        for rule in [
            "table.ledger-table.wide, table.ledger-table.wide :is(caption, tbody, tfoot) { display: block; }",
            "table.ledger-table.wide :is(tbody, tfoot) tr { display: flex; flex-wrap: wrap;",
            "table.ledger-table.wide [data-label]::before { content: attr(data-label);",
            "table.ledger-table.wide :is(th, td).num { order: 2; flex: 1 0 0; min-width: max-content;",
            "tr { break-inside: avoid; page-break-inside: avoid; }",
        ] {
            #expect(print.contains(rule), "\(rule)")
        }
        // The header row stays in the document (assistive technology), only out of sight: never display: none.
        let thead = print.firstMatch(of: /table\.ledger-table\.wide thead \{([^}]*)\}/)?.output.1 ?? ""
        #expect(thead.contains("clip-path: inset(50%)") && !thead.contains("display: none"), "\(thead)")
    }

    @Test func mobileFirstAndPrintable() throws {
        #expect(Self.css.contains("@media (min-width:"))
        #expect(!Self.css.contains("max-width: 40rem)"), "wider screens are the exception, not phones")
        let print = try #require(Self.css.components(separatedBy: "@media print {").last)
        #expect(print.contains("@page { size: A4;"))
        for rule in [
            "header.site nav, .downloads { display: none; }", "a { color: inherit; text-decoration: none; }",
            "h1, h2, h3, caption { break-after: avoid;", "thead { display: table-header-group; }",
            ".statement ul, ul.figures, section.owed, section.payout-status { break-inside: avoid;",
        ] {
            #expect(print.contains(rule), "\(rule)")
        }
        // Nothing fixed is wider than 170 mm, so Letter and A4 both hold the page.
        for match in Self.css.matches(of: /([0-9.]+)(mm|cm|in|px)/) {
            let number = Double(match.output.1) ?? 0
            let perUnit: [String: Double] = ["mm": 1, "cm": 10, "in": 25.4, "px": 25.4 / 96]
            let mm = perUnit[String(match.output.2)] ?? 1
            #expect(number * mm <= 170, "\(match.output.0) is wider than 170 mm")
        }
    }
}
