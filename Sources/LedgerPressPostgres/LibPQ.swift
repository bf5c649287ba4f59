import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one Swift face of libpq (Debian's libpq-dev, in-process): a connection, statements with text parameters and
/// text results, and the rows of a `COPY ... TO STDOUT` as they arrive. The only file that imports `CLibPQ`.
///
/// Blocking calls on the caller's thread: nothing of it runs elsewhere, and nothing outlives ``close()`` (also run
/// on release). One connection is used by one thread at a time.
final class PQConnection {
    private var connection: OpaquePointer?

    private init(_ connection: OpaquePointer) { self.connection = connection }

    deinit { close() }

    /// Why libpq or the server refused: the server's primary message and SQLSTATE when it sent one, else libpq's
    /// words. libpq never puts a password in a message.
    struct Failure: Error, Sendable {
        var message: String
        var sqlState: String? = nil
        /// The server's severity, not localized (`ERROR`, `FATAL`, `PANIC`).
        var severity: String? = nil
        /// The connection is gone (the server closed it, or the network lost it).
        var connectionLost = false
        /// The server asked for a password and none was given.
        var needsPassword = false

        /// The message with its SQLSTATE: `terminating connection due to administrator command (SQLSTATE 57P01)`.
        var described: String { message + (sqlState.map { " (SQLSTATE \($0))" } ?? "") }
    }

    /// Connects with libpq's keywords (`host`, `port`, `dbname`, `user`, `password`, `sslmode`...; no URL is
    /// expanded), giving up after `timeout` seconds.
    static func connect(_ parameters: [(String, String)], timeout: Int) throws(Failure) -> PQConnection {
        let keys = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer { for pointer in keys + values { free(pointer) } }
        let keywordArray = keys.map { UnsafePointer($0) } + [nil]
        let valueArray = values.map { UnsafePointer($0) } + [nil]
        guard let started = PQconnectStartParams(keywordArray, valueArray, 0) else {
            throw Failure(message: "libpq could not allocate a connection")
        }
        let connection = PQConnection(started)
        // The server's SQLSTATE in the text of an error libpq gives without its fields: a failed login's
        // (`FATAL:  3D000: database "x" does not exist`), and one the server sent before closing the connection.
        PQsetErrorVerbosity(started, PQERRORS_VERBOSE)
        // The server's notices are not printed (libpq's default writes them to standard error).
        PQsetNoticeProcessor(started, { _, _ in }, nil)
        let deadline = ContinuousClock.now + .seconds(max(1, timeout))
        var state = PGRES_POLLING_WRITING
        while PQstatus(started) != CONNECTION_BAD {
            if state == PGRES_POLLING_OK { return connection }
            if state == PGRES_POLLING_FAILED { break }
            let left = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = Int32(clamping: left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000)
            guard milliseconds > 0 else { throw Failure(message: "no answer within \(timeout) seconds (timeout)") }
            var wait = pollfd(
                fd: PQsocket(started), events: Int16(state == PGRES_POLLING_READING ? POLLIN : POLLOUT), revents: 0)
            let ready = poll(&wait, 1, milliseconds)
            if ready < 0 && errno != EINTR { break }
            if ready == 0 { continue }
            state = PQconnectPoll(started)
        }
        var failure = Self.parse(String(cString: PQerrorMessage(started)))
        failure.needsPassword = PQconnectionNeedsPassword(started) == 1
        throw failure
    }

    /// An error as libpq words it when it has no fields to give: a failed login's (`connection to server on socket
    /// "..." failed: FATAL:  3D000: database "x" does not exist`, or `... failed: No such file or directory`), or a
    /// server's error followed by libpq's lines on the closed connection (`FATAL:  57P01: terminating connection due
    /// to administrator command`, `server closed the connection unexpectedly`...). The server's line, when there is
    /// one, gives the message, SQLSTATE and severity; otherwise libpq's lines are the message.
    static func parse(_ text: String) -> Failure {
        let lines = text.split(separator: "\n").map { line -> Substring in
            var line = Substring(line.trimmingCharacters(in: .whitespaces))
            if line.hasPrefix("connection to server"), let failed = line.range(of: " failed: ", options: .backwards) {
                line = line[failed.upperBound...]
            }
            return line
        }.filter { !$0.isEmpty && !$0.hasPrefix("LOCATION:") }
        for line in lines {
            guard let colon = line.range(of: ":  "), !line[..<colon.lowerBound].isEmpty,
                line[..<colon.lowerBound].allSatisfy({ $0.isUppercase })
            else { continue }
            let severity = String(line[..<colon.lowerBound])
            let rest = line[colon.upperBound...]
            let code = rest.prefix(5)
            if code.count == 5, code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }),
                rest.dropFirst(5).hasPrefix(": ")
            {
                return Failure(message: String(rest.dropFirst(7)), sqlState: String(code), severity: severity)
            }
            return Failure(message: String(rest), severity: severity)
        }
        guard let first = lines.first else { return Failure(message: "libpq failed without a message") }
        return Failure(message: String(first) + lines.dropFirst().map { " (\($0))" }.joined())
    }

    /// Runs one statement (`$1`... bound to `parameters`, as text); the rows of its result, as text (nil for NULL).
    @discardableResult
    func run(_ sql: String, _ parameters: [String] = []) throws(Failure) -> [[String?]] {
        guard let connection else { throw Failure(message: "the connection is closed", connectionLost: true) }
        let values = parameters.map { strdup($0) }
        defer { for pointer in values { free(pointer) } }
        let bound = values.map { UnsafePointer($0) }
        let result = PQexecParams(connection, sql, Int32(bound.count), nil, bound, nil, nil, 0)
        defer { PQclear(result) }
        guard let result, [PGRES_COMMAND_OK, PGRES_TUPLES_OK].contains(PQresultStatus(result)) else {
            throw failure(result)
        }
        var rows: [[String?]] = []
        for row in 0..<PQntuples(result) {
            rows.append(
                (0..<PQnfields(result)).map { column in
                    PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                })
        }
        return rows
    }

    /// Sends `COPY (...) TO STDOUT` without waiting for the server to start it (it may first compute every row, to
    /// sort them): its rows then come from ``copyRow(into:)``, and so does its failure.
    func startCopy(_ sql: String) throws(Failure) {
        guard let connection else { throw Failure(message: "the connection is closed", connectionLost: true) }
        guard PQsendQuery(connection, sql) == 1 else { throw failure(nil) }
        copyStarting = true
    }

    /// The COPY is sent, and the server has not yet said that it started.
    private var copyStarting = false

    /// Appends the next row of the running COPY (one line of its output) to `bytes`, waiting for it; false at the
    /// end of the rows.
    func copyRow(into bytes: inout [UInt8]) throws(Failure) -> Bool {
        guard let connection else { throw Failure(message: "the connection is closed", connectionLost: true) }
        if copyStarting {
            copyStarting = false
            let result = PQgetResult(connection)
            defer { PQclear(result) }
            guard let result, PQresultStatus(result) == PGRES_COPY_OUT else {
                let refused = failure(result)
                while let more = PQgetResult(connection) { PQclear(more) }
                throw refused
            }
        }
        var row: UnsafeMutablePointer<CChar>?
        let count = PQgetCopyData(connection, &row, 0)
        if count > 0, let row {
            defer { PQfreemem(row) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: row, count: Int(count)))
            return true
        }
        if count == -2 { throw failure(nil) }
        // The end of the COPY: its result says whether the rows ended or the server stopped them.
        var stopped: Failure?
        while let result = PQgetResult(connection) {
            if stopped == nil && PQresultStatus(result) != PGRES_COMMAND_OK { stopped = failure(result) }
            PQclear(result)
        }
        if let stopped { throw stopped }
        return false
    }

    /// Closes the connection (a COPY still running ends with it: the server stops at its next write).
    func close() {
        if let connection { PQfinish(connection) }
        connection = nil
    }

    /// What a failed result (or, without one, the connection) says.
    private func failure(_ result: OpaquePointer?) -> Failure {
        let lost = connection.map { PQstatus($0) == CONNECTION_BAD } ?? true
        func field(_ code: Character) -> String? {
            guard let result, let ascii = code.asciiValue, let value = PQresultErrorField(result, Int32(ascii))
            else { return nil }
            return String(cString: value)
        }
        if let state = field("C") {
            return Failure(
                message: field("M") ?? "", sqlState: state, severity: field("V") ?? field("S"), connectionLost: lost)
        }
        var text = result.map { String(cString: PQresultErrorMessage($0)) } ?? ""
        if text.isEmpty, let connection { text = String(cString: PQerrorMessage(connection)) }
        var failure = Self.parse(text)
        failure.connectionLost = lost
        return failure
    }
}
