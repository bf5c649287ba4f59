import LedgerPressSite
import Testing

@Suite struct ShardTests {
    @Test(arguments: [("0/3", 0, 3), ("2/3", 2, 3), ("0/1", 0, 1), ("6/7", 6, 7)])
    func parsesIndexOfCount(text: String, index: Int, count: Int) throws {
        let shard = try #require(Shard(parsing: text))
        #expect(shard.index == index)
        #expect(shard.count == count)
        #expect(shard.description == text)
    }

    @Test(arguments: ["3/3", "1/0", "-1/3", "1/", "/3", "1", "1/3/5", " 1/3", "a/3", "+1/3"])
    func rejectsOutOfRange(text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    /// Published FNV-1a 64-bit test vectors: the hash must never change, or shards of old and new builds disagree.
    @Test func stableHashIsFNV1a64() {
        #expect(Shard.stableHash("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.stableHash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.stableHash("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test(arguments: [1, 2, 3, 7]) func everyPayeeIsInExactlyOneShard(count: Int) {
        let ids = (0..<2000).map { "payee_\($0)" } + ["drv_ann", "Ünïcode", "=cmd"]
        var sizes = Array(repeating: 0, count: count)
        for id in ids {
            let owners = (0..<count).filter { Shard(index: $0, count: count)!.contains(payeeID: id) }
            #expect(owners.count == 1)
            if let owner = owners.first { sizes[owner] += 1 }
        }
        // Spread evenly enough to be worth splitting: no shard holds more than twice its share.
        #expect(sizes.allSatisfy { $0 <= 2 * ids.count / count + 1 })
    }
}
