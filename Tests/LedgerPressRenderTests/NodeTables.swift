import CCmark
import Foundation

@testable import LedgerPressRender

/// The reference construction of a statement table: built from cmark nodes, cell by cell (custom blocks and
/// inlines for the tags, a text node per cell that cmark escapes itself). ``TableData/htmlCString`` writes the
/// same bytes directly; `CommonMarkTests` renders documents both ways and compares.
enum NodeTables {
    /// ``CommonMark/html(fromMarkdown:tables:charts:options:)`` with every table block replaced by nodes.
    static func html(
        fromMarkdown markdown: String, tables: [String: TableData], options: CommonMark.Options = [.validateUTF8]
    ) throws(CommonMark.Failure) -> String {
        let flags = options.rawValue
        let length = markdown.utf8.count
        guard let document = markdown.withCString({ cmark_parse_document($0, length, flags) }) else {
            throw .parseFailed
        }
        defer { cmark_node_free(document) }
        var found: [(OpaquePointer, TableData)] = []
        guard let iterator = cmark_iter_new(document) else { throw .parseFailed }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK, let info = cmark_node_get_fence_info(node)
            else { continue }
            let words = String(cString: info).split(separator: " ")
            if words.count == 2, words[0] == "ledgerpress-table", let table = tables[String(words[1])] {
                found.append((node, table))
            }
        }
        cmark_iter_free(iterator)
        for (block, table) in found {
            let built = try tableNode(table)
            guard cmark_node_insert_before(block, built) == 1 else {
                cmark_node_free(built)
                throw .nodeRefused("table")
            }
            cmark_node_unlink(block)
            cmark_node_free(block)
        }
        guard let rendered = cmark_render_html(document, flags) else { throw .renderFailed }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    static func tableNode(_ table: TableData) throws(CommonMark.Failure) -> OpaquePointer {
        let tags = table.openingTags
        let box = try CommonMark.custom(CMARK_NODE_CUSTOM_BLOCK, tags.box, "</div>")
        do throws(CommonMark.Failure) {
            let root = try CommonMark.custom(CMARK_NODE_CUSTOM_BLOCK, tags.table, "</table>")
            try CommonMark.append(box, root)
            if !table.caption.isEmpty {
                try CommonMark.append(root, cellNode(table.captionTag, "</caption>", table.caption))
            }
            try CommonMark.append(root, section("thead", [table.header], 0, table))
            try CommonMark.append(root, section("tbody", table.rows, 1, table))
            if !table.footer.isEmpty { try CommonMark.append(root, section("tfoot", table.footer, 2, table)) }
        } catch {
            cmark_node_free(box)
            throw error
        }
        return box
    }

    static func section(
        _ tag: String, _ rows: [[String]], _ kind: Int, _ table: TableData
    ) throws(CommonMark.Failure) -> OpaquePointer {
        let group = try CommonMark.custom(CMARK_NODE_CUSTOM_BLOCK, "<\(tag)>", "</\(tag)>")
        do throws(CommonMark.Failure) {
            for row in rows {
                let tr = try CommonMark.custom(CMARK_NODE_CUSTOM_BLOCK, "<tr>", "</tr>")
                try CommonMark.append(group, tr)
                for (i, text) in row.enumerated() {
                    let tags = table.cellTag(section: kind, column: i, text: text)
                    try CommonMark.append(tr, cellNode(tags.open, tags.close, text))
                }
            }
        } catch {
            cmark_node_free(group)
            throw error
        }
        return group
    }

    /// A custom inline around one text node: right-to-left text and bidi controls are isolated in <bdi>;
    /// control characters never pass.
    static func cellNode(_ open: String, _ close: String, _ text: String) throws(CommonMark.Failure) -> OpaquePointer {
        let isolated = BidiIsolation.needsIsolation(text)
        let cell = try CommonMark.custom(
            CMARK_NODE_CUSTOM_INLINE, open + (isolated ? "<bdi>" : ""), (isolated ? "</bdi>" : "") + close)
        do throws(CommonMark.Failure) {
            guard let textNode = cmark_node_new(CMARK_NODE_TEXT) else { throw CommonMark.Failure.nodeRefused("text") }
            try CommonMark.append(cell, textNode)
            let literal = ControlCharacters.replaced(in: text)
            guard cmark_node_set_literal(textNode, literal) == 1 else {
                throw CommonMark.Failure.nodeRefused("literal")
            }
        } catch {
            cmark_node_free(cell)
            throw error
        }
        return cell
    }
}
