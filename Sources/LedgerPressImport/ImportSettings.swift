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
    /// The zone of timestamps written without one (Stripe's `created`), `--source-timezone`.
    public var sourceZone: ZoneClock
    /// `--mapping FILE`: inputs no other format recognises are read through it.
    public var mapping: Mapping?

    public init(
        forcedFormat: InputFormat? = nil, payee: String? = nil, payeeByFile: [String: String] = [:],
        payeeTypes: [String: PayeeType] = [:], defaultPayeeType: PayeeType? = nil, sourceZone: ZoneClock = .utc,
        mapping: Mapping? = nil
    ) {
        self.mapping = mapping
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
        table.problem(line, "payee_type", "a type for payee '\(payee)' from the payees file or --payee-type driver|merchant", "none")
        return nil
    }

    func payee(forFile file: String) -> String? {
        payeeByFile[file] ?? payeeByFile[(file as NSString).lastPathComponent] ?? payee
    }
}

/// Reads any supported input: detects the format from the header unless forced.
public enum LedgerImport {
    public static func read(bytes: [UInt8], file: String, settings: ImportSettings) -> ImportedFile {
        if settings.forcedFormat == .mapped || (settings.forcedFormat == nil && InputFormat.detect(bytes) == nil), let mapping = settings.mapping {
            return MappedImporter.read(bytes: bytes, file: file, mapping: mapping)
        }
        guard let format = settings.forcedFormat ?? InputFormat.detect(bytes), format != .mapped else {
            var result = ImportedFile(name: file, format: .native)
            result.recognised = false
            let found = bytes.isEmpty ? "an empty file" : firstLine(bytes)
            result.diagnostics.append(Diagnostic(
                at: SourceLocation(file: file, line: bytes.isEmpty ? 0 : 1, field: bytes.isEmpty ? nil : "header"),
                expected: "a header row of a known format (native, jsonl, stripe-report, stripe-dashboard, or any CSV with --mapping)", found: found))
            return result
        }
        switch format {
        case .native: return NativeLedgerImporter.read(bytes: bytes, file: file)
        case .jsonl: return JSONLinesImporter.read(bytes: bytes, file: file)
        case .stripeReport: return StripeReportImporter.read(bytes: bytes, file: file, settings: settings)
        case .stripeDashboard: return StripeDashboardImporter.read(bytes: bytes, file: file, settings: settings)
        case .mapped: return ImportedFile(name: file, format: .mapped)
        }
    }

    static func firstLine(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix { $0 != 10 && $0 != 13 }.prefix(200), as: UTF8.self)
    }
}
