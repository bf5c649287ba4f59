extension NativeLedgerImporter: LedgerImporter {
    public static let format = InputFormat.native

    public static var headerColumns: [[String]] { requiredColumns.map { [$0] } }

    /// A CSV header with `id`, `occurred_at` and `payee_id`.
    public static func detect(_ header: HeaderProbe) -> Bool { header.has(["id", "occurred_at", "payee_id"]) }

    public static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        read(bytes: bytes, file: file, texts: settings.texts)
    }
}
