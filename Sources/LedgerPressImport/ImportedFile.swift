import LedgerPressCore

/// One accepted input row and the entries it made (a Stripe charge row makes an earning and a fee).
public struct ImportedRow: Sendable {
    public var line: Int
    /// The row as it was in the file.
    public var raw: String
    public var entries: [LedgerEntry]
}

/// A row that was not accepted, kept verbatim with why.
public struct RejectedRow: Sendable, Equatable {
    public var file: String
    public var line: Int
    public var raw: String
    public var reason: String

    public init(file: String, line: Int, raw: String, reason: String) {
        self.file = file
        self.line = line
        self.raw = raw
        self.reason = reason
    }
}

/// What reading one input file gave.
public struct ImportedFile: Sendable {
    public var name: String
    public var format: InputFormat
    public var rows: [ImportedRow] = []
    public var rejected: [RejectedRow] = []
    public var diagnostics: [Diagnostic] = []
    /// Rows that are about no payee (a platform report's own rows), accepted but making no entries.
    public var platformRows = 0
    /// False when no format could be recognised (the file then has a header diagnostic and no rows).
    public var recognised = true

    public init(name: String, format: InputFormat) {
        self.name = name
        self.format = format
    }

    /// Data rows read: accepted plus rejected.
    public var rowsRead: Int { rows.count + rejected.count }
    public var entries: [LedgerEntry] { rows.flatMap(\.entries) }
}
