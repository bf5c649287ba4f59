import Foundation
import LedgerPressCore

/// What importers need beyond the bytes: who a single-account export belongs to, payee types, zones.
public struct ImportSettings: Sendable {
    /// `--format`: read every input as this format instead of detecting it.
    public var forcedFormat: InputFormat?
    /// `--payee ACCOUNT` for every single-account input, and `--payee FILE=ACCOUNT` per file.
    public var payee: String?
    public var payeeByFile: [String: String]
    /// Payee types from the payees file, then `--payee-type`.
    public var payeeTypes: [String: PayeeType]
    public var defaultPayeeType: PayeeType?
    /// The zone of timestamps written without one (Stripe's `created`), `--source-timezone`; nil when not
    /// given (a Stripe export then needs its zone in its file name).
    public var sourceZone: ZoneClock?
    /// `--mapping FILE`: inputs no other format recognises are read through it.
    public var mapping: Mapping?
    /// The run's table of entry texts: every entry an importer makes goes into it (a new table by default).
    public var texts: EntryTexts

    public init(
        forcedFormat: InputFormat? = nil, payee: String? = nil, payeeByFile: [String: String] = [:],
        payeeTypes: [String: PayeeType] = [:], defaultPayeeType: PayeeType? = nil, sourceZone: ZoneClock? = nil,
        mapping: Mapping? = nil, texts: EntryTexts = EntryTexts()
    ) {
        self.mapping = mapping
        self.texts = texts
        self.forcedFormat = forcedFormat
        self.payee = payee
        self.payeeByFile = payeeByFile
        self.payeeTypes = payeeTypes
        self.defaultPayeeType = defaultPayeeType
        self.sourceZone = sourceZone
    }

    /// A payee's type for exports that have none (Stripe's): the payees file, else `--payee-type`;
    /// nil after reporting the problem at `line`.
    func payeeType(for payee: String, line: Int, table: inout CSVTable) -> PayeeType? {
        if let type = payeeTypes[payee] ?? defaultPayeeType { return type }
        table.problem(
            line, "payee_type", "a type for payee '\(payee)' from the payees file or --payee-type driver|merchant",
            "none")
        return nil
    }

    func payee(forFile file: String) -> String? {
        payeeByFile[file] ?? payeeByFile[(file as NSString).lastPathComponent] ?? payee
    }

    /// The account an export without an account column belongs to (`--payee`, by file or for all) and its type;
    /// nil when either is missing, reported at `line` of `table`.
    func exportPayee(line: Int, table: inout CSVTable) -> (id: String, type: PayeeType)? {
        guard let payee = payee(forFile: table.file) else {
            table.problem(
                line, nil, "the account this export belongs to (--payee ACCOUNT or --payee FILE=ACCOUNT)", "none")
            return nil
        }
        guard let type = payeeType(for: payee, line: line, table: &table) else { return nil }
        return (payee, type)
    }

    /// `--payee` assignments that no input used, each as a problem: an account named for nothing is a
    /// mistake (a file that names its accounts itself, a misspelt file name), never silently ignored. An
    /// input uses the assignment when its layout has no account column (even with no rows). An input whose format
    /// was not recognised may need it: its header is the problem reported, never the assignment.
    public func unusedPayeeAssignments(_ files: [ImportedFile]) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (key, account) in payeeByFile.sorted(by: { $0.key < $1.key }) {
            let named = files.filter { $0.name == key || ($0.name as NSString).lastPathComponent == key }
            if named.isEmpty {
                problems.append(
                    Diagnostic(
                        at: SourceLocation(file: "--payee", line: 0),
                        expected: "FILE=ACCOUNT for an input file given to this run",
                        found: "\(key)=\(account)"))
            } else if !named.contains(where: { $0.usedPayeeOption || !$0.recognised }) {
                problems.append(
                    Diagnostic(
                        at: SourceLocation(file: "--payee", line: 0),
                        expected: "an input that needs an account (\(key) names the account of each row itself)",
                        found: "\(key)=\(account)"))
            }
        }
        if let payee,
            !files.contains(where: {
                ($0.usedPayeeOption || !$0.recognised) && payeeByFile[$0.name] == nil
                    && payeeByFile[($0.name as NSString).lastPathComponent] == nil
            })
        {
            problems.append(
                Diagnostic(
                    at: SourceLocation(file: "--payee", line: 0),
                    expected: "an input that needs an account (every input names the account of each row itself)",
                    found: payee))
        }
        return problems
    }
}

/// Reads any supported input: detects the format from the header unless forced.
public enum LedgerImport {
    public static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        let registry = ImporterRegistry.standard
        let detected = settings.forcedFormat == nil ? registry.detect(bytes) : nil
        if settings.forcedFormat == .mapped || (settings.forcedFormat == nil && detected == nil),
            let mapping = settings.mapping
        {
            return MappedImporter.read(bytes: bytes, file: file, mapping: mapping, settings: settings)
        }
        guard let format = settings.forcedFormat ?? detected, format != .mapped,
            let importer = registry.importer(for: format)
        else {
            return unrecognised(bytes: bytes, file: file)
        }
        return importer.read(bytes: bytes, file: file, settings: settings)
    }

    /// A file no format recognised: not read, with a header diagnostic naming the closest format.
    static func unrecognised(bytes: [UInt8], file: String) -> ImportedFile {
        var result = ImportedFile(name: file, format: .native)
        result.recognised = false
        let found = bytes.isEmpty ? "an empty file" : firstLine(bytes)
        result.diagnostics.append(
            Diagnostic(
                at: SourceLocation(file: file, line: bytes.isEmpty ? 0 : 1, field: bytes.isEmpty ? nil : "header"),
                expected: ImporterRegistry.standard.expectation(forHeader: bytes), found: found))
        return result
    }

    /// Whether an input whose first piece is `firstPiece` (more follows) can be read in pieces: a native
    /// export (forced, or recognised with no mapping to apply) whose header record ends within the piece.
    /// Every other input is read whole.
    public static func readsInPieces(_ firstPiece: [UInt8], settings: ImportSettings) -> Bool {
        switch settings.forcedFormat {
        case .native?: break
        case nil: guard InputFormat.detect(firstPiece) == .native else { return false }
        default: return false
        }
        var reader = CSVReader(bytes: firstPiece)
        guard (try? reader.next()) != nil else { return false }
        return reader.position < firstPiece.count
    }

    static func firstLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 10 && $0 != 13 }.prefix(200), as: UTF8.self)
    }
}
