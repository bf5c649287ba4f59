import Foundation
import LedgerPressEngine
import LedgerPressImport
import LedgerPressTestSupport
import Testing

@testable import LedgerPressPostgres

/// The PostgreSQL source against a real server (a throw-away cluster, ``PostgresCluster``), in-process.
@Suite struct PostgresSourceTests {
    /// The example ledger's rows (the last of each id) in a new database; the database and the rows' CSV file.
    static func exampleDatabase(_ fixture: EngineFixture, _ cluster: PostgresCluster) throws -> (String, URL) {
        let csv = fixture.url("rows.csv")
        let ledger = try String(contentsOfFile: EngineFixture.example("example-ledger.csv"), encoding: .utf8)
        try PostgresCluster.lastOfEachID(ledger).write(to: csv, atomically: true, encoding: .utf8)
        return (try cluster.ledgerDatabase("engine", rows: csv.path), csv)
    }

    static func source(_ url: String, environment: [String: String] = [:]) throws -> PostgresSource {
        PostgresSource(
            location: try PostgresLocation.parse(url: url, environment: environment), environment: environment)
    }

    /// The build's stop, or nil when it succeeded.
    /// The stop of a build of the table at `url`, and every message it printed (its stop's lines last).
    static func stopAndMessages(building url: String, into folder: URL) throws -> (BuildStop, [String]) {
        var messages: [String] = []
        let stop = try #require(Self.stop(building: [try source(url)], into: folder, message: { messages += $0 }))
        return (stop, messages + stop.lines)
    }

    static func stop(
        building sources: [any LedgerSource], into url: URL, message: ([String]) -> Void = { _ in }
    ) -> BuildStop? {
        do {
            _ = try SiteBuilder(
                inputs: EngineFixture.exampleInputs(sources: sources), options: EngineFixture.exampleOptions()
            )
            .build(into: url, named: "site", message: message)
            return nil
        } catch let stop as BuildStop {
            return stop
        } catch {
            Issue.record("expected a BuildStop, got \(error)")
            return nil
        }
    }

