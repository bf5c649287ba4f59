import Foundation
import LedgerPressCore
import LedgerPressRender

/// `2026-10.md`: the statement in Markdown (``StatementRendering/markdown``).
public struct MarkdownDocument: StatementDocument {
    public init() {}
    public var suffix: String { ".md" }
    public var downloadLabel: String? { "download_markdown" }
    public func render(_ statement: StatementRendering) -> Data { Data(statement.markdown.utf8) }
}

/// `2026-10.csv`: the statement's lines (``StatementCSV``).
public struct StatementCSVDocument: StatementDocument {
    public init() {}
    public var suffix: String { ".csv" }
    public var downloadLabel: String? { "download_csv" }
    public func render(_ statement: StatementRendering) -> Data { statement.csv }
}

/// `2026-10.html`: the statement's page, its Markdown through cmark in the site's layout, with links to the
/// other documents.
public struct StatementPageDocument: StatementDocument {
    public init() {}
    public var suffix: String { ".html" }
    public var downloadLabel: String? { nil }

    public func render(_ statement: StatementRendering) throws -> Data {
        let context = statement.context
        let wording = statement.wording
        let view = statement.view
        let started = context.htmlTally?.start()
        let fragment = try CommonMark.html(
            fromMarkdown: statement.markdown, tables: view.tables, charts: view.charts)
        if let started { context.htmlTally?.add(since: started) }
        let downloads = context.documents.documents(for: statement.statement.period.kind).compactMap { document in
            document.downloadLabel.map {
                StatementPageView.Download(href: statement.label + document.suffix, label: wording[$0])
            }
        }
        let page = context.templates.renderLayout(
            StatementPageView(
                statement: view, payee: statement.payee, html: fragment, downloads: downloads,
                footer: statement.footer, wording: wording
            ).context, wording: wording)
        return Data(page.utf8)
    }
}
