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
    public func render(_ statement: StatementRendering) -> Data {
        Data(StatementCSV.statementCSV(statement.statement).utf8)
    }
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
        let downloads: [TemplateObject] = context.documents.all.compactMap { document in
            guard let label = document.downloadLabel else { return nil }
            return ["href": .text(statement.label + document.suffix), "label": .text(wording[label])]
        }
        let page = context.templates.renderLayout(
            [
                "lang": .text(wording.language),
                "title": .text(view.markdownTitle + " — " + BidiIsolation.isolate(statement.payee.name)),
                "assets_href": "../", "back_href": "index.html", "back_label": .text(wording["all_statements"]),
                "has_downloads": .flag(!downloads.isEmpty), "downloads": .list(downloads),
                "payee_type": .text(statement.payee.type.rawValue), "statement_html_trusted": .text(fragment),
                "footer": .text(statement.footer),
                "t": .object(wording.templateWords),
            ], wording: wording)
        return Data(page.utf8)
    }
}
