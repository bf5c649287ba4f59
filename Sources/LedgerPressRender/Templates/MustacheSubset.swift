/// The part of Mustache the default templates use, compiled once and rendered without swift-mustache's
/// per-lookup dynamic casts; a template or a context outside it is rendered by swift-mustache instead.
///
/// Inside the subset: text, `{{name}}`, `{{{name}}}`, `{{&name}}`, sections `{{#name}}` and inverted
/// sections `{{^name}}`, comments, `{{.}}`, and a leading `{{% CONTENT_TYPE: ...}}` naming one of the
/// tool's two content types. Names are single keys (no dots, no transforms). Context values are `String`,
/// `Bool`, arrays and `[String: ...]` dictionaries, exactly those types.
///
/// > Note: the parser follows swift-mustache 2.1's own (`Template+Parser.swift`) token for token, standalone
/// > lines and whitespace included, and rendering follows its rules for each value type, so the output is
/// > the same text; tests compare the two on the templates and on random ones. Anything else (partials,
/// > inheritance, delimiters, transforms, dotted names, lambdas, other types) makes ``init(_:)`` or
/// > ``render(_:)`` return nil, and the caller renders with swift-mustache.
struct MustacheSubset: Sendable {
    /// How `{{name}}` is escaped: the content types the tool registers.
    enum Escaping: Sendable {
        case markdown, html

        init?(contentType name: String) {
            switch name {
            case MarkdownContentType.name: self = .markdown
            case HTMLTextContentType.name: self = .html
            default: return nil
            }
        }

        func escape(_ text: String) -> String {
            switch self {
            case .markdown: return MarkdownText.escape(text)
            case .html: return HTMLText.escape(text)
            }
        }
    }

    indirect enum Node: Sendable {
        case text(String)
        case variable(String, escaped: Bool)
        case section(String, [Node])
        case invertedSection(String, [Node])
        /// `{{% CONTENT_TYPE: ...}}`: escaping for the rest of the template.
        case escaping(Escaping)
    }

    let nodes: [Node]

    /// The compiled template, or nil when it uses anything outside the subset (or does not parse).
    init?(_ template: String) {
        var parser = Parser(template)
        guard let nodes = parser.parse(section: nil), MustacheSubset.escapesOnlyAfterContentType(nodes) else { return nil }
        self.nodes = nodes
    }

    /// Escaped variables need one of the tool's content types, set at the top level before them (before it,
    /// swift-mustache escapes with its own HTML escaping); a content type inside a section is not supported.
    static func escapesOnlyAfterContentType(_ nodes: [Node]) -> Bool {
        var escaping = false
        func check(_ nodes: [Node], topLevel: Bool) -> Bool {
            for node in nodes {
                switch node {
                case .text: continue
                case .variable(_, let escaped): if escaped && !escaping { return false }
                case .section(_, let inner), .invertedSection(_, let inner): if !check(inner, topLevel: false) { return false }
                case .escaping:
                    guard topLevel else { return false }
                    escaping = true
                }
            }
            return true
        }
        return check(nodes, topLevel: true)
    }
}
