/// The input formats, in the order detection asks them: the one list that `--format`, its help, detection and the
/// closest-format message are made from. A new format is a new ``LedgerImporter`` and one line here.
public struct ImporterRegistry: Sendable {
    /// Every format, in detection order (also the order every list of formats is written in).
    public let importers: [any LedgerImporter.Type]

    public init(_ importers: [any LedgerImporter.Type]) { self.importers = importers }

    /// The formats ledgerpress reads. `mapped` comes last: it recognises nothing itself, and reads what nothing
    /// else recognised when a mapping file is given.
    public static let standard = ImporterRegistry([
        NativeLedgerImporter.self, JSONLinesImporter.self, StripeReportImporter.self, StripePayoutsImporter.self,
        StripeDashboardImporter.self, StripePaymentsImporter.self, MappedImporter.self,
    ])

    /// Every format's name, in order.
    public var formats: [InputFormat] { importers.map { $0.format } }

    /// The format called `name` (`--format NAME`), or nil.
    public func format(named name: String) -> InputFormat? { formats.first { $0.rawValue == name } }

    /// The importer of `format`, or nil when the registry has none.
    public func importer(for format: InputFormat) -> (any LedgerImporter.Type)? {
        importers.first { $0.format == format }
    }

    /// The first format (in order) whose importer recognises the file's start, or nil.
    public func detect(_ bytes: [UInt8]) -> InputFormat? {
        let probe = HeaderProbe(bytes)
        return importers.first { $0.detect(probe) }?.format
    }

    /// The names joined for a message: `native, jsonl, ... or mapped` (`conjunction` before the last).
    public func list(_ formats: [InputFormat]? = nil, conjunction: String = "or") -> String {
        let names = (formats ?? self.formats).map(\.rawValue)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
