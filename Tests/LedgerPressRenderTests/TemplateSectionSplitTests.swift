import Mustache
import Testing

@testable import LedgerPressRender

/// The finance index rendered with its payees' rows in slices (``TemplateSectionSplit``) is byte for byte the whole
/// template's rendering: for the shipped template, any number of rows and slices, hostile texts; and for templates
/// that do what a split cannot follow, the whole template is rendered instead.
@Suite struct TemplateSectionSplitTests {
    static func row(_ index: Int, text: String) -> TemplateObject {
        var row: TemplateObject = [
            "href": .text("payees/p\(index)/index.html"), "payee_id": .text("p\(index)"), "payee_name": .text(text),
            "payee_type": .text(index % 2 == 0 ? "driver" : "merchant"), "currencies": .text("EUR USD"),
            "statement_count": .text(String(index)), "balance_summary": .text(index % 3 == 0 ? "" : "€1.00 · $2.00"),
        ]
        if index % 4 != 1 {
            row["latest_month"] = .text("2026-1\(index % 3)")
            row["latest_month_href"] = .text("payees/p\(index)/2026-1\(index % 3).html")
        }
        return row
    }

    static func context(rows: Int) -> TemplateObject {
        let hostile = TemplateSkeletonTests.hostile
        return [
            "payee_count": .text(String(rows)), "statement_count": "12", "entry_count": "34",
            "totals": .list([["currency": "EUR", "entries": "3", "net_activity": .text(hostile[0])]]),
            "payees": .list((0..<rows).map { row($0, text: hostile[$0 % hostile.count]) }),
            "periods": .list([["label": "2026-10", "kind": "month", "statement_count": "2"]]),
            "footer": .text(hostile[1]), "any_tax": .flag(rows % 2 == 0), "issuer": .text(hostile[2]),
        ]
    }

    @Test func theShippedFinanceIndexSplitsAndRendersAsAWhole() throws {
        let templates = try TemplateSkeletonTests.templates()
        #expect(templates.financeIndexSplit != nil, "the shipped template can be split")
        for rows in [0, 1, 2, 3, 7, 100] {
            let context = Self.context(rows: rows)
            let whole = templates.renderFinanceIndex(context)
            #expect(whole.contains("p0") == (rows > 0))
            for slices in [1, 2, 3, 8, 200] {
                #expect(
                    templates.renderFinanceIndex(context, slices: slices) == whole, "\(rows) rows, \(slices) slices")
            }
        }
    }

    /// Each template: whether it can be cut, and that the split renders what the whole does, whatever it does with
    /// the items' positions, its lines and the list elsewhere.
    @Test(arguments: [
        // The row tags on lines of their own (indented), a CRLF line, the list named again around the section.
        ("<ul>\n  {{#payees}}\n  <li>{{payee_id}}</li>\n  {{/payees}}\n</ul>{{^payees}}none{{/payees}}", true),
        ("<ul>\r\n{{#payees}}\r\n<li>{{payee_id}}</li>\r\n{{/payees}}\r\n</ul>{{payee_count}}", true),
        ("{{#payees}}{{payee_id}},{{/payees}}", true),
        ("a {{# payees }}[{{payee_name}}|{{footer}}]{{/ payees }} b", true),
        // Positions: the split is cut, but its first items show the difference, so the whole is rendered.
        ("{{#payees}}{{#first()}}F{{/first()}}{{payee_id}}{{/payees}}", true),
        ("{{#payees}}{{index()}}:{{payee_id}} {{/payees}}", true),
        ("{{#payees}}{{#last()}}L{{/last()}}{{payee_id}}{{/payees}}", true),
        ("{{#payees}}{{#even()}}E{{/even()}}{{payee_id}}{{/payees}}", true),
        // Not at the top level, twice, other delimiters: not cut.
        ("{{#totals}}{{#payees}}{{currency}}{{payee_id}}{{/payees}}{{/totals}}", false),
        ("{{#payees}}{{payee_id}}{{/payees}}{{#payees}}{{payee_name}}{{/payees}}", false),
        ("{{=<% %>=}}<%#payees%><%payee_id%><%/payees%>", false),
        ("no rows here {{payee_count}}", false),
    ])
    func aTemplateRendersAsAWholeWhetherOrNotItIsSplit(template: String, splits: Bool) throws {
        let pragma = "{{% CONTENT_TYPE: \(HTMLTextContentType.name)}}"
        _ = HTMLTextContentType.registered
        let whole = try MustacheTemplate(string: pragma + template)
        let split = TemplateSectionSplit(source: template, pragma: pragma, list: "payees", whole: whole)
        #expect((split != nil) == splits)
        for rows in [2, 5, 40] {
            let context = Self.context(rows: rows)
            for slices in [2, 3, 7] {
                #expect(split?.render(context, slices: slices) ?? whole.render(context) == whole.render(context))
            }
        }
    }
}
