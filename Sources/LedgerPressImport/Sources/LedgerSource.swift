/// Where ledger rows come from: a file today, rows held in memory in tests, a database tomorrow.
///
/// A source hands its rows over as bytes in one of the import formats (native CSV or JSON Lines, a Stripe
/// report, a layout a mapping reads), piece by piece, so that the importers (which recognise the format from
/// the header) and the streaming reader of large native exports serve every source alike. A PostgreSQL
/// source, say, would stream `COPY (SELECT ...) TO STDOUT (FORMAT csv, HEADER)` in the native layout.
///
/// The build digests what it reads, so the manifest records each source's identity, bytes and SHA-256
/// (``InputSummary``) whatever the source is.
public protocol LedgerSource: Sendable {
    /// How messages name the source (`file:line:`) and how `--payee FILE=ACCOUNT` matches it: a file's path as given.
    var name: String { get }
    /// The source's name in the manifest and the run report: a file's last path component.
    var recordedName: String { get }
    /// The kind of source the manifest records beside a source that is not a file (`memory`); nil for a file.
    var kind: String? { get }
    /// How messages name a bad row: by its line (a file), or by its key (a table's rows, whose first column is `id`).
    var rowNames: RowNames { get }
    /// Starts reading from the beginning; each call reads the source anew.
    func open() throws(SourceFailure) -> any SourceReader
}

/// How messages name a bad row of a source: `ledger.csv:17:` (its line), or `ledger_entries:txn_9:` (its key, the
/// value of the first column of the rows the source gives, for a table whose rows have no lines of their own).
public enum RowNames: Sendable, Equatable {
    case lines
    case keys
}

extension LedgerSource {
    public var rowNames: RowNames { .lines }
}

/// A source being read, piece by piece.
public protocol SourceReader: AnyObject {
    /// How many bytes the source expects to give (for reserving room); 0 when unknown.
    var sizeHint: Int { get }
    /// The next piece of at most `limit` bytes; nil at the end.
    func next(upTo limit: Int) throws(SourceFailure) -> [UInt8]?
}

extension SourceReader {
    /// The next piece of at most 1 MiB; nil at the end.
    public func next() throws(SourceFailure) -> [UInt8]? { try next(upTo: 1 << 20) }

    /// Everything left, in one array.
    public func readAll() throws(SourceFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint)
        while let piece = try next(), !piece.isEmpty { bytes.append(contentsOf: piece) }
        return bytes
    }
}

/// Why a source could not be read: exit 66 for what is not there or not an input at all, 74 when reading fails;
/// for a database, 69 when it cannot be reached and 65 when its columns do not match the native contract.
public enum SourceFailure: Error, Equatable, Sendable {
    case missing
    case folder
    case notRegular(String)
    case unreadable(String)
    /// A server that cannot be reached or will not let the run in (exit 69): the reason, without credentials.
    case unavailable(String)
    /// A named thing that is not there, said in words (`no table or view ...`; exit 66).
    case absent(String)
    /// Data whose shape breaks the native contract before any row is read (a column's type; exit 65).
    case mismatch(String)

    /// The message after `NAME: error: `.
    public var message: String {
        switch self {
        case .missing: return "no such file"
        case .folder: return "is a folder, expected a file"
        case .notRegular(let kind): return "is \(kind), expected a regular file"
        case .unreadable(let reason): return "cannot read: \(reason)"
        case .unavailable(let reason), .absent(let reason), .mismatch(let reason): return reason
        }
    }
}
