import Foundation
import Testing

/// The Kubernetes example's night (deploy/kubernetes/nightly.yaml): every shard writes its payees' messages into one
/// outbox, the merge publishes, then `send` runs. The shared outbox must hold what one build of the whole ledger
/// writes: each message once, byte for byte, whichever shard wrote it.
@Suite struct OutboxShardTests {
    @Test func shardsWritingOneOutboxQueueWhatASingleBuildQueues() throws {
        let cli = try OutboxTests.setUp()
        let single = try cli.run(OutboxTests.arguments())
        #expect(single.status == 0, "\(single.stderr)")
        let expected = try OutboxTests.messages(cli)
        #expect(!expected.isEmpty)

        for index in 0..<3 {
            var arguments = OutboxTests.arguments()
            for (option, value) in [
                ("--output", "shard\(index)"), ("--outbox", "shared"), ("--report", "r\(index).json"),
            ] {
                let at = try #require(arguments.firstIndex(of: option))
                arguments[at + 1] = value
            }
            let shard = try cli.run(arguments + ["--shard", "\(index)/3"])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let merged = try cli.run(["merge", "shard0", "shard1", "shard2", "--output", "merged"])
        #expect(merged.status == 0, "\(merged.stderr)")

        let queued = try FileManager.default.contentsOfDirectory(atPath: cli.path("shared/new")).sorted()
        #expect(queued == expected)
        for name in expected {
            #expect(try cli.read("shared/new/" + name) == cli.read("outbox/new/" + name), "\(name) differs")
        }
        // Every shard wrote to it, each its own payees' messages (the three payees with an address hash into
        // shards 0, 1 and 2 of 3).
        var written: [Int] = []
        for index in 0..<3 {
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(cli.read("r\(index).json").utf8)) as? [String: Any])
            let outbox = try #require(report["outbox"] as? [String: Any])
            written.append(try #require(outbox["written"] as? Int))
        }
        #expect(written.allSatisfy { $0 > 0 } && written.reduce(0, +) == expected.count, "\(written)")
    }
}
