import Mustache

/// The templates a run renders with: Markdown statements, HTML pages, the stylesheet, and the string
/// tables (`strings/<language>.json`) whose words the templates show as `{{t.key}}`.
///
/// Markdown templates always render with the Markdown content type, so `{{name}}` is
/// Markdown-escaped; HTML templates render with `HTMLText.escape` (Mustache's entities, plus
/// control characters replaced and right-to-left text isolated). `{{{...}}}` is used only for
/// values whose names say they are trusted blocks (`*_block`, `*_trusted`). Contexts are ``TemplateObject``s.
public struct TemplateSet: Sendable {
    public static let fileNames = [
        "driver.md", "merchant.md", "layout.html", "payee-index.html", "finance-index.html", "style.css",
        "letter-figures.html", "income-letter.html", "verify-letter.html",
    ]
    /// The folder of the string tables, one `<language>.json` each (`en.json`, `de.json`, `pt_BR.json`).
    public static let stringsFolder = "strings"
    /// The table every other falls back to; a templates folder must have it (``load(defaultsDirectory:overrides:)``).
    public static let englishStrings = "strings/en.json"

    let driver: MustacheTemplate
    let merchant: MustacheTemplate
    let layout: MustacheTemplate
    let payeeIndex: MustacheTemplate
    let financeIndex: MustacheTemplate
    /// `finance-index.html` with its payees' rows rendered in slices at once (nil: a template it cannot split).
    let financeIndexSplit: TemplateSectionSplit?
    /// `--letters`: the letter's figures (shared by the letter and its verify page), the letter's and the verify
    /// page's content; each goes into `layout.html` as its `statement_html_trusted`.
    let letterFigures: MustacheTemplate
    let incomeLetter: MustacheTemplate
    let verifyLetter: MustacheTemplate
    public let stylesheet: String
    /// The words of every language, from the `strings/*.json` texts.
    public let strings: StringTables
    /// Every template file's name and text, in name order (what the manifest's digest covers).
    public let sources: [(name: String, text: String)]
    /// The payee-facing templates' texts as parsed (pragma included), and their worded sets per locale.
    let wordedSources: WordedTemplates.Sources
    let worded = WordedTemplateCache()
    /// The payee-facing templates rendered once per words and shape of context (``TemplateSkeleton``).
    let skeletons: TemplateSkeletonCache

    /// Builds the set from file texts keyed by file name (string tables as `strings/de.json`); `origin` names
    /// where each came from (for messages).
    /// `skeletonLimit` and `skeletonByteLimit`: how many shapes of context get a skeleton, and how many bytes
    /// of skeletons are kept at most (``TemplateSkeletonCache``).
    /// `builtInStrings`: the default string tables (`strings/en.json` → text) that a table in `texts` overrides;
    /// a key the override lacks or leaves empty is taken from them, key by key.
    public init(
        texts: [String: String], origin: [String: String] = [:], builtInStrings: [String: String] = [:],
        skeletonLimit: Int = 1024, skeletonByteLimit: Int = 32 << 20
    ) throws(Failure) {
        skeletons = TemplateSkeletonCache(limit: skeletonLimit, byteLimit: skeletonByteLimit)
        _ = MarkdownContentType.registered
        _ = HTMLTextContentType.registered
        for (name, body) in texts.merging(builtInStrings, uniquingKeysWith: { own, _ in own })
        where body.utf8.count > TemplateScan.maxBytes {
            throw .notText(
                file: origin[name] ?? name,
                reason: "expected a file of at most \(TemplateScan.maxBytes) bytes, got \(body.utf8.count) bytes")
        }
        func text(_ name: String) throws(Failure) -> String {
            guard let value = texts[name] else { throw .missing(name) }
            return value
        }
        func pragma(markdown: Bool) -> String {
            "{{% CONTENT_TYPE: \(markdown ? MarkdownContentType.name : HTMLTextContentType.name)}}"
        }
        func parse(_ name: String, markdown: Bool) throws(Failure) -> MustacheTemplate {
            let body = try text(name)
            if let problem = TemplateScan.problem(in: body) {
                throw .refused(
                    file: origin[name] ?? name, line: problem.line, column: problem.column,
                    expected: problem.expected, found: problem.found)
            }
            let pragma = pragma(markdown: markdown)
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
        financeIndexSplit = TemplateSectionSplit(
            source: try text("finance-index.html"), pragma: pragma(markdown: false), list: "payees",
            whole: financeIndex)
        letterFigures = try parse("letter-figures.html", markdown: false)
        incomeLetter = try parse("income-letter.html", markdown: false)
        verifyLetter = try parse("verify-letter.html", markdown: false)
        stylesheet = try text("style.css")
        wordedSources = WordedTemplates.Sources(
            driver: pragma(markdown: true) + (try text("driver.md")),
            merchant: pragma(markdown: true) + (try text("merchant.md")),
            layout: pragma(markdown: false) + (try text("layout.html")),
            payeeIndex: pragma(markdown: false) + (try text("payee-index.html")))
        var tables: [String: [String: String]] = [:]
        for (name, body) in texts {
            guard let language = TemplateSet.stringsLanguage(name) else { continue }
            var table = try StringTables.parse(body, file: origin[name] ?? name)
            if let builtIn = builtInStrings[name] {
                let defaults = try StringTables.parse(builtIn, file: name)
                table.merge(defaults) { own, builtIn in own.isEmpty ? builtIn : own }
            }
            tables[language] = table
        }
        strings = StringTables(tables: tables)
        let names = TemplateSet.fileNames + texts.keys.filter { TemplateSet.stringsLanguage($0) != nil }
        let completed = builtInStrings.filter { texts[$0.key] != nil }.map { ($0.key + " (built-in)", $0.value) }
        sources = try (names.map { name throws(Failure) in (name, try text(name)) } + completed).sorted { $0.0 < $1.0 }
    }

    /// `strings/de.json` → `de`; nil for any other file name.
    static func stringsLanguage(_ name: String) -> String? {
        let prefix = stringsFolder + "/"
        guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return nil }
        let language = name.dropFirst(prefix.count).dropLast(".json".count)
        guard !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { return nil }
        return String(language)
    }

