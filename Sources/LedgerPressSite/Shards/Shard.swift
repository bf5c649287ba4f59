/// `--shard I/N`: which payees one machine of N builds. A payee belongs to shard
/// `fnv1a64(payee id) % N`; the hash is stable across processes and machines (unlike Swift's seeded
/// `Hasher`), so every shard of a run agrees on who builds whom.
public struct Shard: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Counts from 0, as Kubernetes' `JOB_COMPLETION_INDEX` does.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` with `0 <= I < N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether this shard builds the payee.
    public func contains(payeeID: String) -> Bool {
        Int(Shard.stableHash(payeeID) % UInt64(count)) == index
    }

    /// FNV-1a, 64 bits, over the UTF-8 bytes of the id.
    public static func stableHash(_ id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
