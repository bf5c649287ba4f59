/// A bounded map that keeps what is still used: new entries go into a young generation; when it is full it becomes
/// the old one (the previous old one is dropped) and an old entry found again moves back to the young one. So an
/// entry met on every document (a column label, `$0.00`) stays however many one-off ones (dates, amounts) pass
/// through, and a full map drops at most half of what it holds.
///
/// > Note: it holds at most twice ``capacity`` entries; not thread-safe (one document uses it at a time).
struct Generations<Key: Hashable, Value> {
    /// The most entries of one generation.
    let capacity: Int
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]

    init(capacity: Int) {
        self.capacity = capacity
        young.reserveCapacity(capacity)
    }

    /// The value kept for `key`, if any (an old one moves to the young generation).
    mutating func value(for key: Key) -> Value? {
        if let value = young[key] { return value }
        guard let index = old.index(forKey: key) else { return nil }
        let (kept, value) = old[index]
        insert(value, for: kept)
        return value
    }

    /// Keeps `value` for `key` in the young generation (turning it old when full).
    mutating func insert(_ value: Value, for key: Key) {
        if young.count >= capacity {
            old = young
            young = Dictionary(minimumCapacity: capacity)
        }
        young[key] = value
    }

    /// How many entries are kept (the same key may be in both generations: counted once per generation).
    var count: Int { young.count + old.count }
}
