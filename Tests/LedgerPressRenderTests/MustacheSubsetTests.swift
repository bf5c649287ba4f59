import Foundation
import LedgerPressCore
import Mustache
import Testing

@testable import LedgerPressRender

/// The compiled subset renders exactly what swift-mustache renders, or steps aside (nil) for it.
@Suite struct MustacheSubsetTests {
    static let pragma = "{{% CONTENT_TYPE: \(MarkdownContentType.name)}}"
    static let htmlPragma = "{{% CONTENT_TYPE: \(HTMLTextContentType.name)}}"

    /// swift-mustache's text, and the subset's (nil when it steps aside).
    static func both(_ template: String, _ context: [String: Any]) throws -> (expected: String, subset: String?, compiled: Bool) {
        _ = MarkdownContentType.registered
        _ = HTMLTextContentType.registered
        let reference = try MustacheTemplate(string: template).render(context)
        guard let subset = MustacheSubset(template) else { return (reference, nil, false) }
        return (reference, subset.render(context), true)
    }

    static func check(_ template: String, _ context: [String: Any], compiles: Bool? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let result = try both(template, context)
        if let subset = result.subset {
            #expect(subset == result.expected, "template \(String(reflecting: template))", sourceLocation: sourceLocation)
        }
        if let compiles { #expect(result.compiled == compiles, "template \(String(reflecting: template))", sourceLocation: sourceLocation) }
    }

    static var context: [String: Any] {
        [
        "name": "Ann *Lee* <b>", "empty": "", "yes": true, "no": false, "items": [["x": "1"], ["x": "2", "y": "why"]],
        "none": [[String: Any]](), "words": ["a", "b & c"], "nested": ["x": "inner", "deep": ["x": "deeper"]] as [String: Any],
        "flags": ["k": "v"], "count": 3, "maybe": String?.none as Any,
        ]
    }

    @Test(arguments: [
        "plain text", "{{name}}", "{{{name}}}", "{{&name}}", "{{ name }}", "{{missing}}|", "a{{#yes}}Y{{/yes}}b{{#no}}N{{/no}}c",
        "{{^no}}not{{/no}}{{^yes}}never{{/yes}}{{^missing}}absent{{/missing}}{{^none}}nothing{{/none}}{{^items}}x{{/items}}",
        "{{#items}}[{{x}}{{y}}{{name}}]{{/items}}", "{{#words}}<{{.}}>{{/words}}", "{{#nested}}{{x}}{{#deep}}{{x}}{{name}}{{/deep}}{{/nested}}",
        "{{#name}}{{.}}{{/name}}", "{{#empty}}E{{.}}{{/empty}}", "{{#flags}}{{k}}{{/flags}}", "{{yes}} {{no}}",
        "line 1\n{{#yes}}\nin\n{{/yes}}\nline 2\n", "  {{#yes}}  \n  indented\n  {{/yes}}  \n", "{{! comment }}x", "  {{! standalone }}\nx",
        " a {{! inline }} b\n", "{{#items}}\n- {{x}}\n{{/items}}\n", "\r\n{{#yes}}\r\nwin\r\n{{/yes}}\r\n", "{{#yes}}\n{{/yes}}",
        "{ {{name}} }", "{x{{name}}", "{{#items}}{{^y}}no y{{/y}}{{/items}}", "trailing  \n  ", "\t{{#no}}\t\n\t{{/no}}\t\nafter",
        "{{#yes}} x {{/yes}}\n", "{{# yes }}a{{/ yes }}", "x\n{{^none}}\n  {{name}}\n{{/none}}\nz",
    ])
    func rendersLikeSwiftMustache(body: String) throws {
        try Self.check(Self.pragma + body, Self.context, compiles: true)
        try Self.check(Self.htmlPragma + body, Self.context, compiles: true)
        try Self.check(Self.pragma + "\n" + body, Self.context, compiles: true)
    }

    @Test(arguments: [
        "{{> partial}}", "{{<parent}}{{/parent}}", "{{$block}}x{{/block}}", "{{=<% %>=}}", "{{a.b}}", "{{uppercased(name)}}",
        "{{% CONTENT_TYPE: TEXT}}{{name}}", "{{}}",
    ])
    func leavesTheRestToSwiftMustache(body: String) throws {
        _ = MarkdownContentType.registered
        let template = Self.pragma + body
        if (try? MustacheTemplate(string: template)) != nil { try Self.check(template, Self.context, compiles: false) }
        #expect(MustacheSubset(template) == nil)
    }

    @Test func stepsAsideForValuesOutsideTheSubset() throws {
        for body in ["{{count}}", "{{maybe}}", "{{#count}}x{{/count}}", "{{.}}", "{{nested}}"] {
            let result = try Self.both(Self.pragma + body, Self.context)
            #expect(result.compiled && result.subset == nil, "\(body)")
        }
    }

    @Test func theDefaultTemplatesAreInTheSubset() throws {
        let directory = try #require(TemplateSet.defaultDirectory(executablePath: "/nonexistent/bin/x", environment: [:]))
        for name in TemplateSet.fileNames where name != "style.css" {
            let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent(name), encoding: .utf8)
            #expect(MustacheSubset((name.hasSuffix(".md") ? Self.pragma : Self.htmlPragma) + text) != nil, "\(name)")
        }
    }

