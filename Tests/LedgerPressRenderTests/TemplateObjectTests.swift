import Mustache
import Testing

@testable import LedgerPressRender

/// A ``TemplateObject`` context renders the same bytes as the `[String: Any]` dictionary it stands for.
@Suite struct TemplateObjectTests {
    /// Values of every kind, some needing escapes, with nesting, an empty text and a one-key object.
    static let object: TemplateObject = [
        "name": "Zoë <b>*Z*</b> # [x](y)", "empty": "", "yes": true, "no": false,
        "rows": [["label": "a", "n": "1"], ["label": "b"]],
        "inner": .object(["label": "in", "deeper": .object(["value": "v"])]),
        "single": .object(["only": "x"]),
        "t": .object(TemplateObject(texts: ["hello": "Hallo & <Tschüss>"])),
    ]

    /// Every tag form the templates can use on these values: variables, raw and escaped, sections and inverted
    /// sections on texts, flags, lists and objects, dotted names, `.`, look-ups that climb the stack, transforms.
    static let template = """
        [{{name}}][{{{name}}}][{{&name}}][{{missing}}][{{empty}}][{{#empty}}E{{/empty}}][{{^empty}}not{{/empty}}]
        [{{#name}}<{{.}}|{{label}}|{{yes}}>{{/name}}][{{^name}}none{{/name}}][{{name.count}}]
        [{{#yes}}Y{{name}}{{/yes}}][{{^no}}N{{/no}}][{{yes}}{{no}}][{{#no}}x{{/no}}]
        [{{#rows}}({{label}}:{{n}}:{{name}}:{{#first()}}F{{/first()}}{{#last()}}L{{/last()}}){{/rows}}][{{^rows}}x{{/rows}}]
        [{{count(rows)}}][{{#first(rows)}}{{label}}{{/first(rows)}}][{{#empty(rows)}}e{{/empty(rows)}}]
        [{{inner.label}}][{{inner.deeper.value}}][{{#inner}}{{label}}/{{deeper.value}}/{{name}}{{/inner}}][{{.inner.label}}]
        [{{single}}][{{count(single)}}][{{#sorted(single)}}{{key}}={{value}}{{/sorted(single)}}]
        [{{uppercased(name)}}][{{lowercased(empty)}}][{{#empty(empty)}}blank{{/empty(empty)}}][{{reversed(name)}}]
        [{{t.hello}}][{{{t.hello}}}][{{#t}}{{hello}}{{/t}}]
        """

    @Test(arguments: ["HTML", "TEXT", MarkdownContentType.name, HTMLTextContentType.name])
    func rendersAsTheDictionaryDid(_ contentType: String) throws {
        _ = MarkdownContentType.registered
        _ = HTMLTextContentType.registered
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(contentType)}}" + Self.template)
        let rendered = template.render(Self.object)
        #expect(rendered == template.render(Self.object.plain))
        #expect(rendered.contains("(a:1:"))
    }

    /// A statement's view renders through the shipped templates exactly as its dictionary form.
    @Test func statementViewRendersAsItsDictionary() throws {
        let templates = try StringTablesTests.shipped()
        let book = try NetChartTests.book(NetChartTests.dstEntries, name: "Ann <b>*Lee*</b>")
        let wording = templates.wording(for: "de_DE")
        #expect(!book.statements.isEmpty)
        for statement in book.statements {
            let view = StatementView(
                statement: statement, issuer: "Fleet & Co", formats: MoneyFormats(), wording: wording)
            let plain = view.context.plain
            #expect(plain["sections"] is [[String: Any]])
            for driver in [true, false] {
                #expect(
                    templates.renderStatementMarkdown(view.context, driver: driver)
                        == (driver ? templates.driver : templates.merchant).render(plain))
            }
        }
    }

    @Test func literalsAndAccessors() {
        var object: TemplateObject = ["a": "x", "b": true, "c": [["d": "y"]]]
        object["e"] = .object(["f": "z"])
        #expect(object["a"]?.text == "x" && object["a"]?.flag == nil)
        #expect(object["b"]?.flag == true)
        #expect(object["c"]?.list?.first?["d"]?.text == "y")
        #expect(object["e"]?.object?["f"]?.text == "z")
        #expect(object["missing"] == nil)
        #expect(object.plain["c"] is [[String: Any]])
    }
}