    @Test func theTableBuildsTheSiteItsRowsBuildAsACSVFileAndARerunWithoutNewRowsChangesNothing() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let (database, csv) = try Self.exampleDatabase(fixture, cluster)
        let table = try Self.source(cluster.url(database: database))
        let builder = SiteBuilder(
            inputs: EngineFixture.exampleInputs(sources: [table]), options: EngineFixture.exampleOptions())
        let built = try builder.build(into: fixture.url("pg"), named: "pg")
        #expect(built.site.statementCount == 75)
        _ = try SiteBuilder(
            inputs: EngineFixture.exampleInputs(sources: [FileSource(path: csv.path)]),
            options: EngineFixture.exampleOptions()
        ).build(into: fixture.url("csv"), named: "csv")
        let fromTable = fixture.tree("pg")
        let fromFile = fixture.tree("csv")
        #expect(Set(fromTable.keys) == Set(fromFile.keys))
        for (path, bytes) in fromFile where !path.hasSuffix("manifest.json") {
            #expect(fromTable[path] == bytes, "\(path)")
        }
        #expect(fromTable["finance/summary.csv"] != nil && fromTable["finance/lines.csv"] != nil)
        // Nothing new in the table: the same digest, every payee reused, nothing written.
        let again = try builder.build(into: fixture.url("pg"), named: "pg")
        #expect(again.site.unchangedSite)
        #expect(again.site.payeesRendered == 0)
        #expect(fixture.tree("pg") == fromTable)
        // A new row: its payee is rendered again, the others are reused.
        try cluster.psql(
            database,
            "INSERT INTO ledger_entries VALUES ('t900', '2026-11-20T10:00:00Z', 'drv_ann', 'driver', 'Ann Lee', 'tip', 2.50, 'USD', NULL, NULL, NULL, NULL)"
        )
        let night = try builder.build(into: fixture.url("pg"), named: "pg")
        #expect(night.site.payeesRendered == 1)
        #expect(night.imported.entries == built.imported.entries + 1)
    }

    /// Issue 49: the rows come as PostgreSQL's own `COPY ... (FORMAT csv, HEADER)` writes them, byte for byte: an empty
    /// text as `""` and NULL as an empty cell, quotes doubled, commas and line ends (LF, CR) inside quotes,
    /// `\.`, backslashes and non-ASCII text as they are; and those rows build.
    @Test func theRowsArePostgreSQLsOwnCSVByteForByteAndTheyBuild() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let database = "csv_" + UUID().uuidString.prefix(8).lowercased()
        try cluster.createDatabase(database)
        try cluster.psql(database, "CREATE TABLE ledger_entries \(PostgresCluster.nativeTable)")
        try cluster.psql(
            database,
            """
            INSERT INTO ledger_entries VALUES
            ('t1', '2026-10-01T10:00:00Z', 'drv_ann', 'driver', '', 'earning', 10.00, 'USD', 'job,1', 'say "hi"', NULL, NULL),
            ('t2', '2026-10-01T11:00:00Z', 'drv_ann', 'driver', 'Ann Lee', 'tip', 1.50, 'USD', NULL, E'two\\nlines\\rand a CR', NULL, NULL),
            ('t3', '2026-10-01T12:00:00Z', 'drv_ann', 'driver', 'Ann Lee', 'earning', 2.00, 'USD', NULL, '\\.', NULL, NULL),
            ('t4', '2026-10-01T12:30:00.25Z', 'drv_ann', 'driver', 'Ann Lee', 'earning', 3, 'USD', NULL, E'back\\\\slash \\u00e9\\u4e2d', NULL, NULL)
            """)
        let expected = try cluster.psql(
            database,
            """
            COPY (SELECT id, to_char(occurred_at AT TIME ZONE 'UTC', CASE WHEN date_trunc('second', occurred_at) = occurred_at
            THEN 'YYYY-MM-DD"T"HH24:MI:SS"Z"' ELSE 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' END) AS occurred_at, payee_id,
            payee_type, payee_name, kind, amount, currency, reference, description, payout_id, payout_status
            FROM ledger_entries ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER true)
            """)
        #expect(expected.contains(",\"\",") && expected.contains("\r"))
        let read = try Self.source(cluster.url(database: database)).open().readAll()
        #expect(String(decoding: read, as: UTF8.self) == expected)
        // The database's own time zone and date style do not reach the rows.
        try cluster.psql("postgres", "ALTER DATABASE \(database) SET TimeZone = 'Asia/Tokyo'")
        try cluster.psql("postgres", "ALTER DATABASE \(database) SET DateStyle = 'SQL, DMY'")
        #expect(try cluster.psql(database, "SHOW DateStyle").hasPrefix("SQL, DMY"))
        let readAgain = try Self.source(cluster.url(database: database)).open().readAll()
        #expect(readAgain == read)
        let built = try SiteBuilder(
            inputs: EngineFixture.exampleInputs(sources: [try Self.source(cluster.url(database: database))]),
            options: EngineFixture.exampleOptions()
        ).build(into: fixture.url("site"), named: "site")
        #expect(built.imported.entries == 4)
    }

    /// Issue 49: `id` alone orders the rows only where a unique, `NOT NULL` key says no two rows share it; a table
    /// (or view) that may repeat an id is ordered by every column's text after it, so the same rows give the same
    /// bytes whatever their order on disk.
    @Test func rowsAreOrderedByIdAloneOnlyWhereAUniqueKeySaysIdsDoNotRepeat() throws {
        let cluster = try PostgresCluster.shared()
        let database = "order_" + UUID().uuidString.prefix(8).lowercased()
        try cluster.createDatabase(database)
        let columns =
            "(id text, occurred_at timestamptz, payee_id text, payee_type text, kind text, amount numeric, currency text)"
        try cluster.psql(database, "CREATE TABLE open_ids \(columns)")
        try cluster.psql(database, "CREATE TABLE keyed_ids \(columns)")
        try cluster.psql(database, "CREATE UNIQUE INDEX ON keyed_ids (id)")
        try cluster.psql(database, "ALTER TABLE keyed_ids ALTER COLUMN id SET NOT NULL")
        // Inserted so that disk order is the reverse of every column's order.
        let rows = """
            ('t2', '2026-10-01T09:00:00Z', 'drv_ann', 'driver', 'tip', 1.00, 'USD'),
            ('t1', '2026-10-01T12:00:00Z', 'drv_ann', 'driver', 'earning', 3.00, 'USD'),
            ('t1', '2026-10-01T11:00:00Z', 'drv_bob', 'driver', 'earning', 2.00, 'USD'),
            ('t1', '2026-10-01T11:00:00Z', 'drv_ann', 'driver', 'earning', 2.00, 'USD')
            """
        try cluster.psql(database, "INSERT INTO open_ids VALUES \(rows)")
        try cluster.psql(database, "INSERT INTO keyed_ids VALUES \(rows.split(separator: "\n").dropFirst(3).joined())")
        try cluster.psql(database, "INSERT INTO keyed_ids VALUES \(rows.split(separator: "\n").first!.dropLast())")
        let open = try Self.source(cluster.url(database: database, table: "open_ids")).open().readAll()
        #expect(
            String(decoding: open, as: UTF8.self).split(separator: "\n").map {
                $0.split(separator: ",").prefix(3).joined(separator: ",")
            } == [
                "id,occurred_at,payee_id", "t1,2026-10-01T11:00:00Z,drv_ann", "t1,2026-10-01T11:00:00Z,drv_bob",
                "t1,2026-10-01T12:00:00Z,drv_ann", "t2,2026-10-01T09:00:00Z,drv_ann",
            ])
        let keyed = try Self.source(cluster.url(database: database, table: "keyed_ids")).open().readAll()
        #expect(
            String(decoding: keyed, as: UTF8.self).split(separator: "\n").map { $0.prefix(2) } == ["id", "t1", "t2"])
        // Which tables have such a key: a unique key that allows NULL ids does not order alone (two NULL ids could
        // tie), nor does a unique index of a part of the table, nor one of `lower(id)`.
        func hasKey(_ table: String) throws -> String {
            try cluster.psql(database, LedgerTable.uniqueIDQuery.replacingOccurrences(of: "$1", with: "'\(table)'"))
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try hasKey("keyed_ids") == "true" && hasKey("open_ids") == "false")
        try cluster.psql(database, "CREATE UNIQUE INDEX ON open_ids (id) WHERE kind = 'tip'")
        try cluster.psql(database, "DELETE FROM open_ids WHERE id = 't1'")
        try cluster.psql(database, "CREATE UNIQUE INDEX ON open_ids (lower(id))")
        try cluster.psql(database, "ALTER TABLE open_ids ALTER COLUMN id SET NOT NULL")
        #expect(try hasKey("open_ids") == "false")
        try cluster.psql(database, "ALTER TABLE keyed_ids ALTER COLUMN id DROP NOT NULL")
        #expect(try hasKey("keyed_ids") == "false")
        let plans = [false, true].map { unique in
            (try? LedgerTable.plan(
                relation: "t",
                found: LedgerTable.native.map {
                    LedgerTable.Found(name: $0.name, type: "text", oid: 25, typtype: "b")
                }, uniqueID: unique
            ).get())?.select ?? ""
        }
        #expect(plans[0].hasSuffix("ORDER BY t.\"id\", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15"))
        #expect(plans[1].hasSuffix("ORDER BY t.\"id\""))
    }

    @Test func columnsOfTheWrongTypeAreRefusedBeforeAnyRowNamingTableColumnExpectedAndFound() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let database = "types_" + UUID().uuidString.prefix(8).lowercased()
        try cluster.createDatabase(database)
        try cluster.psql(
            database,
            "CREATE TABLE floats (id bigint, occurred_at timestamp, payee_id text, payee_type text, kind text, amount double precision, description jsonb)"
        )
        let stop = try #require(
            Self.stop(
                building: [try Self.source(cluster.url(database: database, table: "floats"))], into: fixture.url("site")
            ))
        #expect(stop.reason == .dataError)
        #expect(
            stop.lines == [
                "floats: error: occurred_at: expected timestamp with time zone (timestamptz) or text, got timestamp without time zone; amount: expected numeric, an integer type or text, got double precision; currency: expected a column of text, varchar, char or an enum, got none; description: expected text, varchar, char or an enum, got jsonb"
            ])
        #expect(!FileManager.default.fileExists(atPath: fixture.url("site").path))
    }

    @Test func aBadRowFailsTheRunNamedByItsKeyAsABadFileRowIsByItsLine() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let (database, _) = try Self.exampleDatabase(fixture, cluster)
        try cluster.psql(
            database,
            """
            INSERT INTO ledger_entries VALUES
            ('txn_9', '2026-11-20T10:00:00Z', 'drv_ann', 'driver', NULL, 'earning', 10.001, 'USD', NULL, E'two\\nlines', NULL, NULL),
            ('txn_8', '2026-11-20T10:00:00Z', 'drv_ann', 'driver', NULL, 'earnin', 10.00, 'usd', NULL, NULL, NULL, NULL)
            """)
        let (stop, all) = try Self.stopAndMessages(building: cluster.url(database: database), into: fixture.url("site"))
        #expect(stop.reason == .dataError)
        #expect(
            all.contains(
                "ledger_entries:txn_8: error: kind: expected one of earning, tip, fee, adjustment, refund, payout, tax, opening_balance, got 'earnin'"
            ))
        #expect(all.contains("ledger_entries:txn_9: error: amount: expected at most 2 decimals for USD, got '10.001'"))
        #expect(!FileManager.default.fileExists(atPath: fixture.url("site").path))
    }

    /// Issue 45 item 3: a date BC (or an infinite one) is refused naming the table, the row's id and the column; before,
    /// `to_char`'s `YYYY` dropped the era and `'2026-10-01 10:00Z BC'` landed in October 2026.
    @Test func aDateBCOrInfinityIsRefusedNamingTableKeyAndColumn() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let (database, _) = try Self.exampleDatabase(fixture, cluster)
        try cluster.psql(
            database,
            """
            INSERT INTO ledger_entries VALUES
            ('txn_bc', '2026-10-01 10:00Z BC', 'drv_ann', 'driver', NULL, 'earning', 10.00, 'USD', NULL, NULL, NULL, NULL),
            ('txn_inf', 'infinity', 'drv_ann', 'driver', NULL, 'earning', 10.00, 'USD', NULL, NULL, NULL, NULL)
            """)
        let (stop, all) = try Self.stopAndMessages(building: cluster.url(database: database), into: fixture.url("site"))
        #expect(stop.reason == .dataError)
        #expect(
            all.contains { $0.hasPrefix("ledger_entries:txn_bc: error: occurred_at: ") && $0.contains("BC") }, "\(all)")
        #expect(
            all.contains { $0.hasPrefix("ledger_entries:txn_inf: error: occurred_at: ") && $0.contains("infinity") })
        #expect(!FileManager.default.fileExists(atPath: fixture.url("site").path))
    }

    @Test func oneSnapshotPerRunRowsInsertedWhileReadingDoNotAppear() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.bigTable(cluster, rows: 40_000)
        let reader = try Self.source(cluster.url(database: database)).open()
        var bytes = try #require(try reader.next())
        try cluster.psql(
            database,
            "INSERT INTO ledger_entries VALUES ('zzz_late', now(), 'drv_late', 'driver', NULL, 'tip', 1, 'USD', NULL, NULL, NULL, NULL)"
        )
        while let piece = try reader.next() { bytes += piece }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 40_001)
        #expect(!text.contains("zzz_late"))
        // The next run sees it.
        let next = String(decoding: try Self.source(cluster.url(database: database)).open().readAll(), as: UTF8.self)
        #expect(next.contains("zzz_late"))
    }

    @Test func aConnectionLostWhileReadingFailsTheReadSayingSo() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.bigTable(cluster, rows: 40_000)
        let reader = try Self.source(cluster.url(database: database)).open()
        _ = try reader.next()
        try Self.terminateAndExpectTheClosedConnection(cluster, database, reader, url: cluster.url(database: database))
    }

    /// A server that is not waiting on the socket when it is told to stop sends its reason before closing (the case
    /// above, where it waits to write, mostly closes without one): the message says the connection closed and why.
    @Test func aConnectionEndedByTheServerWithAReasonSaysItClosedAndWhy() throws {
        let cluster = try PostgresCluster.shared()
        let database = try Self.bigTable(cluster, rows: 2_000)
        try cluster.psql(
            database,
            """
            CREATE FUNCTION slowly(id text) RETURNS boolean LANGUAGE plpgsql VOLATILE
            AS $$ BEGIN PERFORM pg_sleep(0.01); RETURN true; END $$;
            CREATE VIEW slow_entries AS SELECT * FROM ledger_entries WHERE slowly(id)
            """)
        let url = cluster.url(database: database, table: "slow_entries")
        let reader = try Self.source(url).open()
        // Told to stop while it runs the rows' query (in `pg_sleep`), not between queries.
        let deadline = Date().addingTimeInterval(30)
        while try cluster.psql(
            "postgres",
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'ledgerpress' AND datname = '\(database)' AND state = 'active' AND query LIKE 'COPY (SELECT%slow_entries%'"
        ).trimmingCharacters(in: .whitespacesAndNewlines) != "1", Date() < deadline {
            usleep(10_000)
        }
        let message = try Self.terminateAndExpectTheClosedConnection(cluster, database, reader, url: url)
        #expect(
            message.contains(": terminating connection due to administrator command (SQLSTATE 57P01)"), "\(message)")
    }

    /// Ends the server's side of `reader`'s connection, reads on, and expects the read to fail with exit 74, saying
    /// the connection closed and naming `url`; the failure's message.
    @discardableResult
    static func terminateAndExpectTheClosedConnection(
        _ cluster: PostgresCluster, _ database: String, _ reader: any SourceReader, url: String
    ) throws -> String {
        try cluster.psql(
            "postgres",
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ledgerpress' AND datname = '\(database)'"
        )
        var failure: SourceFailure?
        do {
            while try reader.next() != nil {}
        } catch {
            failure = error
        }
        let caught = try #require(failure)
        #expect(caught.exit == .ioError)
        #expect(caught.message.contains("the server closed the connection"), "\(caught.message)")
        #expect(caught.message.contains(url))
        return caught.message
    }

    @Test func aPasswordComesFromThePasswordFileAndNeverFromTheURL() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let (database, _) = try Self.exampleDatabase(fixture, cluster)
        try cluster.grantReader(database)
        let url = cluster.url(database: database, user: PostgresCluster.reader)
        let passfile = fixture.url("pgpass")
        try
            "# comment\n*:*:other:*:wrong\n*:*:\(database):\(PostgresCluster.reader):\(PostgresCluster.readerPassword)\n"
            .write(to: passfile, atomically: true, encoding: .utf8)
        chmod(passfile.path, 0o600)
        let environment = ["PGPASSFILE": passfile.path]
        let bytes = try Self.source(url, environment: environment).open().readAll()
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("id,occurred_at,"))
        // Without it the server refuses the login: 69, and no password in the message.
        var refused: SourceFailure?
        let bare = try Self.source(url, environment: [:])
        do { _ = try bare.open() } catch { refused = error }
        #expect(refused?.exit == .unavailable)
        // A password file others may read is ignored, as libpq does, and the message says so.
        chmod(passfile.path, 0o644)
        var ignored: SourceFailure?
        let shared = try Self.source(url, environment: environment)
        do { _ = try shared.open() } catch { ignored = error }
        #expect(ignored?.message.contains("has group or world access; it is ignored") == true)
        for failure in [refused, ignored] {
            #expect(failure?.message.contains(PostgresCluster.readerPassword) == false)
        }
    }

    @Test func whatIsNotThereStops66AndAServerThatIsNotThere69() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let (database, _) = try Self.exampleDatabase(fixture, cluster)
        let noTable = Self.stop(
            building: [try Self.source(cluster.url(database: database, table: "nope"))], into: fixture.url("a"))
        #expect(noTable?.reason == .noInput)
        #expect(noTable?.lines.first?.hasPrefix("nope: error: no table or view nope in database \(database)") == true)
        let noDatabase = Self.stop(building: [try Self.source(cluster.url(database: "nodb"))], into: fixture.url("b"))
        #expect(noDatabase?.reason == .noInput)
        let noServer = Self.stop(
            building: [try Self.source("postgresql://x@/db?host=\(fixture.url("nothing").path)&table=t")],
            into: fixture.url("c"))
        #expect(noServer?.reason == .unavailable)
        #expect(noServer?.lines.first?.contains("cannot connect to postgresql://x@/db?host=") == true)
    }

    /// A database whose table has `rows` generated rows (several pieces' worth).
    static func bigTable(_ cluster: PostgresCluster, rows: Int) throws -> String {
        let database = "big_" + UUID().uuidString.prefix(8).lowercased()
        try cluster.createDatabase(database)
        try cluster.psql(database, "CREATE TABLE ledger_entries \(PostgresCluster.nativeTable)")
        try cluster.psql(
            database,
            """
            INSERT INTO ledger_entries SELECT 'e' || lpad(n::text, 7, '0'), '2026-10-01T00:00:00Z'::timestamptz + n * interval '1 minute',
            'drv_' || (n % 50), 'driver', 'Driver with a long enough name ' || (n % 50), 'earning', 12.34, 'USD',
            'job_' || n, 'A trip from somewhere to somewhere else, with a description', NULL, NULL
            FROM generate_series(1, \(rows)) AS n
            """)
        return database
    }
}
