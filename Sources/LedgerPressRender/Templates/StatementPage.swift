/// One statement's HTML page: `layout.html` around the statement's HTML.
public struct StatementPage: Sendable {
    /// The `<title>`: the statement's title and the payee's name.
    public var title: String
    /// The period label: the page offers `LABEL.csv` and `LABEL.md` for download.
    public var label: String
    /// The statement's HTML (cmark's output), placed as it is (`statement_html_trusted`).
    public var html: String

    public init(title: String, label: String, html: String) {
        self.title = title
        self.label = label
        self.html = html
    }

    /// What every statement page of a payee shares besides their words.
    public struct Frame: Sendable {
        /// `driver` or `merchant` (the `<main>` element's class).
        public var payeeType: String
        /// The footer line, in the payee's language.
        public var footer: String

        public init(payeeType: String, footer: String) {
            self.payeeType = payeeType
            self.footer = footer
        }
    }

    /// The values that change from page to page, in slot order: title, the two download links, the HTML.
    var values: [String] { [title, label + ".csv", label + ".md", html] }

    /// The layout's context with `values` (``values``'s order) in place of the page's own.
    static func context(_ values: [String], frame: Frame, wording: Wording) -> TemplateObject {
        [
            "lang": .text(wording.language), "title": .text(values[0]), "assets_href": "../",
            "back_href": "index.html", "back_label": .text(wording["all_statements"]), "has_downloads": true,
            "downloads": [
                ["href": .text(values[1]), "label": .text(wording["download_csv"])],
                ["href": .text(values[2]), "label": .text(wording["download_markdown"])],
            ],
            "payee_type": .text(frame.payeeType), "statement_html_trusted": .text(values[3]),
            "footer": .text(frame.footer), "t": .object(wording.templateWords),
        ]
    }
}

extension TemplateSet {
    /// The statement's page. Pages that share a frame and words share one rendering of the layout
    /// (``LayoutSkeleton``), filled with each page's values: the same bytes as rendering the layout per page.
    public func renderStatementPage(_ page: StatementPage, frame: StatementPage.Frame, wording: Wording) -> String {
        let values = page.values
        if let skeleton = layoutSkeleton(frame: frame, wording: wording), let filled = skeleton.fill(values) {
            return filled
        }
        return renderStatementPageInFull(page, frame: frame, wording: wording)
    }

    /// The page rendered by the layout itself (what the skeleton must equal).
    func renderStatementPageInFull(_ page: StatementPage, frame: StatementPage.Frame, wording: Wording) -> String {
        renderLayout(StatementPage.context(page.values, frame: frame, wording: wording), wording: wording)
    }

    func layoutSkeleton(frame: StatementPage.Frame, wording: Wording) -> LayoutSkeleton? {
        let key = [wording.locale, frame.payeeType, frame.footer].joined(separator: "\u{0}")
        return skeletons.skeleton(for: key) {
            LayoutSkeleton(slots: 4) { values in
                renderLayout(StatementPage.context(values, frame: frame, wording: wording), wording: wording)
            }
        }
    }
}
