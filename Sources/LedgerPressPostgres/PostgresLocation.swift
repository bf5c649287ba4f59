import Foundation

/// Where a PostgreSQL ledger is: server, database, user and the table or view holding the native columns.
///
/// Given as a libpq-style URL (`postgresql://user@host:5432/db?table=ledger_entries`, a socket folder as
/// `?host=/run/postgresql` or `postgresql://%2Frun%2Fpostgresql/db`), or as a `--source-config` file holding such a
/// URL or libpq keywords (`host=... dbname=... table=...`). What neither gives comes from libpq's variables
/// (`PGHOST`, `PGPORT`, `PGDATABASE`, `PGUSER`, `PGSSLMODE`, `PGPASSFILE`, `PGCONNECT_TIMEOUT`), then libpq's
/// defaults (the socket folder `/var/run/postgresql`, port 5432, the user's login name, the database named after the
/// user). A password is never taken from a URL or a config file: it comes from the password file
/// (`PGPASSFILE`, else `~/.pgpass`), so it is on no command line and in no message, log, report or manifest.
public struct PostgresLocation: Sendable, Equatable {
    /// A host name or address (TCP), or a folder holding the server's Unix socket (starts with `/`).
    public var host: String
    public var port: Int
    public var database: String
    public var user: String
    /// The table or view, as SQL names it (`ledger_entries`, `ledger.entries`, `"Ledger"`).
    public var table: String
    public var sslMode: SSLMode
    /// Seconds to wait for the server before giving up (libpq's `connect_timeout`; 0 means 10 here).
    public var connectTimeout: Int
    /// The password file to read (`passfile`, `PGPASSFILE`, else `~/.pgpass`).
    public var passfile: String?

    /// libpq's `sslmode`, of the values ledgerpress accepts: whether the connection uses TLS.
    public enum SSLMode: String, Sendable, Equatable {
        case disable, prefer, require
    }

    /// Whether `host` is a socket folder.
    public var isSocket: Bool { host.hasPrefix("/") }

    /// The location in messages, the manifest and the run report: a URL without any password.
    public var display: String {
        var text = "postgresql://" + Self.escape(user) + "@"
        if isSocket {
            text += "/" + Self.escape(database) + "?host=" + Self.escape(host)
            if port != 5432 { text += "&port=\(port)" }
            text += "&table="
        } else {
            text += (host.contains(":") ? "[\(host)]" : host) + (port == 5432 ? "" : ":\(port)")
            text += "/" + Self.escape(database) + "?table="
        }
        return text + Self.escape(table)
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~/")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// Why a `--source` or `--source-config` cannot be used as given (exit 64). The message never repeats a password.
public struct PostgresLocationError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
