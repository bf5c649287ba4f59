import Foundation
import LedgerPressCore
import LedgerPressRender

/// One file a statement is published as, beside the others (`2026-10.md`, `2026-10.html`, `2026-10.csv`).
///
/// The pipeline renders every registered document of every statement it renders (``StatementDocuments``);
/// the payee manifest lists the files, a statement whose render key is unchanged keeps all of them only when
/// all are intact, `verify` checks them and `merge` carries them like any other statement file.
public protocol StatementDocument: Sendable {
    /// What the file's name ends in after the period label (`.pdf`); one document per suffix.
    var suffix: String { get }
    /// The wording key of its link among the statement page's downloads; nil for no link.
    var downloadLabel: String? { get }
    /// The file's bytes. Same statement, same bytes.
    func render(_ statement: StatementRendering) throws -> Data
    /// Whether statements of period kind `kind` are published as this document (a PDF only for months, say).
    func applies(to kind: PeriodKind) -> Bool
    /// What else decides its bytes besides the statement and the templates (the PDF engine), or nil.
    var variant: String? { get }
}

extension StatementDocument {
    /// Every period kind, unless the document says otherwise.
    public func applies(to kind: PeriodKind) -> Bool { true }
    public var variant: String? { nil }
}

/// The documents a build publishes for each statement, in the order of the statement page's download links.
public struct StatementDocuments: Sendable {
    public let all: [any StatementDocument]

    /// `documents` must have distinct suffixes.
    public init(_ documents: [any StatementDocument]) {
        var seen: Set<String> = []
        all = documents.filter { seen.insert($0.suffix).inserted }
    }

    /// What ledgerpress publishes: the CSV and Markdown downloads and the HTML page.
    public static let standard = StatementDocuments([
        StatementCSVDocument(), MarkdownDocument(), StatementPageDocument(),
    ])

    /// The standard documents and `more` after them.
    public static func standard(plus more: [any StatementDocument]) -> StatementDocuments {
        StatementDocuments(standard.all + more)
    }

    /// The suffixes, in order.
    public var suffixes: [String] { all.map(\.suffix) }

    /// The suffixes with the period kinds of a document that is not for every kind and its variant
    /// (`.pdf(month,year)[chromium]`): what the payees' keys depend on.
    public var keyParts: [String] {
        all.map { document in
            let kinds = PeriodKind.allCases.filter(document.applies(to:))
            let part =
                kinds.count == PeriodKind.allCases.count
                ? document.suffix : document.suffix + "(" + kinds.map(\.rawValue).joined(separator: ",") + ")"
            return part + (document.variant.map { "[\($0)]" } ?? "")
        }
    }

    /// The file names of a statement labelled `label`, for every period kind.
    public func names(label: String) -> [String] { all.map { label + $0.suffix } }

    /// The documents published for statements of period kind `kind`, in order.
    public func documents(for kind: PeriodKind) -> [any StatementDocument] { all.filter { $0.applies(to: kind) } }

    /// The file names of a statement labelled `label` of period kind `kind`.
    public func names(label: String, kind: PeriodKind) -> [String] {
        documents(for: kind).map { label + $0.suffix }
    }
}

/// One statement being rendered: what its documents share, each part made once, when first asked for.
public final class StatementRendering {
    public let statement: Statement
    public let payee: Payee
    /// The period's label, which every file name starts with (`2026-10`).
    public var label: String { statement.period.label }
    let record: StatementRecord
    let wording: Wording
    let context: PayeePages.Context
    let footer: String

    init(
        statement: Statement, payee: Payee, record: StatementRecord, wording: Wording, context: PayeePages.Context,
        footer: String
    ) {
        self.statement = statement
        self.payee = payee
        self.record = record
        self.wording = wording
        self.context = context
        self.footer = footer
    }

    /// The statement's view (its template context, tables and charts).
    lazy var view: StatementView = {
        var view = StatementView(
            statement: statement, issuer: context.options.issuer, formats: context.formats, wording: wording)
        if record.version > 1 {
            view.context["revision"] = .object(
                RevisionView(
                    revision: record.revision, wording: wording, formats: context.formats, locale: payee.locale
                )
                .context)
        }
        return view
    }()

    /// The statement's CSV (``StatementCSV``): the `.csv` document and the PDF's attachment, made once.
    public lazy var csv = Data(StatementCSV.statementCSV(statement).utf8)

    /// The statement in Markdown, from the payee type's template.
    public lazy var markdown: String = context.templates.renderStatementMarkdown(
        view.context, driver: payee.type == .driver, wording: wording)
}
