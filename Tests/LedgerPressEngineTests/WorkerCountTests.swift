import Foundation
import LedgerPressEngine
import LedgerPressSample
import LedgerPressSite
import Testing

/// The site does not depend on how many threads built it: a sample ledger built with 1, 2, 3 and 8 render workers
/// gives the same files, byte for byte (the manifests included), and so does a late night on top of each.
@Suite struct WorkerCountTests {
    static let sample = SampleOptions(entries: 2_500, payees: 30, seed: 29)

    static func inputs(late: Bool) -> BuildInputs {
        var sources: [any LedgerSource] = [MemorySource(name: "ledger.csv", text: SampleGenerator.ledgerCSV(sample))]
        if late {
            sources.append(MemorySource(name: "late.csv", text: SampleGenerator.lateLedgerCSV(sample, count: 60)))
        }
        return BuildInputs(
            sources: sources, payees: MemorySource(name: "payees.csv", text: SampleGenerator.payeesCSV(sample)))
    }

    @Test func theSiteIsTheSameWhateverTheNumberOfWorkers() throws {
        let fixture = try EngineFixture()
        var trees: [Int: [String: Data]] = [:]
        var late: [Int: [String: Data]] = [:]
        for workers in [1, 2, 3, 8] {
            let name = "site-\(workers)"
            var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: workers)
            options.site.issuer = "Sample Rides"
            _ = try SiteBuilder(inputs: Self.inputs(late: false), options: options)
                .build(into: fixture.url(name), named: "site")
            trees[workers] = fixture.tree(name)
            _ = try SiteBuilder(inputs: Self.inputs(late: true), options: options)
                .build(into: fixture.url(name), named: "site")
            late[workers] = fixture.tree(name)
        }
        let one = try #require(trees[1])
        #expect(one.count > 500)
        #expect(late[1] != one, "the late rows changed the site")
        for workers in [2, 3, 8] {
            #expect(trees[workers] == one, "\(workers) workers")
            #expect(late[workers] == late[1], "\(workers) workers, the late night")
        }
    }
}
