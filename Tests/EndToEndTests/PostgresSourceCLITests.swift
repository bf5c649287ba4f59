import Foundation
import LedgerPressTestSupport
import Testing

/// `build --source postgresql://...` and `--source-config` through the binary, against a throw-away cluster
/// (``PostgresCluster``): the same site as from the rows' CSV file, the exit codes, and no password anywhere.
@Suite struct PostgresSourceCLITests {
    static let options = [
        "--payees", CLIRunner.example("example-payees.csv"), "--issuer", "Example Rides & Market", "--range",
        "2026-10-01..2026-10-15",
    ]

    /// The example ledger's rows (the last of each id) as `rows.csv` in the runner's folder and in a new database.
    static func exampleDatabase(_ cli: CLIRunner, _ cluster: PostgresCluster) throws -> String {
        let ledger = try String(contentsOfFile: CLIRunner.example("example-ledger.csv"), encoding: .utf8)
        try cli.write("rows.csv", PostgresCluster.lastOfEachID(ledger))
        return try cluster.ledgerDatabase("cli", rows: cli.path("rows.csv"))
    }

    @Test func theTableBuildsTheSameSiteAsItsRowsAsACSVFileWithThePasswordFromThePasswordFileShownNowhere() throws {
        let cluster = try PostgresCluster.shared()
        let cli = try CLIRunner()
        let database = try Self.exampleDatabase(cli, cluster)
        try cluster.grantReader(database)
        try cli.write(
            "pgpass", "*:*:\(database):\(PostgresCluster.reader):\(PostgresCluster.readerPassword)\n")
        chmod(cli.path("pgpass"), 0o600)
        let url = cluster.url(database: database, user: PostgresCluster.reader)
        let fromTable = try cli.run(
            ["build", "--source", url, "--output", "pg", "--report", "report.json", "--verbose"] + Self.options,
            environment: ["PGPASSFILE": cli.path("pgpass")])
        #expect(fromTable.status == 0, "\(fromTable.stderr)")
        let fromFile = try cli.run(["build", "rows.csv", "--output", "csv"] + Self.options)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let table = try cli.tree("pg")
        let file = try cli.tree("csv")
        #expect(Set(table.keys) == Set(file.keys))
        for (path, bytes) in file where !path.hasSuffix("manifest.json") {
            #expect(table[path] == bytes, "\(path)")
        }
        #expect(table["finance/summary.csv"] == file["finance/summary.csv"])
        #expect(table["finance/lines.csv"] == file["finance/lines.csv"])
        // The manifest and the report name the table by its URL, without a password; no output holds the password.
        let manifest = String(decoding: try #require(table["manifest.json"]), as: UTF8.self)
        #expect(manifest.contains("\"name\" : \"\(url)\""))
        #expect(manifest.contains("\"source\" : \"postgresql\""))
        let report = try cli.read("report.json")
        #expect(report.contains(url))
        let secret = PostgresCluster.readerPassword
        #expect(!fromTable.stdout.contains(secret) && !fromTable.stderr.contains(secret))
        #expect(!report.contains(secret))
        for (path, bytes) in table { #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(path)") }
        // The same through a config file; nothing new, so nothing is written.
        try cli.write(
            "source.conf",
            "# the example ledger\nhost=\(cluster.folder) dbname=\(database)\nuser=\(PostgresCluster.reader) table=ledger_entries\n"
        )
        let again = try cli.run(
            ["build", "--source-config", "source.conf", "--output", "pg"] + Self.options,
            environment: ["PGPASSFILE": cli.path("pgpass")])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 added, 0 changed, 242 unchanged"), "\(again.stdout)")
        #expect(try cli.tree("pg") == table)
    }

    @Test func aPasswordInTheURLIsRefused64WithoutRepeatingIt() throws {
        let cli = try CLIRunner()
        for url in [
            "postgresql://nightly:hunter2-secret@/ledger?host=/tmp&table=ledger_entries",
            "postgresql://nightly@/ledger?host=/tmp&table=ledger_entries&password=hunter2-secret",
        ] {
            let outcome = try cli.run(["build", "--source", url, "--output", "out", "--report", "-"])
            #expect(outcome.status == 64)
            #expect(outcome.stdout.contains("\"exit_status\" : 64"), "\(outcome.stdout)")
            #expect(outcome.stderr.contains("a password in the connection settings is refused"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("hunter2") && !outcome.stdout.contains("hunter2"))
        }
        try cli.write("source.conf", "host=/tmp dbname=ledger table=t password=hunter2-secret\n")
        let config = try cli.run(["build", "--source-config", "source.conf", "--output", "out"])
        #expect(config.status == 64)
        #expect(!config.stderr.contains("hunter2"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    /// Issue 45 item 3, as the probe ran it: passwords holding `/`, `?`, `#` (or a port-like one before a `/`) were
    /// read as hosts, databases and queries and printed inside 69 and 64 messages; a config line without `=` was
    /// echoed; `?table=Ledger Mixed` failed on the server with 74.
    @Test func passwordsWithURLDelimitersAndConfigLinesAreNeverPrintedAndABadTableNameIs64() throws {
        let cli = try CLIRunner()
        for (url, secrets) in [
            ("postgresql://nightly:1234/secretpart@db/ledger?table=t", ["secretpart", "1234"]),
            ("postgresql://u:S3cr/t?Pw#9@localhost/ledger?table=t", ["S3cr", "Pw#9"]),
            ("postgresql://u:hunter/22@localhost/ledger?table=t", ["hunter", "/22"]),
        ] {
            let outcome = try cli.run(["build", "--source", url, "--output", "out", "--report", "-"])
            #expect(outcome.status == 64, "\(url): \(outcome.stderr)")
            #expect(outcome.stderr.contains("a password in the connection settings is refused"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(":***@…"), "\(outcome.stderr)")
            for secret in secrets {
                #expect(!outcome.stderr.contains(secret) && !outcome.stdout.contains(secret), "\(outcome.stderr)")
            }
        }
        try cli.write("source.conf", "host=/tmp dbname=ledger table=t\npassword: Hunter2Secret\n")
        let config = try cli.run(["build", "--source-config", "source.conf", "--output", "out"])
        #expect(config.status == 64)
        #expect(config.stderr.contains("line 2: expected keyword=value"), "\(config.stderr)")
        #expect(!config.stderr.contains("Hunter2"))
        let table = try cli.run([
            "build", "--source", "postgresql://u@/ledger?host=/tmp&table=Ledger%20Mixed", "--output", "out",
        ])
        #expect(table.status == 64, "\(table.stderr)")
        #expect(table.stderr.contains("table: expected a table or view as SQL names it"), "\(table.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    @Test func aColumnOfTheWrongTypeStops65AndNoServerStops69AndTheOldSiteStays() throws {
        let cluster = try PostgresCluster.shared()
        let cli = try CLIRunner()
        let database = try Self.exampleDatabase(cli, cluster)
        let first = try cli.run(
            ["build", "--source", cluster.url(database: database), "--output", "out"] + Self.options)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try cli.tree("out")
        try cluster.psql(database, "ALTER TABLE ledger_entries ALTER COLUMN amount TYPE real")
        let mismatch = try cli.run(
            ["build", "--source", cluster.url(database: database), "--output", "out"] + Self.options)
        #expect(mismatch.status == 65)
        #expect(
            mismatch.stderr.contains(
                "ledger_entries: error: amount: expected numeric, an integer type or text, got real"),
            "\(mismatch.stderr)")
        let gone = try cli.run(
            [
                "build", "--source", "postgresql://nightly@/ledger?host=\(cli.path("no-server"))&table=ledger_entries",
                "--output", "out",
            ] + Self.options)
        #expect(gone.status == 69)
        #expect(
            gone.stderr.contains("ledger_entries: error: cannot connect to postgresql://nightly@/ledger?host="),
            "\(gone.stderr)")
        #expect(try cli.tree("out") == before)
    }
}
