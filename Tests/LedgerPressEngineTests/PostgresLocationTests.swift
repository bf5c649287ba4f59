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
                "# the nightly job's replica\nhost=/run/postgresql dbname=ledger\nuser=nightly table='ledger entries'\n",
            environment: [:])
        #expect(keywords.host == "/run/postgresql")
        #expect(keywords.database == "ledger")
        #expect(keywords.user == "nightly")
        #expect(keywords.table == "ledger entries")
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
}
