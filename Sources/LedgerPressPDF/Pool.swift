import Synchronization

/// What a writer's documents take one each while they are written and give back after (the shaping caches, the
/// compressors): at most one per thread writing, made when none is idle, kept for the next document.
final class Pool<Item: AnyObject & Sendable>: Sendable {
    private let idle = Mutex<[Item]>([])
    private let make: @Sendable () throws -> Item

    init(make: @escaping @Sendable () throws -> Item) {
        self.make = make
    }

    /// An item no other document is using.
    func take() throws -> Item {
        if let kept = idle.withLock({ $0.popLast() }) { return kept }
        return try make()
    }

    /// `item` back for the next document.
    func give(_ item: Item) { idle.withLock { $0.append(item) } }
}
