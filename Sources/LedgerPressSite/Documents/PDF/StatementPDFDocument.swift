import Foundation
import LedgerPressCore
import LedgerPressPDF
import LedgerPressRender

/// `2026-10.pdf`: with the native engine (the default), the statement's render model (``StatementView``) drawn by
/// ``NativePDFWriter`` in the built-in layout as a tagged PDF/A-3b; with Chromium, the statement's HTML page
/// (``StatementPageDocument``) printed with the stylesheet's print rules by a ``PDFEngine`` worker. Either way the
/// statement's CSV (``StatementCSVDocument``) is attached; only for the period kinds asked for (`--pdf month,year`).
///
/// > Note: Same statement, same bytes: the PDF's dates are the statement's as-of time, never the clock.
public struct StatementPDFDocument: StatementDocument {
    /// The period kinds whose statements get a PDF.
    public let kinds: Set<PeriodKind>
    let engine: PDFEngine

    public init(kinds: Set<PeriodKind>, engine: PDFEngine) {
        self.kinds = kinds
        self.engine = engine
    }

    public var suffix: String { ".pdf" }
    public var downloadLabel: String? { "download_pdf" }
    public func applies(to kind: PeriodKind) -> Bool { kinds.contains(kind) }
    /// Another engine prints other bytes: the payees' keys name it.
    public var variant: String? { engine.kind.rawValue }

    public func render(_ statement: StatementRendering) throws -> Data {
        if engine.kind == .native {
            let csv = StatementCSVDocument().render(statement)
            let document = StatementPrint.document(
                statement.statement, view: statement.view, wording: statement.wording, csv: Array(csv),
                label: statement.label)
            return try engine.write(
                document, name: statement.label + ".pdf of payee \(SitePath.quoted(statement.payee.id))")
        }
        let page = try StatementPageDocument().render(statement)
        let csv = StatementCSVDocument().render(statement)
        let asOf = statement.statement.asOf
        let created = Timestamp.format(epochSeconds: asOf.epochSeconds, offsetSeconds: 0)
            .replacingOccurrences(of: "+00:00", with: "Z")
        let attachment = PDFEngine.Attachment(
            name: statement.label + ".csv", bytes: csv, type: "text/csv", description: "The statement's lines (CSV)")
        return try engine.render(
            PDFEngine.Job(
                label: statement.label, page: page, attachment: attachment, created: created,
                stylesheet: statement.context.templates.stylesheet, payee: statement.payee.id))
    }
}
