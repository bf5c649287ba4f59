import Foundation
import LedgerPressImport

/// A PostgreSQL table or view holding the native columns, read as the second kind of ``LedgerSource``.
///
/// Each ``open()`` connects through libpq (``PQConnection``), starts one `REPEATABLE READ READ ONLY` transaction,
/// checks the columns' types against the native contract (``LedgerTable``), then streams the rows, ordered by `id`,
/// with `COPY (SELECT ...) TO STDOUT (FORMAT csv, HEADER)`: PostgreSQL writes the native CSV, and the native reader
/// checks every value, so every figure, check and error is the one a file of the same rows gives. Rows are taken
/// from the connection only as the build asks for pieces; while the build is busy nothing is read, and the server
/// waits on the full socket (back-pressure), so memory does not grow with the table.
///
/// Messages name the source by its table (`ledger_entries:txn_9: error: amount: ...`, a bad row by its `id`), the
/// manifest and run report by its URL without a password (``PostgresLocation/display``). ``SourceFailure``: 69 when
/// the server cannot be reached or refuses the login, 66 when the database or table is not there, 65 when a column
/// is missing or of the wrong type, 74 when the connection is lost while reading.
public struct PostgresSource: LedgerSource {
    public let location: PostgresLocation
    /// libpq's variables, for the password file (`PGPASSFILE`, `HOME`).
    let environment: [String: String]

    public init(location: PostgresLocation, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.location = location
        self.environment = environment
    }

    public var name: String { location.table }
    public var recordedName: String { location.display }
    public var kind: String? { "postgresql" }
    public var rowNames: RowNames { .keys }

    public func open() throws(SourceFailure) -> any SourceReader {
        Reader(try TableRead(location: location, environment: environment).start(), display: location.display)
    }

    /// The rows being read; releasing it before the end closes the connection, which stops the read.
    final class Reader: SourceReader {
        private let connection: PQConnection
        private let display: String
        /// Rows taken from the connection; those before `offset` are handed on.
        private var bytes: [UInt8] = []
        private var offset = 0
        private var ended = false

        init(_ connection: PQConnection, display: String) {
            self.connection = connection
            self.display = display
        }

        var sizeHint: Int { 0 }

        func next(upTo limit: Int) throws(SourceFailure) -> [UInt8]? {
            let want = max(1, limit)
            if offset > 0 {
                bytes.removeSubrange(0..<offset)
                offset = 0
            }
            while bytes.count < want && !ended { try take() }
            guard !bytes.isEmpty else { return nil }
            let end = min(bytes.count, want)
            offset = end
            return Array(bytes[0..<end])
        }

        /// One more row, or the end: then the transaction is committed and the connection closed.
        private func take() throws(SourceFailure) {
            do {
                if try !connection.copyRow(into: &bytes) {
                    ended = true
                    try connection.run("COMMIT")
                    connection.close()
                }
            } catch {
                ended = true
                connection.close()
                throw .unreadable("\(display): \(TableRead.readReason(error))")
            }
        }
    }
}
