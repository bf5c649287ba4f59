import Foundation
import LedgerPressEngine
import LedgerPressImport
import LedgerPressPostgres
import LedgerPressTestSupport
import Testing

/// The database going away in the middle of a run, through the whole build: the run stops with a clear error
/// (exit 74, the source named, no password), and the site published before stays byte for byte as it was.
@Suite struct PostgresStopTests {
    /// A source whose reader, once it has given its first piece, has the server end the run's connection
    /// (`pg_terminate_backend`, which is also what a server shutting down does to every session).
    final class CutSource: LedgerSource {
        let inner: PostgresSource
        let cut: @Sendable () throws -> Void
        init(_ inner: PostgresSource, cut: @escaping @Sendable () throws -> Void) {
            self.inner = inner
            self.cut = cut
        }
        var name: String { inner.name }
        var recordedName: String { inner.recordedName }
        var kind: String? { inner.kind }
        var rowNames: RowNames { inner.rowNames }
        func open() throws(SourceFailure) -> any SourceReader { CutReader(try inner.open(), cut: cut) }
    }

    final class CutReader: SourceReader {
        let inner: any SourceReader
        let cut: @Sendable () throws -> Void
        var pieces = 0
        init(_ inner: any SourceReader, cut: @escaping @Sendable () throws -> Void) {
            self.inner = inner
            self.cut = cut
        }
        var sizeHint: Int { inner.sizeHint }
        func next(upTo limit: Int) throws(SourceFailure) -> [UInt8]? {
            let piece = try inner.next(upTo: limit)
            pieces += 1
            if pieces == 1 {
                do { try cut() } catch { Issue.record("could not end the connection: \(error)") }
            }
            return piece
        }
    }

    @Test func theServerEndingTheConnectionMidRunStopsTheBuild74AndKeepsTheOldSite() throws {
        let cluster = try PostgresCluster.shared()
        let fixture = try EngineFixture()
        let csv = fixture.url("rows.csv")
        let ledger = try String(contentsOfFile: EngineFixture.example("example-ledger.csv"), encoding: .utf8)
        try PostgresCluster.lastOfEachID(ledger).write(to: csv, atomically: true, encoding: .utf8)
        let database = try cluster.ledgerDatabase("stop", rows: csv.path)
        let url = cluster.url(database: database)
        let source = try PostgresSourceTests.source(url)
        let options = EngineFixture.exampleOptions()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(sources: [source]), options: options)
            .build(into: fixture.url("site"), named: "site")
        let before = fixture.tree("site")
        // Enough new rows that the read takes many pieces, so the connection ends while rows are still coming.
        try cluster.psql(
            database,
            """
            INSERT INTO ledger_entries SELECT 'late_' || lpad(n::text, 7, '0'),
            '2026-10-20T00:00:00Z'::timestamptz + n * interval '1 second', 'drv_ann', 'driver', NULL, 'earning', 1.25,
            'USD', 'job_' || n, 'A trip from somewhere to somewhere else, with a long enough description', NULL, NULL
            FROM generate_series(1, 25000) AS n
            """)
        let cut = CutSource(source) {
            try cluster.psql(
                "postgres",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ledgerpress' AND datname = '\(database)'"
            )
        }
        var messages: [String] = []
        var stop: BuildStop?
        do {
            _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(sources: [cut]), options: options)
                .build(into: fixture.url("site"), named: "site", message: { messages += $0 })
            Issue.record("the build should have stopped")
        } catch let caught as BuildStop {
            stop = caught
        }
        let stopped = try #require(stop)
        #expect(stopped.reason == .ioError)
        let said = (messages + stopped.lines).joined(separator: "\n")
        #expect(said.contains(url), "\(said)")
        #expect(said.contains("the server closed the connection"), "\(said)")
        // The site published before is still there, every byte of it, and no staging folder is left beside it.
        #expect(fixture.tree("site") == before)
        let beside = try FileManager.default.contentsOfDirectory(atPath: fixture.url("").path)
        #expect(beside.filter { $0.hasPrefix("site.staging") || $0 == ".site.previous" }.isEmpty, "\(beside)")
        // The next run, with the server answering, reads the new rows and publishes them.
        let after = try SiteBuilder(inputs: EngineFixture.exampleInputs(sources: [source]), options: options)
            .build(into: fixture.url("site"), named: "site")
        #expect(!after.site.unchangedSite)
        #expect(fixture.tree("site") != before)
    }
}
