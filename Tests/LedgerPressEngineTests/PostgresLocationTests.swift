import Foundation
import LedgerPressPostgres
import Testing

/// `--source` URLs and `--source-config` files, read as libpq reads them; a password is refused and never repeated.
@Suite struct PostgresLocationTests {
    @Test func aURLGivesServerDatabaseUserAndTableAndLibpqVariablesFillInTheRest() throws {
        let tcp = try PostgresLocation.parse(
            url: "postgresql://reporter@db.example.com:6432/ledger?table=ledger.entries&sslmode=require",
            environment: ["PGUSER": "ignored", "PGHOST": "ignored"])
        #expect(tcp.host == "db.example.com")
        #expect(tcp.port == 6432)
        #expect(tcp.user == "reporter")
        #expect(tcp.database == "ledger")
        #expect(tcp.table == "ledger.entries")
        #expect(tcp.sslMode == .require)
        #expect(tcp.display == "postgresql://reporter@db.example.com:6432/ledger?table=ledger.entries")
        let socket = try PostgresLocation.parse(
            url: "postgres://%2Frun%2Fpostgresql/ledger?table=ledger_entries",
            environment: ["PGUSER": "nightly", "PGPORT": "5433"])
        #expect(socket.host == "/run/postgresql")
        #expect(socket.isSocket)
        #expect(socket.port == 5433)
        #expect(socket.user == "nightly")
        #expect(socket.sslMode == .disable)
        #expect(socket.display == "postgresql://nightly@/ledger?host=/run/postgresql&port=5433&table=ledger_entries")
        let defaults = try PostgresLocation.parse(
            url: "postgresql:///?table=t", environment: ["PGHOST": "/tmp/sock", "PGDATABASE": "books", "PGUSER": "u"])
        #expect(defaults.host == "/tmp/sock")
        #expect(defaults.database == "books")
        #expect(defaults.passfile == nil)
    }

    @Test(arguments: [
        "postgresql://reporter:hunter2-secret@db.example.com/ledger?table=t",
        "postgresql://db.example.com/ledger?table=t&password=hunter2-secret",
        "postgresql://:hunter2-secret@/ledger?table=t",
    ])
    func aURLHoldingAPasswordIsRefusedWithoutRepeatingIt(_ url: String) {
        do {
            _ = try PostgresLocation.parse(url: url, environment: [:])
            Issue.record("expected a refusal")
        } catch {
            #expect(error.message.contains("a password in the connection settings is refused"))
            #expect(error.message.contains("~/.pgpass"))
            #expect(!error.message.contains("hunter2"))
        }
    }

    @Test func aConfigFileHoldsKeywordsOrAURLButNoPassword() throws {
        let keywords = try PostgresLocation.parse(
            config:
                "# the nightly job's replica\nhost=/run/postgresql dbname=ledger\nuser=nightly table='\"ledger entries\"'\n",
            environment: [:])
        #expect(keywords.host == "/run/postgresql")
        #expect(keywords.database == "ledger")
        #expect(keywords.user == "nightly")
        #expect(keywords.table == "\"ledger entries\"")
        let url = try PostgresLocation.parse(
            config: "postgresql://nightly@/ledger?host=/run/postgresql&table=ledger_entries\n", environment: [:])
        #expect(url.table == "ledger_entries")
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(config: "host=x table=t password=hunter2", environment: [:])
        }
        do {
            _ = try PostgresLocation.parse(config: "host=x table=t passwd=hunter2", environment: [:])
            Issue.record("expected an unknown keyword")
        } catch {
            #expect(error.message.contains("got the keyword 'passwd'"))
            #expect(!error.message.contains("hunter2"))
        }
    }

    @Test func aTableIsRequiredAndPortAndSSLModeAreChecked() {
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(url: "postgresql://h/db", environment: [:])
        }
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(url: "postgresql://h:99999/db?table=t", environment: [:])
        }
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(url: "postgresql://h/db?table=t&sslmode=verify-full", environment: [:])
        }
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(url: "mysql://h/db?table=t", environment: [:])
        }
    }

    /// Issue 45 item 3: the userinfo is found before the path and the query, so a password holding `/`, `?` or `#`
    /// (or a port-like password before a `/`) is refused like any other, and no message repeats any part of it.
    @Test(arguments: [
        ("postgresql://nightly:1234/secretpart@db/ledger?table=t", "nightly", ["1234", "secretpart"]),
        ("postgresql://u:S3cr/t?Pw#9@db.example.com/ledger?table=t", "u", ["S3cr", "Pw#9", "t?Pw"]),
        ("postgresql://u:hunter/22@db.example.com/ledger?table=t", "u", ["hunter", "/22"]),
        ("postgres://u:p@ss@db/ledger?table=t", "u", ["p@ss", "ss@db"]),
    ])
    func aPasswordWithURLDelimitersIsFoundBeforeThePathAndNeverRepeated(
        _ url: String, user: String, secrets: [String]
    ) {
        for form in ["url", "config"] {
            do {
                if form == "url" {
                    _ = try PostgresLocation.parse(url: url, environment: [:])
                } else {
                    _ = try PostgresLocation.parse(config: url + "\n", environment: [:])
                }
                Issue.record("expected \(url) to be refused as a \(form)")
            } catch {
                #expect(error.message.contains("a password in the connection settings is refused"))
                #expect(error.message.contains("postgresql://\(user):***@…"))
                for secret in secrets { #expect(!error.message.contains(secret), "\(error.message)") }
            }
        }
    }

    /// A `@` that belongs to a name after the path (a table, an application name) is not taken for a user.
    @Test func anAtSignAfterThePathIsNotAUser() throws {
        let location = try PostgresLocation.parse(
            url: "postgresql://db.example.com/ledger?table=t&application_name=night@ly", environment: ["PGUSER": "u"])
        #expect(location.user == "u")
        #expect(location.host == "db.example.com")
        let user = try PostgresLocation.parse(url: "postgresql://reporter@db/ledger?table=t", environment: [:])
        #expect(user.user == "reporter")
    }

    /// A config line is never echoed: a line without `=` (`password: Hunter2Secret`) is named by its number only.
    @Test(arguments: [
        "password: Hunter2Secret", "host=x table=t\npassword: Hunter2Secret\n", "Hunter2 Secret=x table=t",
    ])
    func aConfigLineIsNeverEchoed(_ text: String) {
        do {
            _ = try PostgresLocation.parse(config: text, environment: [:])
            Issue.record("expected a refusal")
        } catch {
            #expect(error.message.hasPrefix("--source-config: line "), "\(error.message)")
            #expect(!error.message.contains("Hunter2"), "\(error.message)")
        }
    }

    /// A table name that is not an SQL name is a usage error (64) before any connection, not a failed read (74).
    @Test(arguments: ["Ledger Mixed", "ledger;drop", "a.b.c", "a..b", "\"unclosed", "", "1abc", "x\"y"])
    func aTableNameThatIsNotAnSQLNameIsRefused(_ table: String) {
        let encoded = table.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? table
        #expect(throws: PostgresLocationError.self) {
            try PostgresLocation.parse(url: "postgresql://h/db?table=\(encoded)", environment: [:])
        }
    }

    @Test(arguments: [
        "ledger_entries", "ledger.entries", "\"Ledger Mixed\"", "public.\"Ledger \"\"x\"\"\"", "t$1", "Ünïcode", "_x",
    ])
    func sqlNamesAreAccepted(_ table: String) throws {
        let encoded = table.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? table
        let location = try PostgresLocation.parse(url: "postgresql://h/db?table=\(encoded)", environment: [:])
        #expect(location.table == table)
    }
}
