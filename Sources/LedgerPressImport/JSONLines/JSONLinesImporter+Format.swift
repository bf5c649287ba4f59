extension JSONLinesImporter: LedgerImporter {
    static let format = InputFormat.jsonl

    /// A file whose first byte (after a BOM and white space) opens a JSON object.
    static func detect(_ header: HeaderProbe) -> Bool { header.firstByte == UInt8(ascii: "{") }

    static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        read(bytes: bytes, file: file, texts: settings.texts)
    }
}
