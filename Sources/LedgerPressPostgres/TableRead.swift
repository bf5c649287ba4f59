import Foundation
import LedgerPressEngine
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// One read of a table: connect, one `REPEATABLE READ READ ONLY` snapshot, check the columns, stream the rows as
/// native CSV pieces into the queue, commit, close. Runs as a task on its own ``ReadThread`` with an event loop of
/// its own, both gone when the read ends (nothing outlives a run).
struct TableRead: Sendable {
    let location: PostgresLocation
    let environment: [String: String]
    let queue: RowQueue

    /// PostgresNIO logs nothing of ours: no query, host or user reaches a log.
    static let logger = Logger(label: "ledgerpress.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    func run() async {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let failure = await read(on: group)
        queue.finish(failure)
        try? await group.shutdownGracefully()
    }

    private func read(on group: MultiThreadedEventLoopGroup) async -> SourceFailure? {
        var note = ""
        let password = location.password(environment: environment) { note = " (\($0))" }
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try self.configuration(password: password)
        } catch {
            return .unavailable("cannot connect to \(location.display): TLS: \(error)")
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: 1, logger: Self.logger)
        } catch {
            if let error = error as? PSQLError, error.serverInfo?[.sqlState] == "3D000" {
                return .absent("no database \(location.database) at \(location.display)")
            }
            let socket = location.isSocket ? " (socket \(location.host)/.s.PGSQL.\(location.port))" : ""
            return .unavailable("cannot connect to \(location.display)\(socket): \(Self.reason(error))\(note)")
        }
        do {
            try await read(from: connection)
            try? await connection.close()
            return nil
        } catch let failure as SourceFailure {
            try? await connection.close()
            return failure
        } catch is RowQueue.Abandoned {
            try? await connection.close()
            return nil
        } catch {
            try? await connection.close()
            return .unreadable("\(location.display): \(Self.readReason(error))")
        }
    }

    private func configuration(password: String?) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if location.isSocket {
            configuration = .init(
                unixSocketPath: location.host + "/.s.PGSQL.\(location.port)", username: location.user,
                password: password, database: location.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            switch location.sslMode {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            configuration = .init(
                host: location.host, port: location.port, username: location.user, password: password,
                database: location.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(Int64(location.connectTimeout))
        configuration.options.additionalStartupParameters = [("application_name", "ledgerpress")]
        return configuration
    }

    /// The snapshot, the check, then every row into the queue.
    private func read(from connection: PostgresConnection) async throws {
        try await run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", on: connection)
        let relations = try await connection.query(
            """
            SELECT c.oid::regclass::text, c.relkind::text FROM pg_class c
            WHERE c.oid = to_regclass(\(location.table))
            """, logger: Self.logger)
        var relation: (name: String, kind: String)?
        for try await (name, kind) in relations.decode((String, String).self) { relation = (name, kind) }
        guard let relation, ["r", "v", "m", "p", "f"].contains(relation.kind) else {
            throw SourceFailure.absent(
                "no table or view \(location.table) in database \(location.database) at \(location.display)")
        }
        let columns = try await connection.query(
            """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), a.atttypid::int8, t.typtype::text
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
            WHERE a.attrelid = to_regclass(\(location.table)) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum
            """, logger: Self.logger)
        var found: [LedgerTable.Found] = []
        for try await (name, type, oid, typtype) in columns.decode((String, String, Int, String).self) {
            found.append(LedgerTable.Found(name: name, type: type, oid: oid, typtype: typtype))
        }
        let table: LedgerTable
        switch LedgerTable.plan(relation: relation.name, found: found) {
        case .success(let plan): table = plan
        case .failure(let problems):
            throw SourceFailure.mismatch(problems.lines.joined(separator: "; "))
        }
        queue.announceReady()
        // Rows are taken in a callback on the connection's own event loop, which waits in it while the queue is
        // full: the loop then reads nothing more, the socket fills and the server waits (back-pressure through the
        // kernel). Not PostgresNIO's async row sequence: in 1.33.2, a server that closes the connection while that
        // sequence waits for demand stops the process (RowStreamStateMachine.channelReadComplete's precondition),
        // where a lost connection must be a clear error.
        let rendering = RowRendering(header: table.header, queue: queue)
        _ = try await connection.query(PostgresQuery(unsafeSQL: table.select), logger: Self.logger) { row in
            try rendering.add(row)
        }.get()
        try rendering.finish()
        try await run("COMMIT", on: connection)
    }

    private func run(_ sql: String, on connection: PostgresConnection) async throws {
        for try await _ in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger) {}
    }

    /// Why a connection or query failed, in the server's words where it gave some; never a password (PostgresNIO's
    /// own description of an error is deliberately empty, and its debug description holds the query).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        let what = words[error.code] ?? "\(error.code)"
        if let underlying = error.underlying as? IOError {
            return what + ": " + String(cString: strerror(underlying.errnoCode))
        }
        if let underlying = error.underlying { return what + ": \(underlying)" }
        return what
    }

    /// Why a read failed once connected. A server that ends the session (a FATAL or PANIC error: stopped by an
    /// operator, shut down, a session timeout) sends its reason only when it is not waiting to write to us; without
    /// one PostgresNIO reports the closed connection. Both say the connection closed, the first with the reason.
    static func readReason(_ error: any Error) -> String {
        let severity = (error as? PSQLError)?.serverInfo?[.severity]
        guard severity == "FATAL" || severity == "PANIC" else { return reason(error) }
        return words[.serverClosedConnection, default: ""] + ": " + reason(error)
    }

    /// PostgresNIO's failures without a server message, in words.
    static let words: [PSQLError.Code: String] = [
        .serverClosedConnection: "the server closed the connection",
        .connectionError: "connection error",
        .uncleanShutdown: "the connection was shut down uncleanly",
        .authMechanismRequiresPassword:
            "the server asks for a password, and the password file has none for this server, database and user",
        .unsupportedAuthMechanism: "the server asks for a kind of authentication PostgresNIO does not support",
        .sslUnsupported: "the server does not offer TLS (sslmode=require)",
        .queryCancelled: "the query was cancelled",
    ]
}

