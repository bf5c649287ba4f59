import LedgerPressCore

/// What the layout template sees for a statement's page: the title, the way back to the payee's home, the
/// statement's other files to download, and the statement's HTML (made by the tool from escaped text).
public struct StatementPageView {
    /// A file to download beside the page: its link (relative to the page) and its words.
    public struct Download: Sendable, Equatable {
        public var href: String
        public var label: String

        public init(href: String, label: String) {
            self.href = href
            self.label = label
        }
    }

    public var context: TemplateObject

    /// `html`: the statement rendered by ``CommonMark``; `footer`: the payee's footer, in their words.
    public init(
        statement view: StatementView, payee: Payee, html: String, downloads: [Download], footer: String,
        wording: Wording
    ) {
        context = [
            "lang": .text(wording.language),
            "title": .text(view.markdownTitle + " — " + BidiIsolation.isolate(payee.name)),
            "assets_href": "../", "back_href": "index.html", "back_label": .text(wording["all_statements"]),
            "has_downloads": .flag(!downloads.isEmpty),
            "downloads": .list(downloads.map { ["href": .text($0.href), "label": .text($0.label)] }),
            "payee_type": .text(payee.type.rawValue), "statement_html_trusted": .text(html),
            "footer": .text(footer),
            "t": .object(wording.templateWords),
        ]
    }
}
