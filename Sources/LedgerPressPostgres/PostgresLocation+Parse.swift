import Foundation

extension PostgresLocation {
    /// The keywords a URL's query or a config file may set (libpq's names), and `table`.
    static let keywords: Set<String> = [
        "host", "port", "dbname", "user", "table", "sslmode", "passfile", "connect_timeout", "application_name",
    ]

    static let passwordRefused =
        "a password in the connection settings is refused (it would be seen in the process list, shell history and logs); put it in the password file instead: ~/.pgpass, or the file PGPASSFILE names (host:port:database:user:password, mode 0600)"

    /// The refusal of a URL whose userinfo holds a password: the URL is shown as `postgresql://USER:***@…` at most,
    /// so nothing after the user's name (the password, and whatever a password's `/`, `?` or `@` made look like a
    /// host, database or table) reaches a message.
    static func passwordRefused(user: Substring) -> String {
        let shown = user.count <= 64 && user.allSatisfy { $0.isLetter || $0.isNumber || "-._~%".contains($0) }
        return (shown ? "postgresql://\(user):***@…: " : "postgresql://USER:***@…: ") + passwordRefused
            + " (an '@' that belongs to a name is written %40)"
    }

    /// `postgresql://[user@][host][:port][/dbname][?keyword=value&...]` (also `postgres://`), with libpq's variables
    /// and defaults for what it leaves out. A URL holding a password is refused without repeating it.
    public static func parse(url: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PostgresLocationError) -> PostgresLocation
    {
        try resolve(settings(url: url, option: "--source"), environment: environment)
    }

    /// A `--source-config` file's text: a URL, or libpq keywords (`host=/run/postgresql dbname=ledger
    /// table=ledger_entries`, one or more a line, `#` comments, values in single quotes when they hold spaces).
    public static func parse(config text: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(PostgresLocationError) -> PostgresLocation
    {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let meaningful = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if meaningful.count == 1, meaningful[0].hasPrefix("postgres") && meaningful[0].contains("://") {
            return try resolve(settings(url: meaningful[0], option: "--source-config"), environment: environment)
        }
        // No message repeats a line of the file (it may hold a password written in some other form): a problem is
        // named by its line number, and a keyword only when it looks like one.
        var settings: [String: String] = [:]
        for (number, line) in lines.enumerated() where !line.isEmpty && !line.hasPrefix("#") {
            let option = "--source-config: line \(number + 1)"
            var rest = Substring(line)
            while true {
                rest = rest.drop { $0 == " " || $0 == "\t" }
                guard !rest.isEmpty else { break }
                guard let eq = rest.firstIndex(of: "=") else {
                    throw PostgresLocationError("\(option): expected keyword=value, got text without '='")
                }
                let key = rest[..<eq].trimmingCharacters(in: .whitespaces)
                rest = rest[rest.index(after: eq)...].drop { $0 == " " || $0 == "\t" }
                var value = ""
                if rest.first == "'" {
                    rest = rest.dropFirst()
                    var closed = false
                    while let c = rest.popFirst() {
                        if c == "\\", let next = rest.popFirst() {
                            value.append(next)
                        } else if c == "'" {
                            closed = true
                            break
                        } else {
                            value.append(c)
                        }
                    }
                    if !closed { throw PostgresLocationError("\(option): expected a closing quote") }
                } else {
                    let end = rest.firstIndex { $0 == " " || $0 == "\t" } ?? rest.endIndex
                    value = String(rest[..<end])
                    rest = rest[end...]
                }
                try put(key, value, into: &settings, option: option)
            }
        }
        return try resolve(settings, environment: environment)
    }

    private static func put(_ key: String, _ value: String, into settings: inout [String: String], option: String)
        throws(PostgresLocationError)
    {
        if key == "password" { throw PostgresLocationError("\(option): " + passwordRefused) }
        guard keywords.contains(key) else {
            let looksLikeAKeyword =
                (1...40).contains(key.count) && key.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }
            throw PostgresLocationError(
                "\(option): expected one of \(keywords.sorted().joined(separator: ", ")), got "
                    + (looksLikeAKeyword ? "the keyword '\(key)'" : "an unknown keyword"))
        }
        settings[key] = value
    }

