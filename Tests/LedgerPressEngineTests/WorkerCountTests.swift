import Foundation
import LedgerPressEngine
import LedgerPressImport
import LedgerPressSample
import LedgerPressSite
import Testing

/// The site does not depend on how many threads built it: a sample ledger built with 1, 2, 3 and 8 render workers
/// and 1 to 4 writer lanes gives the same files, byte for byte (the manifests included), and so do a late night on
/// top of each and a second late night (whose staging starts from the spare site). The ledger is read whole in the
/// first run, and cut into chunks of several sizes, read on as many threads as the workers, in the others.
@Suite struct WorkerCountTests {
    static let sample = SampleOptions(entries: 2_500, payees: 30, seed: 29)

    static func inputs(late: Int) throws -> BuildInputs {
        var sources: [any LedgerSource] = [MemorySource(name: "ledger.csv", text: SampleGenerator.ledgerCSV(sample))]
        let lateRows = SampleGenerator.lateLedgerCSV(sample, count: 60)
        if late >= 1 { sources.append(MemorySource(name: "late.csv", text: lateRows)) }
        if late >= 2 { sources.append(MemorySource(name: "late2.csv", text: try nextDay(lateRows))) }
        return BuildInputs(
            sources: sources, payees: MemorySource(name: "payees.csv", text: SampleGenerator.payeesCSV(sample)))
    }

    /// The late rows moved to the next day, under other ids.
    static func nextDay(_ csv: String) throws -> String {
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.count > 1 else { return csv }
        let day = String(lines[1].split(separator: ",", omittingEmptySubsequences: false)[1].prefix(10))
        let format = Date.ISO8601FormatStyle().year().month().day()
        let next = format.format(try format.parse(day).addingTimeInterval(86_400))
        return lines.enumerated().map { index, line in
            index == 0
                ? String(line)
                : "late2" + line.dropFirst(4).replacingOccurrences(of: "," + day + "T", with: "," + next + "T")
        }.joined(separator: "\n") + "\n"
    }

    @Test func theSiteIsTheSameWhateverTheNumberOfWorkersAndWriters() throws {
        let fixture = try EngineFixture()
        // (render workers, writer lanes; nil: as many as the workers get by default)
        let runs: [(Int, Int?)] = [(1, 1), (2, nil), (3, nil), (8, nil), (8, 4), (2, 3)]
        let chunks = [NativeLedgerImporter.chunkBytes, 4_096, 1_000, 65_536, 333, 10_000]
        var nights: [[[String: Data]]] = []
        for (run, (workers, writers)) in runs.enumerated() {
            let name = "site-\(workers)-\(writers ?? 0)"
            var options = BuildOptions(defaultTemplates: EngineFixture.templates, workers: workers)
            options.writers = writers
            options.importChunkBytes = chunks[run]
            options.site.issuer = "Sample Rides"
            var trees: [[String: Data]] = []
            for late in 0...2 {
                _ = try SiteBuilder(inputs: try Self.inputs(late: late), options: options)
                    .build(into: fixture.url(name), named: "site")
                trees.append(fixture.tree(name))
            }
            nights.append(trees)
        }
        let one = nights[0]
        #expect(one[0].count > 500)
        #expect(one[1] != one[0], "the late rows changed the site")
        #expect(one[2] != one[1], "the second late night changed the site")
        #expect(one[2].count > one[1].count, "the second late night adds its day's statements")
        for (index, (workers, writers)) in runs.enumerated().dropFirst() {
            for night in 0...2 {
                #expect(
                    nights[index][night] == one[night],
                    "\(workers) workers, \(writers.map(String.init) ?? "default") writers, night \(night)")
            }
        }
    }
}
