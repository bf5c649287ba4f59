extension MappedImporter: LedgerImporter {
    public static let format = InputFormat.mapped

    /// Never: a mapped input is one nothing else recognised, read when a mapping file is given.
    public static func detect(_ header: HeaderProbe) -> Bool { false }

    /// Reads the file through `settings.mapping`; without one, the file is not recognised.
    public static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        guard let mapping = settings.mapping else { return LedgerImport.unrecognised(bytes: bytes, file: file) }
        return read(bytes: bytes, file: file, mapping: mapping, settings: settings)
    }
}
