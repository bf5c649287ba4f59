import Mustache

/// The templates a run renders with: Markdown statements, HTML pages and the stylesheet.
///
/// Markdown templates always render with the Markdown content type, so `{{name}}` is
/// Markdown-escaped; HTML templates render with `HTMLText.escape` (Mustache's entities, plus
/// control characters replaced and right-to-left text isolated). `{{{...}}}` is used only for
/// values whose names say they are trusted blocks (`*_block`, `*_trusted`).
public struct TemplateSet: Sendable {
    public static let fileNames = ["driver.md", "merchant.md", "layout.html", "payee-index.html", "finance-index.html", "style.css"]

    let driver: MustacheTemplate
    let merchant: MustacheTemplate
    let layout: MustacheTemplate
    let payeeIndex: MustacheTemplate
    let financeIndex: MustacheTemplate
    public let stylesheet: String
    /// Every template file's name and text, in name order (what the manifest's digest covers).
    public let sources: [(name: String, text: String)]

    /// Builds the set from file texts keyed by file name; `origin` names where each came from (for messages).
    public init(texts: [String: String], origin: [String: String] = [:]) throws(Failure) {
        _ = MarkdownContentType.registered
        _ = HTMLTextContentType.registered
        func text(_ name: String) throws(Failure) -> String {
            guard let value = texts[name] else { throw .missing(name) }
            return value
        }
        func parse(_ name: String, markdown: Bool) throws(Failure) -> MustacheTemplate {
            let body = try text(name)
            let type = markdown ? MarkdownContentType.name : HTMLTextContentType.name
            let pragma = "{{% CONTENT_TYPE: \(type)}}"
            do {
                return try MustacheTemplate(string: pragma + body)
            } catch {
                throw Failure.invalid(file: origin[name] ?? name, error: error, prefixLength: pragma.count)
            }
        }
        driver = try parse("driver.md", markdown: true)
        merchant = try parse("merchant.md", markdown: true)
        layout = try parse("layout.html", markdown: false)
        payeeIndex = try parse("payee-index.html", markdown: false)
        financeIndex = try parse("finance-index.html", markdown: false)
        stylesheet = try text("style.css")
        sources = try TemplateSet.fileNames.sorted().map { name throws(Failure) in (name, try text(name)) }
    }

    public func renderStatementMarkdown(_ context: [String: Any], driver isDriver: Bool) -> String {
        (isDriver ? driver : merchant).render(context)
    }

    public func renderLayout(_ context: [String: Any]) -> String { layout.render(context) }
    public func renderPayeeIndex(_ context: [String: Any]) -> String { payeeIndex.render(context) }
    public func renderFinanceIndex(_ context: [String: Any]) -> String { financeIndex.render(context) }
}