/// Rows rendered as native CSV lines into pieces of about ``PostgresSource/pieceSize`` bytes, each handed to the
/// queue when full (waiting there while the queue is full). Used by one event loop thread at a time only.
final class RowRendering: @unchecked Sendable {
    private var piece: [UInt8]
    private let queue: RowQueue

    init(header: [UInt8], queue: RowQueue) {
        self.queue = queue
        piece = header
        piece.reserveCapacity(PostgresSource.pieceSize + (64 << 10))
    }

    func add(_ row: PostgresRow) throws(RowQueue.Abandoned) {
        var first = true
        for cell in row {
            if !first { piece.append(UInt8(ascii: ",")) }
            first = false
            cell.bytes?.withUnsafeReadableBytes { CSVCell.append($0, to: &piece) }
        }
        piece.append(UInt8(ascii: "\n"))
        if piece.count >= PostgresSource.pieceSize {
            try queue.push(piece)
            piece = []
            piece.reserveCapacity(PostgresSource.pieceSize + (64 << 10))
        }
    }

    /// Hands over what is left (the header alone, for a table without rows).
    func finish() throws(RowQueue.Abandoned) {
        if !piece.isEmpty { try queue.push(piece) }
        piece = []
    }
}

/// A text cell as RFC 4180 writes it: in quotes (inner quotes doubled) when it holds a comma, a quote or a line end.
enum CSVCell {
    static func append(_ bytes: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        var needsQuotes = false
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13 {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            out.append(contentsOf: bytes)
            return
        }
        out.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { out.append(byte) }
            out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
    }
}
