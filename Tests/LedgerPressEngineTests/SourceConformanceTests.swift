import Crypto
import Foundation
import LedgerPressEngine
import LedgerPressSite
import Testing

/// What every ``LedgerSource`` must do, run against each implementation: the file source and the in-memory one.
@Suite struct SourceConformanceTests {
    enum Kind: String, CaseIterable, Sendable {
        case file, memory
    }

    static let ledger = FileManager.default.contents(atPath: EngineFixture.example("example-ledger.csv")) ?? Data()

    /// The example ledger as a source of `kind`, named `example-ledger.csv`.
    static func source(_ kind: Kind, in fixture: EngineFixture) throws -> any LedgerSource {
        switch kind {
        case .file:
            let url = fixture.url("in/example-ledger.csv")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try ledger.write(to: url)
            return FileSource(path: url.path)
        case .memory:
            return MemorySource(name: "example-ledger.csv", bytes: Array(ledger))
        }
    }

    @Test(arguments: Kind.allCases)
    func readsItsBytesInPiecesOfAtMostTheLimitAndAnewOnEachOpen(_ kind: Kind) throws {
        let fixture = try EngineFixture()
        let source = try Self.source(kind, in: fixture)
        #expect(Self.ledger.count > 1000)
        for _ in 0..<2 {
            let reader = try source.open()
            #expect(reader.sizeHint == Self.ledger.count)
            var bytes: [UInt8] = []
            while let piece = try reader.next(upTo: 1000) {
                #expect(!piece.isEmpty && piece.count <= 1000)
                bytes += piece
            }
            #expect(try reader.next(upTo: 1000) == nil)
            #expect(bytes == Array(Self.ledger))
        }
        #expect(source.recordedName == "example-ledger.csv")
    }

    @Test(arguments: Kind.allCases)
    func buildsTheSameSiteAndTheManifestRecordsItsIdentityAndDigest(_ kind: Kind) throws {
        let fixture = try EngineFixture()
        let source = try Self.source(kind, in: fixture)
        let built = try SiteBuilder(
            inputs: EngineFixture.exampleInputs(sources: [source]), options: EngineFixture.exampleOptions()
        ).build(into: fixture.url("site"), named: "site")
        #expect(built.site.statementCount == 75)
        let reference = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: reference.url("site"), named: "site")
        let site = fixture.tree("site")
        for (path, bytes) in reference.tree("site") where !path.hasSuffix("manifest.json") {
            #expect(site[path] == bytes, "\(path)")
        }
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.url("site/manifest.json")))
                as? [String: Any])
        let inputs = try #require(manifest["inputs"] as? [[String: Any]])
        #expect(inputs.count == 1)
        let digest = SHA256.hash(data: Self.ledger).map { String(format: "%02x", $0) }.joined()
        #expect(inputs[0]["name"] as? String == "example-ledger.csv")
        #expect(inputs[0]["size"] as? Int == Self.ledger.count)
        #expect(inputs[0]["sha256"] as? String == digest)
        #expect(inputs[0]["rows"] as? Int == built.imported.rowsRead)
        // A file is what the manifest assumes unless it says otherwise (so published manifests stay as they were).
        #expect(inputs[0]["source"] as? String == (kind == .file ? nil : "memory"))
    }
}
