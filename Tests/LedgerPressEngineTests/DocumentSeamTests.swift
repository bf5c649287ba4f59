import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressSite
import Testing

/// A document registered by a test, never shipped: each statement's net activity per currency, one line each.
struct NetTextDocument: StatementDocument {
    var suffix: String { ".net.txt" }
    var downloadLabel: String? { nil }

    func render(_ statement: StatementRendering) -> Data {
        var text = "\(statement.payee.id) \(statement.label)\n"
        for section in statement.statement.sections {
            text += "\(section.currency.code) \(section.figures.netActivity)\n"
        }
        return Data(text.utf8)
    }
}

/// A test document only for month statements (as `--pdf month` is).
struct MonthNoteDocument: StatementDocument {
    var suffix: String { ".month.txt" }
    var downloadLabel: String? { "download_pdf" }
    func applies(to kind: PeriodKind) -> Bool { kind == .month }
    func render(_ statement: StatementRendering) -> Data { Data("\(statement.payee.id) \(statement.label)\n".utf8) }
}

/// The document seam, proved by adding through it: a test-only renderer's file is written beside each statement,
/// listed in the manifest, checked by `verify`, carried by `merge` and kept on a no-change rerun.
@Suite struct DocumentSeamTests {
    static func options(shard: Shard? = nil) -> BuildOptions {
        EngineFixture.exampleOptions {
            $0.documents = .standard(plus: [NetTextDocument()])
            $0.shard = shard
        }
    }

    @Test func aRegisteredDocumentIsWrittenListedVerifiedMergedAndKept() throws {
        let fixture = try EngineFixture()
        let builder = SiteBuilder(inputs: EngineFixture.exampleInputs(), options: Self.options())
        let built = try builder.build(into: fixture.url("site"), named: "site")
        let site = fixture.tree("site")
        let statements = site.keys.filter {
            $0.hasPrefix("payees/") && $0.hasSuffix(".html") && !$0.hasSuffix("index.html")
        }
        #expect(statements.count == built.site.statementCount)
        // Beside each statement, with the statement's own figures.
        for page in statements {
            let base = String(page.dropLast(".html".count))
            let text = try #require(site[base + ".net.txt"].map { String(decoding: $0, as: UTF8.self) }, "\(base)")
            let parts = base.components(separatedBy: "/")
            #expect(text.hasPrefix(parts[1] + " " + parts[2] + "\n"))
        }
        #expect(site.keys.filter { $0.hasSuffix(".net.txt") }.count == built.site.statementCount)
        // Listed in the payee's manifest.
        let manifest = String(decoding: try #require(site["payees/drv_ann/manifest.json"]), as: UTF8.self)
        #expect(manifest.contains("\"path\" : \"payees/drv_ann/2026-11.net.txt\""))
        // Checked by verify: the site verifies, and a changed byte in one is found.
        #expect(SiteVerifier.verify(directory: fixture.url("site")) == [])
        let tampered = fixture.url("site/payees/drv_ann/2026-11.net.txt")
        var bytes = try Data(contentsOf: tampered)
        bytes[bytes.startIndex] ^= 1
        try bytes.write(to: tampered)
        #expect(SiteVerifier.verify(directory: fixture.url("site")).contains { $0.contains("2026-11.net.txt") })
    }

    @Test func aNoChangeRerunKeepsTheDocumentAndAMissingOneIsRenderedAgain() throws {
        let fixture = try EngineFixture()
        let builder = SiteBuilder(inputs: EngineFixture.exampleInputs(), options: Self.options())
        _ = try builder.build(into: fixture.url("site"), named: "site")
        let first = fixture.tree("site")
        let again = try builder.build(into: fixture.url("site"), named: "site")
        #expect(again.site.unchangedSite)
        #expect(fixture.tree("site") == first)
        // A site built without the document renders every payee again, and gets the document.
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("plain"), named: "plain")
        #expect(fixture.tree("plain").keys.filter { $0.hasSuffix(".net.txt") }.isEmpty)
        let upgraded = try builder.build(into: fixture.url("plain"), named: "plain")
        #expect(upgraded.site.payeesRendered == 5)
        #expect(fixture.tree("plain") == first)
    }

    @Test func mergeCarriesTheDocumentOfEveryShard() throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: Self.options())
            .build(into: fixture.url("whole"), named: "whole")
        for index in 0..<2 {
            _ = try SiteBuilder(
                inputs: EngineFixture.exampleInputs(), options: Self.options(shard: Shard(index: index, count: 2))
            )
            .build(into: fixture.url("shard\(index)"), named: "shard\(index)")
        }
        let templates = try BuildStop.templates(defaults: EngineFixture.templates, overrides: nil)
        let shards = [fixture.url("shard0"), fixture.url("shard1")]
        // A merge that does not know the document refuses the shards' files.
        #expect(throws: MergeFailure.self) {
            try SiteMerger(templates: templates).merge(shards, into: fixture.url("refused"))
        }
        _ = try SiteMerger(templates: templates, documents: .standard(plus: [NetTextDocument()]))
            .merge(shards, into: fixture.url("merged"))
        let whole = fixture.tree("whole")
        let merged = fixture.tree("merged")
        #expect(whole.keys.filter { $0.hasSuffix(".net.txt") }.count == 75)
        for (path, bytes) in whole where path.hasSuffix(".net.txt") { #expect(merged[path] == bytes, "\(path)") }
        #expect(SiteVerifier.verify(directory: fixture.url("merged")) == [])
    }

    @Test func aDocumentForSomePeriodKindsIsWrittenLinkedKeptAndMergedOnlyForThem() throws {
        let fixture = try EngineFixture()
        func options(_ shard: Shard? = nil) -> BuildOptions {
            EngineFixture.exampleOptions {
                $0.documents = .standard(plus: [MonthNoteDocument()])
                $0.shard = shard
            }
        }
        let built = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options())
            .build(into: fixture.url("whole"), named: "whole")
        let whole = fixture.tree("whole")
        let notes = whole.keys.filter { $0.hasSuffix(".month.txt") }
        #expect(notes.count == built.site.statementsByKind["month"])
        for note in notes { #expect(note.wholeMatch(of: /payees\/[^\/]+\/[0-9]{4}-[0-9]{2}\.month\.txt/) != nil) }
        let month = String(decoding: try #require(whole["payees/drv_ann/2026-10.html"]), as: UTF8.self)
        let week = String(decoding: try #require(whole["payees/drv_ann/2026-W44.html"]), as: UTF8.self)
        #expect(month.contains("href=\"2026-10.month.txt\""))
        #expect(!week.contains(".month.txt"))
        #expect(SiteVerifier.verify(directory: fixture.url("whole")) == [])
        let again = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options())
            .build(into: fixture.url("whole"), named: "whole")
        #expect(again.site.unchangedSite)
        for index in 0..<2 {
            _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options(Shard(index: index, count: 2)))
                .build(into: fixture.url("shard\(index)"), named: "shard\(index)")
        }
        let templates = try BuildStop.templates(defaults: EngineFixture.templates, overrides: nil)
        _ = try SiteMerger(templates: templates, documents: .standard(plus: [MonthNoteDocument()]))
            .merge([fixture.url("shard0"), fixture.url("shard1")], into: fixture.url("merged"))
        let merged = fixture.tree("merged")
        for (path, bytes) in whole where path.hasSuffix(".month.txt") { #expect(merged[path] == bytes, "\(path)") }
        #expect(merged.keys.filter { $0.hasSuffix(".month.txt") }.count == notes.count)
    }
}