    /// Random templates from the subset's tags, whitespace and line ends, over random contexts.
    @Test(arguments: (UInt64(1)...UInt64(16)).map { $0 })
    func randomTemplatesRenderAlike(seed: UInt64) throws {
        _ = MarkdownContentType.registered
        _ = HTMLTextContentType.registered
        var random = SplitMix(state: seed)
        var compiled = 0
        for _ in 0..<300 {
            let body = Self.randomBody(&random, depth: 0, open: [])
            let template = (random.below(4) == 0 ? Self.htmlPragma : Self.pragma) + body
            guard (try? MustacheTemplate(string: template)) != nil else { continue }
            let result = try Self.both(template, Self.randomContext(&random, depth: 0))
            if let subset = result.subset {
                compiled += 1
                #expect(subset == result.expected, "template \(String(reflecting: template))")
            }
        }
        #expect(compiled > 100)
    }

    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let keys = ["a", "b", "c", "list", "flag"]
    static let texts = ["x", " ", "  ", "\t", "\n", "\r\n", "\r", "word", "é", "e\u{301}", "{", "}", "#", "-", "1.", "*", "<&>", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}", "\r\n\r", "{{\n", "{{ \n"]

    static func randomBody(_ random: inout SplitMix, depth: Int, open: [String]) -> String {
        var body = ""
        for _ in 0..<random.below(8) {
            let space = random.pick(["", " ", "  ", "\t"])
            switch random.below(10) {
            case 0, 1, 2: body += random.pick(texts) + random.pick(texts)
            case 3: body += space + "{{" + random.pick(["", " ", "\n", " \r\n"]) + random.pick(keys + ["."]) + random.pick(["", " "]) + "}}" + space
            case 4: body += space + random.pick(["{{{", "{{&"]) + random.pick(keys) + "}}" + (random.below(2) == 0 ? "}" : "") + space
            case 5: body += space + "{{! note " + random.pick(["", "}", "x"]) + " }}" + random.pick(["", "\n", " \n"])
            case 6, 7 where depth < 3:
                let name = random.pick(keys)
                let sigil = random.pick(["#", "^"])
                body += space + "{{" + sigil + name + "}}" + random.pick(["", "\n", " \n", "\r\n"])
                body += randomBody(&random, depth: depth + 1, open: open + [name])
                body += random.pick(["", "\n", " "]) + random.pick(["", "  "]) + "{{/" + name + "}}" + random.pick(["", "\n", " \n", " x\n"])
            default: body += random.pick(["\n", "\r\n", " \n", "\n\n"])
            }
        }
        return body
    }

    static func randomContext(_ random: inout SplitMix, depth: Int) -> [String: Any] {
        var context: [String: Any] = [:]
        for key in keys where random.below(4) != 0 {
            switch random.below(depth < 2 ? 6 : 3) {
            case 0: context[key] = random.pick(["", "v", "a *b*", "<x>", "\n", "- item", "1. one"])
            case 1: context[key] = random.below(2) == 0
            case 2: context[key] = random.pick(["plain", "# head"])
            case 3: context[key] = (0..<random.below(3)).map { _ in randomContext(&random, depth: depth + 1) }
            case 4: context[key] = randomContext(&random, depth: depth + 1)
            default: context[key] = ["p", "q"]
            }
        }
        return context
    }
}