    private static func settings(url: String, option: String) throws(PostgresLocationError) -> [String: String] {
        var rest: Substring
        if url.hasPrefix("postgresql://") {
            rest = url.dropFirst("postgresql://".count)
        } else if url.hasPrefix("postgres://") {
            rest = url.dropFirst("postgres://".count)
        } else {
            throw PostgresLocationError("\(option): expected a URL starting with postgresql://")
        }
        // The userinfo is found first, before the path and the query: a password may hold '/', '?', '#' or '@', and
        // read as a host, port, database or query it would be repeated in messages. Text up to the first '@' with a
        // ':' before any '/', '?' or '#' is `user:password`, refused; without a ':' and any of those, it is the user;
        // otherwise the '@' belongs to the path or the query.
        var userinfo: Substring?
        if let at = rest.firstIndex(of: "@") {
            let before = rest[..<at]
            let delimiter = before.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? before.endIndex
            if let colon = before.firstIndex(of: ":"), colon < delimiter {
                throw PostgresLocationError("\(option): " + passwordRefused(user: before[..<colon]))
            }
            if delimiter == before.endIndex {
                userinfo = before
                rest = rest[rest.index(after: at)...]
            }
        }
        var settings: [String: String] = [:]
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = decode(parts[0])
                try put(key, parts.count > 1 ? decode(parts[1]) : "", into: &settings, option: option)
            }
            rest = rest[..<question]
        }
        var authority = rest
        if let slash = rest.firstIndex(of: "/") {
            authority = rest[..<slash]
            let database = decode(rest[rest.index(after: slash)...])
            if !database.isEmpty { settings["dbname"] = settings["dbname"] ?? database }
        }
        if let userinfo, !userinfo.isEmpty { settings["user"] = settings["user"] ?? decode(userinfo) }
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        if !hostPart.isEmpty { settings["host"] = settings["host"] ?? decode(hostPart) }
        if let portPart, !portPart.isEmpty { settings["port"] = settings["port"] ?? String(portPart) }
        return settings
    }

    private static func decode(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    /// The settings with libpq's variables and defaults filled in, checked.
    static func resolve(_ settings: [String: String], environment: [String: String]) throws(PostgresLocationError)
        -> PostgresLocation
    {
        func value(_ key: String, _ variable: String) -> String? {
            if let set = settings[key], !set.isEmpty { return set }
            if let set = environment[variable], !set.isEmpty { return set }
            return nil
        }
        guard let table = settings["table"], !table.isEmpty else {
            throw PostgresLocationError("--source: expected the table or view to read, as ?table=NAME, got none")
        }
        guard isSQLName(table) else {
            throw PostgresLocationError(
                "--source: table: expected a table or view as SQL names it (ledger_entries, ledger.entries, \"Ledger Entries\"), got '\(table)'"
            )
        }
        let host = value("host", "PGHOST") ?? "/var/run/postgresql"
        let portText = value("port", "PGPORT") ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw PostgresLocationError("--source: port: expected a number from 1 to 65535, got '\(portText)'")
        }
        let user = value("user", "PGUSER") ?? loginName(environment)
        let database = value("dbname", "PGDATABASE") ?? user
        let modeText = value("sslmode", "PGSSLMODE") ?? (host.hasPrefix("/") ? "disable" : "prefer")
        guard let sslMode = SSLMode(rawValue: modeText) else {
            throw PostgresLocationError("--source: sslmode: expected disable, prefer or require, got '\(modeText)'")
        }
        let timeoutText = value("connect_timeout", "PGCONNECT_TIMEOUT") ?? "10"
        guard let timeout = Int(timeoutText), timeout >= 0 else {
            throw PostgresLocationError("--source: connect_timeout: expected seconds, got '\(timeoutText)'")
        }
        return PostgresLocation(
            host: host, port: port, database: database, user: user, table: table, sslMode: sslMode,
            connectTimeout: timeout == 0 ? 10 : timeout, passfile: value("passfile", "PGPASSFILE"))
    }

    /// A table or view name as SQL writes it: one or two parts (`schema.table`) joined by `.`, each an unquoted
    /// identifier (a letter or `_`, then letters, digits, `_` or `$`) or a quoted one (`"Ledger Entries"`, an inner
    /// quote doubled). Anything else would fail only on the server, as a read error.
    static func isSQLName(_ name: String) -> Bool {
        var parts = 0
        var rest = Substring(name)
        while true {
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var part = 0
                var closed = false
                while let c = rest.popFirst() {
                    if c == "\"" {
                        if rest.first == "\"" {
                            rest = rest.dropFirst()
                        } else {
                            closed = true
                            break
                        }
                    }
                    part += 1
                }
                guard closed, part > 0 else { return false }
            } else {
                guard let first = rest.first, first.isLetter || first == "_" else { return false }
                let end = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$") } ?? rest.endIndex
                rest = rest[end...]
            }
            parts += 1
            guard parts <= 2 else { return false }
            if rest.isEmpty { return true }
            guard rest.first == "." else { return false }
            rest = rest.dropFirst()
        }
    }

    private static func loginName(_ environment: [String: String]) -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return environment["USER"] ?? "postgres"
    }
}
