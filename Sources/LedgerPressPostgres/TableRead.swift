import Foundation
import LedgerPressImport

/// One read of a table through libpq: connect, one `REPEATABLE READ READ ONLY` snapshot, check the columns, then
/// `COPY (SELECT ...) TO STDOUT (FORMAT csv, HEADER)`: PostgreSQL itself writes the rows as native CSV, which the
/// reader hands on as they arrive (``PostgresSource/Reader``), committing and closing at the end.
struct TableRead {
    let location: PostgresLocation
    let environment: [String: String]

    /// Connected, checked, and the COPY sent: the connection its rows (or its failure) come from.
    func start() throws(SourceFailure) -> PQConnection {
        var note = ""
        let password = location.password(environment: environment) { note = " (\($0))" }
        let connection: PQConnection
        do {
            connection = try PQConnection.connect(parameters(password: password), timeout: location.connectTimeout)
        } catch {
            if error.sqlState == "3D000" {
                throw .absent("no database \(location.database) at \(location.display)")
            }
            let socket = location.isSocket ? " (socket \(location.host)/.s.PGSQL.\(location.port))" : ""
            let reason =
                error.needsPassword
                ? "the server asks for a password, and the password file has none for this server, database and user"
                : error.described
            throw .unavailable("cannot connect to \(location.display)\(socket): \(reason)\(note)")
        }
        do {
            try begin(on: connection)
            return connection
        } catch let failure as SourceFailure {
            connection.close()
            throw failure
        } catch let failure as PQConnection.Failure {
            connection.close()
            throw .unreadable("\(location.display): \(Self.readReason(failure))")
        } catch {
            connection.close()
            throw .unreadable("\(location.display): \(error)")
        }
    }

    /// libpq's keywords for this location. The password is the one the password file gave (``PostgresLocation/
    /// password(environment:warn:)``), and libpq is pointed at no file of its own, so that it reads none and warns
    /// about none. `sslmode=require` checks the server's certificate and name against the system's CAs
    /// (`PGSSLROOTCERT` overrides), as the source always did: libpq's `verify-full`.
    func parameters(password: String?) -> [(String, String)] {
        var parameters: [(String, String)] = [
            ("host", location.host), ("port", String(location.port)), ("dbname", location.database),
            ("user", location.user), ("application_name", "ledgerpress"), ("client_encoding", "UTF8"),
            ("connect_timeout", String(location.connectTimeout)), ("passfile", "/nonexistent/.pgpass"),
        ]
        if let password { parameters.append(("password", password)) }
        switch location.sslMode {
        case .disable: parameters.append(("sslmode", "disable"))
        case .prefer: parameters.append(("sslmode", "prefer"))
        case .require:
            parameters.append(("sslmode", "verify-full"))
            parameters.append(("sslrootcert", environment["PGSSLROOTCERT"] ?? "/etc/ssl/certs/ca-certificates.crt"))
        }
        return parameters
    }

    /// The snapshot, the check, then the COPY.
    private func begin(on connection: PQConnection) throws {
        try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        let relations = try connection.run(
            "SELECT c.oid::regclass::text, c.relkind::text FROM pg_class c WHERE c.oid = to_regclass($1)",
            [location.table])
        guard let relation = relations.first, let name = relation[0], let kind = relation[1],
            ["r", "v", "m", "p", "f"].contains(kind)
        else {
            throw SourceFailure.absent(
                "no table or view \(location.table) in database \(location.database) at \(location.display)")
        }
        let columns = try connection.run(
            """
            SELECT a.attname::text, format_type(a.atttypid, a.atttypmod), a.atttypid::int8, t.typtype::text
            FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
            WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY a.attnum
            """, [location.table])
        let found = columns.map { row in
            LedgerTable.Found(
                name: row[0] ?? "", type: row[1] ?? "", oid: Int(row[2] ?? "") ?? 0, typtype: row[3] ?? "")
        }
        let unique = try connection.run(LedgerTable.uniqueIDQuery, [location.table])
        switch LedgerTable.plan(relation: name, found: found, uniqueID: unique.first?[0] == "true") {
        case .success(let table): try connection.startCopy(table.copy)
        case .failure(let problems): throw SourceFailure.mismatch(problems.lines.joined(separator: "; "))
        }
    }

    /// Why a read failed once connected. A server that ends the session (a FATAL or PANIC error: stopped by an
    /// operator, shut down, a session timeout) sends its reason only when it is not waiting to write to us; without
    /// one libpq reports the closed connection. Both say the connection closed, the first with the reason.
    static func readReason(_ failure: PQConnection.Failure) -> String {
        let closed = "the server closed the connection"
        if failure.severity == "FATAL" || failure.severity == "PANIC" { return closed + ": " + failure.described }
        guard failure.connectionLost else { return failure.described }
        // libpq's own words for a lost connection add nothing to ours; others (a reset, a timeout) are kept.
        if failure.sqlState == nil && failure.message.hasPrefix("server closed the connection") { return closed }
        return closed + ": " + failure.described
    }
}
