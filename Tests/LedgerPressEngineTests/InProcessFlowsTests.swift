import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressSite
import Testing

/// More of the end-to-end flows, in-process: quarantine, `--as-of`, `--only finance`, a revised statement.
@Suite struct InProcessFlowsTests {
    static let ledger = String(
        decoding: FileManager.default.contents(atPath: EngineFixture.example("example-ledger.csv")) ?? Data(),
        as: UTF8.self)

    static func inputs(_ text: String) -> BuildInputs {
        EngineFixture.exampleInputs(sources: [MemorySource(name: "ledger.csv", text: text)])
    }

    @Test func quarantineBuildsFromTheGoodRowsAndWritesTheRejectedOnes() throws {
        let fixture = try EngineFixture()
        let bad = "bad1,2026-10-03T09:00:00Z,drv_ann,driver,Ann Lee,earning,twelve,USD,,,,\n"
        let options = EngineFixture.exampleOptions { $0.rejectFile = fixture.url("rejected.csv").path }
        var messages: [String] = []
        let built = try SiteBuilder(inputs: Self.inputs(Self.ledger + bad), options: options)
            .build(into: fixture.url("site"), named: "site", message: { messages += $0 })
        #expect(built.imported.rowsRejected == 1)
        #expect(built.imported.entries == 70)
        #expect(messages.contains { $0.hasPrefix("ledger.csv:") && $0.contains("amount") })
        let rejected = try String(contentsOf: fixture.url("rejected.csv"), encoding: .utf8)
        #expect(rejected.hasPrefix("file,line,reason,row\n"))
        #expect(rejected.contains("bad1,2026-10-03T09:00:00Z,drv_ann"))
    }

    @Test func asOfLeavesOutLaterEntries() throws {
        let fixture = try EngineFixture()
        let all = try SiteBuilder(inputs: Self.inputs(Self.ledger), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("all"), named: "all")
        let early = try SiteBuilder(
            inputs: Self.inputs(Self.ledger),
            options: EngineFixture.exampleOptions { $0.site.asOf = "2026-10-10T00:00:00Z" }
        ).build(into: fixture.url("early"), named: "early")
        #expect(early.imported.entries > 0)
        #expect(early.imported.entries < all.imported.entries)
        #expect(fixture.tree("early").keys.contains { $0.contains("2026-11") } == false)
    }

    @Test func financeOnlyWritesTheFinanceFilesAndNoStatement() throws {
        let fixture = try EngineFixture()
        _ = try SiteBuilder(
            inputs: Self.inputs(Self.ledger), options: EngineFixture.exampleOptions { $0.mode = .finance }
        )
        .build(into: fixture.url("site"), named: "site")
        let whole = try EngineFixture()
        _ = try SiteBuilder(inputs: Self.inputs(Self.ledger), options: EngineFixture.exampleOptions())
            .build(into: whole.url("site"), named: "site")
        let files = fixture.tree("site")
        #expect(!files.keys.contains { $0.hasSuffix(".html") && $0.hasPrefix("payees/") })
        for name in ["finance/summary.csv", "finance/lines.csv"] {
            #expect(files[name] != nil && files[name] == whole.tree("site")[name], "\(name)")
        }
    }

    @Test func aChangedRowRevisesItsStatementsOnTheNextBuild() throws {
        let fixture = try EngineFixture()
        let first = try SiteBuilder(inputs: Self.inputs(Self.ledger), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("site"), named: "site")
        #expect(first.site.revisions == 0)
        let changed = Self.ledger.replacingOccurrences(
            of: "t001,2026-10-02T08:15:00-04:00,drv_ann,driver,Ann Lee,earning,24.00,",
            with: "t001,2026-10-02T08:15:00-04:00,drv_ann,driver,Ann Lee,earning,25.00,")
        #expect(changed != Self.ledger)
        let second = try SiteBuilder(inputs: Self.inputs(changed), options: EngineFixture.exampleOptions())
            .build(into: fixture.url("site"), named: "site")
        // The statements holding the job, and every later one of drv_ann (whose balances moved), are revised;
        // the other payees are carried over.
        #expect(second.site.revisions > 4)
        #expect(second.site.payeesReused == 4)
        let revisions = try String(contentsOf: fixture.url("site/finance/revisions.csv"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        #expect(!revisions.isEmpty)
        #expect(revisions.allSatisfy { $0.hasPrefix("drv_ann,") }, "\(revisions)")
    }
}
