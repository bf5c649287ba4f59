import Foundation
import LedgerPressCrypto
import LedgerPressEngine
import LedgerPressImport
import LedgerPressPostgres
import LedgerPressSite
import LedgerPressTestSupport
import Testing

/// What every ``LedgerSource`` must do, run against each implementation: the file source, the in-memory one, and a
/// PostgreSQL table (in a throw-away cluster, ``PostgresCluster``).
@Suite struct SourceConformanceTests {
    enum Kind: String, CaseIterable, Sendable {
        case file, memory, postgresql
    }

    static let ledger = FileManager.default.contents(atPath: EngineFixture.example("example-ledger.csv")) ?? Data()

    /// A source of `kind`, and the bytes, size hint and recorded name it must give.
    struct Made {
        var source: any LedgerSource
        var bytes: Data
        var sizeHint: Int
        var recordedName: String
    }

    /// The example ledger as a source of `kind`, named `example-ledger.csv`. A table holds one row per id (the last
    /// of each: the file's later rows win), and gives its rows as the native CSV PostgreSQL's own `COPY` writes of
    /// them (ordered by id, `occurred_at` in UTC), with no size known beforehand.
    static func source(_ kind: Kind, in fixture: EngineFixture) throws -> Made {
        switch kind {
        case .file:
            let url = fixture.url("in/example-ledger.csv")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ledger.write(to: url)
            return Made(
                source: FileSource(path: url.path), bytes: ledger, sizeHint: ledger.count,
                recordedName: "example-ledger.csv")
        case .memory:
            return Made(
                source: MemorySource(name: "example-ledger.csv", bytes: Array(ledger)), bytes: ledger,
                sizeHint: ledger.count, recordedName: "example-ledger.csv")
        case .postgresql:
            let cluster = try PostgresCluster.shared()
            let csv = fixture.url("rows.csv")
            try PostgresCluster.lastOfEachID(String(decoding: ledger, as: UTF8.self)).write(
                to: csv, atomically: true, encoding: .utf8)
            let database = try cluster.ledgerDatabase("conformance", rows: csv.path)
            let copy = try cluster.psql(
                database,
                """
                COPY (SELECT id, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS occurred_at,
                payee_id, payee_type, payee_name, kind, amount, currency, reference, description, payout_id,
                payout_status FROM ledger_entries ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER true)
                """)
            let location = try PostgresLocation.parse(url: cluster.url(database: database), environment: [:])
            return Made(
                source: PostgresSource(location: location, environment: [:]), bytes: Data(copy.utf8), sizeHint: 0,
                recordedName: location.display)
        }
    }

    @Test(arguments: Kind.allCases)
    func readsItsBytesInPiecesOfAtMostTheLimitAndAnewOnEachOpen(_ kind: Kind) throws {
        let fixture = try EngineFixture()
        let made = try Self.source(kind, in: fixture)
        let source = made.source
        #expect(made.bytes.count > 1000)
        for _ in 0..<2 {
            let reader = try source.open()
            #expect(reader.sizeHint == made.sizeHint)
            var bytes: [UInt8] = []
            while let piece = try reader.next(upTo: 1000) {
                #expect(!piece.isEmpty && piece.count <= 1000)
                bytes += piece
            }
            #expect(try reader.next(upTo: 1000) == nil)
            #expect(bytes == Array(made.bytes))
        }
        #expect(source.recordedName == made.recordedName)
    }

    @Test(arguments: Kind.allCases)
    func buildsTheSameSiteAndTheManifestRecordsItsIdentityAndDigest(_ kind: Kind) throws {
        let fixture = try EngineFixture()
        let made = try Self.source(kind, in: fixture)
        let source = made.source
        let built = try SiteBuilder(
            inputs: EngineFixture.exampleInputs(sources: [source]), options: EngineFixture.exampleOptions()
        ).build(into: fixture.url("site"), named: "site")
        #expect(built.site.statementCount == 75)
        let reference = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: reference.url("site"), named: "site")
        let site = fixture.tree("site")
        let referenceSite = reference.tree("site")
        #expect(Set(site.keys) == Set(referenceSite.keys))
        for (path, bytes) in referenceSite where !path.hasSuffix("manifest.json") {
            #expect(site[path] == bytes, "\(path)")
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url("site/manifest.json")))
                as? [String: Any])
        let inputs = try #require(manifest["inputs"] as? [[String: Any]])
        #expect(inputs.count == 1)
        let digest = SHA256.hash(data: made.bytes).map { String(format: "%02x", $0) }.joined()
        #expect(inputs[0]["name"] as? String == made.recordedName)
        #expect(inputs[0]["size"] as? Int == made.bytes.count)
        #expect(inputs[0]["sha256"] as? String == digest)
        #expect(inputs[0]["rows"] as? Int == built.imported.rowsRead)
        // A file is what the manifest assumes unless it says otherwise (so published manifests stay as they were).
        #expect(inputs[0]["source"] as? String == (kind == .file ? nil : kind.rawValue))
    }
}