    /// The words for a payee's locale (``StringTables/wording(for:)``).
    public func wording(for locale: String) -> Wording { strings.wording(for: locale) }

    /// The statement's Markdown from the driver or merchant template (words looked up in the context's `t`).
    public func renderStatementMarkdown(_ context: TemplateObject, driver isDriver: Bool) -> String {
        (isDriver ? driver : merchant).render(context)
    }

    public func renderLayout(_ context: TemplateObject) -> String { layout.render(context) }
    public func renderPayeeIndex(_ context: TemplateObject) -> String { payeeIndex.render(context) }

    /// The same three renderings with `wording`'s words written into the templates (``WordedTemplates``): the
    /// same bytes as with `t` in the context, without looking each word up. `context` keeps its `t` (which
    /// must be `wording`'s) for any other use a template makes of the words.
    ///
    /// Contexts of the same shape share one rendering of the template, filled with each one's texts
    /// (``TemplateSkeleton``): the same bytes again, without running the template per statement.
    public func renderStatementMarkdown(_ context: TemplateObject, driver isDriver: Bool, wording: Wording) -> String {
        guard let set = templates(for: wording) else { return renderStatementMarkdown(context, driver: isDriver) }
        return render(
            isDriver ? set.driver : set.merchant, context, name: isDriver ? "driver.md" : "merchant.md",
            wording: wording, escape: MarkdownText.escape)
    }

    public func renderLayout(_ context: TemplateObject, wording: Wording) -> String {
        guard let set = templates(for: wording) else { return renderLayout(context) }
        return render(set.layout, context, name: "layout.html", wording: wording, escape: HTMLText.escape)
    }

    /// The payee's home in `wording`'s words, rendered in full: no skeleton (each home lists every statement of
    /// its payee, so few homes share a shape, and making a skeleton costs two renderings). Measured at 100k
    /// entries on 2 CPUs: a late night 2.5–3.2 s against 3.0–3.3 s through skeletons, the full build no slower.
    public func renderPayeeIndex(_ context: TemplateObject, wording: Wording) -> String {
        guard let set = templates(for: wording) else { return renderPayeeIndex(context) }
        return set.payeeIndex.render(context)
    }

    /// The skeleton cache's key for `context` rendered by the template `name` in `wording`'s words (the shape,
    /// without the words `t`), and the context's texts.
    static func shape(of context: TemplateObject, name: String, wording: Wording) -> (key: String, texts: [String]) {
        var texts: [String] = []
        texts.reserveCapacity(64)
        var shape = ByteText(capacity: 1024)
        shape.append(name, "\u{0}", wording.locale, "\u{0}")
        ContextShape.split(context, skipping: "t", key: &shape, texts: &texts)
        return (shape.string, texts)
    }

    /// `template` (one of `wording`'s worded set, named `name`) with `context`, through the skeleton of the
    /// context's shape when there is one.
    func render(
        _ template: MustacheTemplate, _ context: TemplateObject, name: String, wording: Wording,
        escape: @escaping @Sendable (String) -> String
    ) -> String {
        let (key, texts) = TemplateSet.shape(of: context, name: name, wording: wording)
        let skeleton = skeletons.skeleton(for: key) {
            TemplateSkeleton(slots: texts.count, escape: escape) { markers in
                var next = 0
                return template.render(ContextShape.replacing(context, skipping: "t", with: markers, next: &next))
            }
        }
        return skeleton?.fill(texts) ?? template.render(context)
    }

    /// The worded templates of `wording`'s locale, made once; nil (render as written) if one does not parse.
    func templates(for wording: Wording) -> WordedTemplates? {
        try? worded.templates(for: wording) { try WordedTemplates(wordedSources, words: wording.words) }
    }
    /// The finance index; its payees' rows rendered in up to `slices` slices at once (``TemplateSectionSplit``).
    public func renderFinanceIndex(_ context: TemplateObject, slices: Int = 1) -> String {
        financeIndexSplit?.render(context, slices: slices) ?? financeIndex.render(context)
    }

    /// The letter templates, rendered with the words in the context's `t` (few pages: no worded copies).
    public func renderLetterFigures(_ context: TemplateObject) -> String { letterFigures.render(context) }
    public func renderIncomeLetter(_ context: TemplateObject) -> String { incomeLetter.render(context) }
    public func renderVerifyLetter(_ context: TemplateObject) -> String { verifyLetter.render(context) }
}
