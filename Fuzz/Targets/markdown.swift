// fuzz-needs: LedgerPressCore LedgerPressRender Mustache
// Ledger text through MarkdownText.escape and libcmark (safe mode) is shown literally and never becomes
// structure: the HTML of escaped text, alone, mid-line or on a paragraph's second line, is exactly one
// <p> holding the text (folded onto one line, bidi-isolated, HTML-escaped) — no link, image, heading,
// list, code or emphasis. The same text in table cells (TableData.markdownBlock, swapped for cmark nodes)
// gives a table whose cells hold the text, and no tag other than the table's own (and <bdi>).
@testable import LedgerPressRender

/// The text as the escaper folds it: runs of spaces and control characters become one space, trimmed.
func folded(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var pending = false
    for scalar in text.unicodeScalars {
        let isSpace = scalar == " " || scalar.value < 0x20 || scalar.value == 0x7F
            || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
        if isSpace {
            pending = !out.isEmpty
            continue
        }
        if pending { out.append(" ") }
        pending = false
        out.append(scalar)
    }
    return String(out)
}

/// HTML text as cmark writes it.
func html(_ text: String) -> String {
    var out = ""
    for ch in text.unicodeScalars {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.unicodeScalars.append(ch)
        }
    }
    return out
}

func render(_ markdown: String, tables: [String: TableData] = [:]) -> String {
    do { return try CommonMark.html(fromMarkdown: markdown, tables: tables) } catch {
        fail("cmark failed on escaped text: \(error)")
    }
}

func expect(_ actual: String, _ expected: String, _ what: String, _ input: String) {
    check(actual.utf8.elementsEqual(expected.utf8), "\(what): input \(input.debugDescription) rendered \(actual.debugDescription), expected \(expected.debugDescription)")
}

let tableTags: Set<String> = [
    "<div class=\"table-scroll\">", "</div>", "<table class=\"ledger-table\" id=\"t\">", "</table>", "<thead>", "</thead>",
    "<tbody>", "</tbody>", "<tfoot>", "</tfoot>", "<tr>", "</tr>", "<th scope=\"col\">", "<th scope=\"col\" class=\"num\">",
    "<th scope=\"row\">", "</th>", "<td>", "</td>", "<td class=\"num\">", "<p>", "</p>", "<bdi>", "</bdi>",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let escaped = MarkdownText.escape(text)
    // Right-to-left text and bidi controls come out isolated (U+2068 ... U+2069), as BidiIsolation does.
    let shown = html(BidiIsolation.isolate(folded(text)))
    expect(render(escaped), shown.isEmpty ? "" : "<p>\(shown)</p>\n", "alone", text)
    expect(render("Payee: " + escaped + " (driver)\n"), "<p>Payee: \(shown) (driver)</p>\n", "mid-line", text)
    if !shown.isEmpty { expect(render("Statement for\n" + escaped + "\n"), "<p>Statement for\n\(shown)</p>\n", "second line", text) }

    // Table cells: a tool-made first column, ledger text in the others (split at '|').
    let cells = text.split(separator: "|", omittingEmptySubsequences: false).prefix(6).map(String.init)
    let table = TableData(
        id: "t", header: ["Date", "Description", "Amount"], alignments: [.left, .left, .right],
        rows: stride(from: 0, to: cells.count, by: 2).map { i in ["2026-10-01", cells[i], i + 1 < cells.count ? cells[i + 1] : "1.00"] },
        footer: [["Total", "", cells.last ?? ""]])
    let page = render("Intro " + escaped + "\n\n" + table.markdownBlock + "\nEnd\n", tables: ["t": table])
    check(page.contains("<table class=\"ledger-table\" id=\"t\">") && !page.contains("<pre"), "table not built: \(page.debugDescription)")
    // Tags and cells are looked for in the UTF-8 bytes: a combining mark after `>` joins it in one Character.
    let bytes = Array(page.utf8)
    var i = 0
    while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
        guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { fail("unclosed tag in \(page.debugDescription)") }
        let tag = String(decoding: bytes[open...close], as: UTF8.self)
        check(tableTags.contains(tag), "unexpected tag \(tag) for input \(text.debugDescription)")
        i = close + 1
    }
    for cell in cells {
        // A cell is a cmark text node: shown as it is, HTML-escaped, control characters (NUL too) as
        // U+FFFD; right-to-left text in <bdi>.
        let shownCell = html(ControlCharacters.replaced(in: cell))
        let expected = BidiIsolation.needsIsolation(cell) ? "<bdi>" + shownCell + "</bdi>" : ">" + shownCell + "<"
        check(bytes.contains(Array(expected.utf8)), "cell \(cell.debugDescription) not shown as text in \(page.debugDescription)")
    }
    return 0
}
