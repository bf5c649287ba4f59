import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressRender
import LedgerPressSite
import Testing

/// The flows the end-to-end suite drives through the binary, run in-process through ``SiteBuilder``.
@Suite struct InProcessBuildTests {
    @Test func theExampleLedgerBuildsTheGoldenFiles() throws {
        let fixture = try EngineFixture()
        let builder = SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
        var stages: [String] = []
        let built = try builder.build(
            into: fixture.url("site"), named: "site", stage: { name, _ in stages.append(name) })
        #expect(stages == ["import", "plan", "render", "finance", "publish"])
        #expect(built.site.statementCount == 75)
        #expect(built.site.payeeCount == 5)
        #expect(built.imported.entries == 70)
        #expect(built.site.fileCount == 242)
        let site = fixture.tree("site")
        #expect(site.count == 242)
        for file in [
            "finance/summary.csv", "finance/lines.csv", "payees/drv_ann/2026-11.md", "payees/drv_ann/2026-11.html",
            "payees/drv_ann/2026-11.csv", "payees/drv_jose/2026-W43.md", "payees/drv_jose/index.html",
            "payees/mer_cafe/2026-10.html", "payees/mer_cafe/2026-10.csv", "payees/drv_zoe/index.html",
        ] {
            let golden = try Data(contentsOf: EngineFixture.golden.appendingPathComponent("example/" + file))
            #expect(site[file] == golden, "\(file) differs from its golden file")
        }
    }

    @Test func aRerunWithNothingNewReusesEveryPayeeAndWritesNothing() throws {
        let fixture = try EngineFixture()
        let builder = SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
        _ = try builder.build(into: fixture.url("site"), named: "site")
        let before = fixture.tree("site")
        let again = try builder.build(into: fixture.url("site"), named: "site")
        #expect(again.site.payeesReused == 5)
        #expect(again.site.payeesRendered == 0)
        #expect(again.site.unchangedSite)
        #expect(fixture.tree("site") == before)
    }

    @Test func shardsBuiltInProcessMergeIntoTheSingleBuild() throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("whole"), named: "whole")
        var shardPayees = 0
        for index in 0..<3 {
            let options = EngineFixture.exampleOptions { $0.shard = Shard(index: index, count: 3) }
            let built = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options)
                .build(into: fixture.url("shard\(index)"), named: "shard\(index)")
            #expect(built.imported.shard?.payees == 5)
            shardPayees += built.imported.payees
        }
        #expect(shardPayees == 5)
        let templates = try BuildStop.templates(defaults: EngineFixture.templates, overrides: nil)
        _ = try SiteMerger(templates: templates).merge(
            (0..<3).map { fixture.url("shard\($0)") }, into: fixture.url("merged"))
        let whole = fixture.tree("whole")
        let merged = fixture.tree("merged")
        #expect(whole.count == 242)
        #expect(Set(merged.keys) == Set(whole.keys))
        for (path, bytes) in whole where !path.hasSuffix("manifest.json") {
            #expect(merged[path] == bytes, "\(path) differs between the merged and the single build")
        }
    }

    @Test func checkChecksTheStatementsOfTheOptionsItIsGiven() throws {
        var site = SiteOptions(defaultTimeZone: "Pacific/Kiritimati")
        site.selection = PeriodSelection(
            kinds: [.month], ranges: [PeriodSelection.parseRange("2026-10-01..2026-10-15")!])
        let options = BuildOptions(site: site, defaultTemplates: EngineFixture.templates)
        let checked = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options).check()
        // What a build with the same options makes, statement for statement.
        let fixture = try EngineFixture()
        let built = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: options)
            .build(into: fixture.url("site"), named: "site")
        #expect(checked.books.statementsByKind == built.site.statementsByKind)
        #expect(Set(checked.books.statementsByKind.keys) == ["month", "range"])
        #expect(checked.books.statementCount == built.site.statementCount)
        // And not what the defaults would make.
        let defaults = try SiteBuilder(inputs: EngineFixture.exampleInputs(), options: BuildOptions()).check()
        #expect(defaults.books.statementsByKind["day"] != nil)
        #expect(defaults.books.statementCount != checked.books.statementCount)
    }

    @Test func badDataStopsWith65AndTheImportFactsAndPublishesNothing() throws {
        let fixture = try EngineFixture()
        let rows = """
            id,occurred_at,payee_id,payee_type,kind,amount,currency
            e1,2026-10-01T10:00:00Z,drv_a,driver,earning,12.50,USD
            e2,not a time,drv_a,driver,earning,1.00,USD
            """
        let builder = SiteBuilder(
            inputs: BuildInputs(sources: [MemorySource(name: "rows.csv", text: rows + "\n")]),
            options: BuildOptions(defaultTemplates: EngineFixture.templates))
        var messages: [String] = []
        let stop = try #require(throws: BuildStop.self) {
            try builder.build(into: fixture.url("site"), named: "site", message: { messages += $0 })
        }
        #expect(stop.reason == .dataError)
        #expect(stop.lines == ["ledgerpress: 1 problem(s) in the input; nothing was written to site"], "\(messages)")
        #expect(messages.contains { $0.hasPrefix("rows.csv:3: error:") })
        #expect(stop.imported?.rowsRead == 2)
        #expect(stop.imported?.rowsRejected == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.url("site").path))
    }

    @Test func aMissingSourceStopsWith66NamingIt() throws {
        let fixture = try EngineFixture()
        let builder = SiteBuilder(
            inputs: BuildInputs(sources: [FileSource(path: fixture.url("nowhere.csv").path)]),
            options: BuildOptions(defaultTemplates: EngineFixture.templates))
        let stop = try #require(throws: BuildStop.self) { try builder.check() }
        #expect(stop.reason == .noInput)
        #expect(stop.lines == ["\(fixture.url("nowhere.csv").path): error: no such file"])
    }
}
