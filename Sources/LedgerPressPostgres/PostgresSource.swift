import Foundation
import LedgerPressEngine

/// A PostgreSQL table or view holding the native columns, read as the second kind of ``LedgerSource``.
///
/// Each ``open()`` connects (PostgresNIO), starts one `REPEATABLE READ READ ONLY` transaction, checks the columns'
/// types against the native contract (``LedgerTable``), then streams the rows, ordered by `id`, as native CSV text:
/// the native reader checks every value, so every figure, check and error is the one a file of the same rows gives.
/// Rows are rendered as they arrive and handed over a few 256 KiB pieces at a time; while the build is busy the
/// connection's event loop waits, reading nothing, and the server waits on the full socket (back-pressure), so
/// memory does not grow with the table.
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

    /// Pieces of about this many bytes are handed over, at most ``queued`` of them waiting.
    static let pieceSize = 256 << 10
    static let queued = 4

    public func open() throws(SourceFailure) -> any SourceReader {
        let queue = RowQueue(capacity: Self.queued)
        let thread = ReadThread(name: "ledgerpress-postgres")
        let read = TableRead(location: location, environment: environment, queue: queue)
        Task(executorPreference: thread) {
            await read.run()
            thread.stop()
        }
        do {
            try queue.waitUntilReady()
        } catch {
            queue.abandon()
            throw error
        }
        return Reader(queue: queue)
    }

    /// The rows being read; releasing it before the end stops the read and closes the connection.
    final class Reader: SourceReader {
        private let queue: RowQueue
        private var piece: [UInt8] = []
        private var offset = 0

        init(queue: RowQueue) { self.queue = queue }

        deinit { queue.abandon() }

        var sizeHint: Int { 0 }

        func next(upTo limit: Int) throws(SourceFailure) -> [UInt8]? {
            if offset >= piece.count {
                guard let more = try queue.pop() else { return nil }
                piece = more
                offset = 0
            }
            let end = min(piece.count, offset + max(1, limit))
            defer { offset = end }
            if offset == 0 && end == piece.count { return piece }
            return Array(piece[offset..<end])
        }
    }
}
