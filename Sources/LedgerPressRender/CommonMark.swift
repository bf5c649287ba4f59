import CCmark
import Foundation

/// The one Swift face of libcmark: Markdown to an HTML fragment, always in cmark's safe mode.
///
/// Code blocks whose info string is `ledgerpress-table ID` (ID in `tables`) are replaced, after
/// parsing, by tables built from cmark nodes: custom blocks and inlines for the tags, text nodes
/// for the cells, so cmark escapes every cell itself; a cell holding right-to-left text or bidi
/// controls is wrapped in `<bdi>`. Code blocks whose info string is `ledgerpress-chart ID` (ID in
/// `charts`) are replaced the same way by the chart's figure (``ChartFigure``: SVG and table made by the
/// tool from its own figures and escaped words). Raw HTML is never enabled.
public enum CommonMark {
    /// cmark's rendering options (`CMARK_OPT_*`); safe mode is always on.
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let smartPunctuation = Options(rawValue: CMARK_OPT_SMART)
        public static let validateUTF8 = Options(rawValue: CMARK_OPT_VALIDATE_UTF8)
        public static let normalize = Options(rawValue: CMARK_OPT_NORMALIZE)
        public static let hardBreaks = Options(rawValue: CMARK_OPT_HARDBREAKS)
    }

    /// Why cmark could not render a document.
    public enum Failure: Error, Sendable, Equatable {
        case parseFailed, renderFailed, nodeRefused(String)
    }

    /// Renders Markdown to HTML; throws on any failure of cmark, never returns the input unrendered.
    public static func html(
        fromMarkdown markdown: String, tables: [String: TableData] = [:], charts: [String: ChartFigure] = [:],
        options: Options = [.validateUTF8]
    ) throws(Failure) -> String {
        let flags = options.rawValue
        let length = markdown.utf8.count
        guard let document = markdown.withCString({ cmark_parse_document($0, length, flags) }) else {
            throw .parseFailed
        }
        defer { cmark_node_free(document) }
        if !tables.isEmpty || !charts.isEmpty {
            try replaceTableBlocks(in: document, tables: tables, charts: charts)
        }
        guard let rendered = cmark_render_html(document, flags) else { throw .renderFailed }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    static func replaceTableBlocks(
        in document: OpaquePointer, tables: [String: TableData], charts: [String: ChartFigure] = [:]
    ) throws(Failure) {
        var found: [(OpaquePointer, TableData)] = []
        var foundCharts: [(OpaquePointer, ChartFigure)] = []
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
            } else if words.count == 2, words[0] == "ledgerpress-chart", let chart = charts[String(words[1])] {
                foundCharts.append((node, chart))
            }
        }
        cmark_iter_free(iterator)
        for (block, chart) in foundCharts {
            let built = try custom(CMARK_NODE_CUSTOM_BLOCK, chart.html, "")
            guard cmark_node_insert_before(block, built) == 1 else {
                cmark_node_free(built)
                throw .nodeRefused("chart")
            }
            cmark_node_unlink(block)
            cmark_node_free(block)
        }
        for (block, table) in found {
            let built = try custom(CMARK_NODE_CUSTOM_BLOCK, table.htmlCString)
            guard cmark_node_insert_before(block, built) == 1 else {
                cmark_node_free(built)
                throw .nodeRefused("table")
            }
            cmark_node_unlink(block)
            cmark_node_free(block)
        }
    }

    static func custom(_ type: cmark_node_type, _ enter: String, _ exit: String) throws(Failure) -> OpaquePointer {
        guard let node = cmark_node_new(type) else { throw .nodeRefused("custom") }
        guard cmark_node_set_on_enter(node, enter) == 1, cmark_node_set_on_exit(node, exit) == 1 else {
            cmark_node_free(node)
            throw .nodeRefused("custom")
        }
        return node
    }

    /// A custom node entered with `enter`, a C string (UTF-8 ending in NUL) built as bytes, and exited with nothing.
    static func custom(_ type: cmark_node_type, _ enter: [UInt8]) throws(Failure) -> OpaquePointer {
        let node = try custom(type, "", "")
        let set = enter.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                enter.last == 0 ? cmark_node_set_on_enter(node, text.baseAddress) : 0
            }
        }
        guard set == 1 else {
            cmark_node_free(node)
            throw .nodeRefused("custom")
        }
        return node
    }

    /// Appends a child; on refusal the child is freed and the call throws.
    static func append(_ parent: OpaquePointer, _ child: OpaquePointer) throws(Failure) {
        guard cmark_node_append_child(parent, child) == 1 else {
            cmark_node_free(child)
            throw .nodeRefused("append")
        }
    }
}
