import LedgerPressRender

/// A document the native engine prints: blocks of words and figures already in the payee's words and formats
/// (made from the render model: ``StatementPrint``, ``LetterPrint``), and what the file says about itself.
public struct PrintDocument: Sendable {
    /// A piece of inline text, bold or not.
    public struct Text: Sendable, Equatable {
        public var text: String
        public var bold: Bool

        public init(_ text: String, bold: Bool = false) {
            self.text = text
            self.bold = bold
        }
    }

    /// A net-activity chart: one bar per day, drawn as vector rectangles; `alt` is what it shows in words.
    public struct Chart: Sendable {
        public var title: String
        public var alt: String
        /// Each day's net in minor units (the bars' heights).
        public var values: [Int64]
        /// The first and last days' dates, written under the bars.
        public var firstLabel: String
        public var lastLabel: String
    }

    /// One block of a document's body, laid out top to bottom: a heading, a paragraph, a note, a list, a table, a
    /// chart or a QR code.
    public enum Block: Sendable {
        /// `level` 1 to 3.
        case heading(level: Int, text: String)
        case paragraph([Text])
        /// A paragraph set off by a rule at its left (a revision note).
        case note([Text])
        case list([[Text]])
        case table(TableData)
        case chart(Chart)
        /// A QR code of `text`, drawn as vector squares; `alt`: its accessible name.
        case qr(text: String, alt: String)
    }

    /// A file attached to the PDF as its associated file (`/AF`), such as the statement's CSV.
    public struct Attachment: Sendable {
        public var name: String
        public var bytes: [UInt8]
        /// `text/csv`.
        public var mimeType: String
        public var description: String

        public init(name: String, bytes: [UInt8], mimeType: String, description: String) {
            self.name = name
            self.bytes = bytes
            self.mimeType = mimeType
            self.description = description
        }
    }

    public var title: String
    /// BCP 47 (`de-DE`).
    public var language: String
    /// The document's date, RFC 3339 in UTC (`2026-10-31T23:59:59+00:00`): the statement's as-of, never the clock.
    public var created: String
    public var blocks: [Block]
    public var attachment: Attachment?

    public init(title: String, language: String, created: String, blocks: [Block], attachment: Attachment?) {
        self.title = title
        self.language = language
        self.created = created
        self.blocks = blocks
        self.attachment = attachment
    }
}
