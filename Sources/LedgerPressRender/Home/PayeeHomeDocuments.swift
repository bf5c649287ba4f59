import LedgerPressCore

/// Which of a payee's documents exist beyond each statement's page, Markdown and CSV, so that their home links
/// exactly those (issue 47: every document findable): the statements' PDFs of some period kinds (`--pdf`), and their
/// income letter (`--letters`: its page, its PDF with `--pdf`, its signed JSON).
public struct PayeeHomeDocuments: Sendable, Equatable {
    /// The income letter's files, as links from the payee's folder.
    public struct Letter: Sendable, Equatable {
        public var page: String
        public var pdf: String?
        public var json: String

        public init(page: String, pdf: String?, json: String) {
            self.page = page
            self.pdf = pdf
            self.json = json
        }
    }

    /// The period kinds whose statements have a `<label>.pdf` beside them.
    public var pdfKinds: Set<PeriodKind>
    /// The income letter, when the payee has one.
    public var letter: Letter?

    public init(pdfKinds: Set<PeriodKind> = [], letter: Letter? = nil) {
        self.pdfKinds = pdfKinds
        self.letter = letter
    }

    /// The home's `letter` object: `page_href`, `has_pdf`, `pdf_href`, `json_href`; nil without a letter.
    var letterContext: TemplateObject? {
        guard let letter else { return nil }
        var object: TemplateObject = [
            "page_href": .text(letter.page), "has_pdf": .flag(letter.pdf != nil), "json_href": .text(letter.json),
        ]
        if let pdf = letter.pdf { object["pdf_href"] = .text(pdf) }
        return object
    }
}
