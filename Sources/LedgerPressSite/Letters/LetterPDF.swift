import Foundation
import LedgerPressCore
import LedgerPressPDF
import LedgerPressRender

/// `income-letter.pdf` (`--letters` with `--pdf`): the letter's HTML page printed by the build's ``PDFEngine`` pool
/// (the one the statements' ``StatementPDFDocument`` uses), with the letter's figures document
/// (`income-letter.json`) attached instead of a CSV. The only place letters use the PDF engine.
///
/// > Note: Same letter, same bytes: the PDF's dates are the letter's issue time (the run's as-of), never the
/// > clock. It is printed again only when its page or the templates changed (``key(page:payeeKey:)``).
struct LetterPDF {
    let engine: PDFEngine

    /// The build's PDF engine, when `--pdf` put a statement PDF document among `documents`.
    init?(documents: StatementDocuments) {
        guard let pdf = documents.all.lazy.compactMap({ $0 as? StatementPDFDocument }).first else { return nil }
        engine = pdf.engine
    }

    /// The PDF of the letter page `page` whose figures file is `json`, issued at `issuedAt`.
    /// With the native engine, `native()` is the letter's document instead (same figures and words).
    func render(
        page: String, json: [UInt8], issuedAt: Timestamp, stylesheet: String, native: () -> PrintDocument
    ) throws -> Data {
        if engine.kind == .native { return try engine.write(native(), letter: true, name: "income-letter.pdf") }
        let created = Timestamp.format(epochSeconds: issuedAt.epochSeconds, offsetSeconds: 0)
            .replacingOccurrences(of: "+00:00", with: "Z")
        let attachment = PDFEngine.Attachment(
            name: LetterFiles.json, bytes: Data(json), type: "application/json",
            description: "The letter's figures document (signed)")
        return try engine.render(
            PDFEngine.Job(
                label: "income-letter", page: Data(page.utf8), attachment: attachment, created: created,
                stylesheet: stylesheet, letter: true))
    }

    /// What the PDF is made from: the page's bytes and the payee's static key (tool, options, templates with the
    /// stylesheet, documents). An unchanged key keeps the published PDF.
    static func key(page: String, payeeKey: String) -> String {
        var digest = DigestBuilder("ledgerpress letter pdf 1")
        digest.text(payeeKey)
        digest.text(page)
        return digest.finish()
    }

    /// The ``PayeeManifest/Rendered`` entry's name for the letter's PDF (never a period's label).
    static let renderedName = LetterFiles.pdf
}
