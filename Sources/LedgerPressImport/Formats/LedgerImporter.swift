/// One input format: how a file of it is recognised and how it is read. Every format is one such type, listed
/// once in ``ImporterRegistry/standard``; detection, `--format`, the help and the closest-format message come from
/// that list.
public protocol LedgerImporter: SendableMetatype {
    /// The format's name (`--format NAME`, the run report's `format`).
    static var format: InputFormat { get }

    /// The columns a header of this format needs, each a choice of names as the format spells them: what the
    /// closest-format message says a header lacks. Empty for a format not recognised by its CSV header.
    static var headerColumns: [[String]] { get }

    /// Whether a file that starts this way is of this format (asked in the registry's order; the first yes wins).
    static func detect(_ header: HeaderProbe) -> Bool

    /// Reads a whole file of this format: its entries, and a diagnostic for every bad row.
    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile
}

extension LedgerImporter {
    public static var headerColumns: [[String]] { [] }
}
