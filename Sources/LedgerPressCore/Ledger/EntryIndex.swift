/// The ledger's entries by id: where each id's entry is in ``Ledger/entries``, in four bytes per slot.
///
/// > Note: an open-addressing table of positions (linear probing, at most half full) whose keys are the
/// > entries' own ids, so that a million ids take 8 MB instead of a `[String: Int]`'s 50 MB. Ids are
/// > compared as Strings compare (canonical equivalence) and hashed with `Hasher`, exactly like a
/// > dictionary keyed by the id; the hash never leaves the process.
struct EntryIndex: Sendable {
    /// Position + 1 of an entry, or 0 for an empty slot; the count is a power of two.
    private var slots: [UInt32] = []
    private var count = 0

    /// The position of the entry with this id.
    func position(of id: String, in entries: [LedgerEntry]) -> Int? {
        guard !slots.isEmpty else { return nil }
        return probe(id, in: entries).position
    }

    /// The position of the entry with this id; when there is none, records `position` (the next entry's) for it.
    mutating func claim(_ id: String, for position: Int, in entries: [LedgerEntry]) -> Int? {
        reserveCapacity(count + 1, in: entries)
        let (slot, existing) = probe(id, in: entries)
        if let existing { return existing }
        precondition(position < Int(UInt32.max), "fewer than 2^32 - 1 ledger entries")
        slots[slot] = UInt32(position + 1)
        count += 1
        return nil
    }

    /// Room for `wanted` ids without growing; `entries` gives the ids already recorded.
    mutating func reserveCapacity(_ wanted: Int, in entries: [LedgerEntry]) {
        guard wanted * 2 > slots.count else { return }
        var size = 16
        while size < wanted * 2 { size *= 2 }
        let old = slots
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for stored in old where stored != 0 {
            var slot = entries[Int(stored) - 1].id.hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// The slot that holds `id`'s position (and that position), or the empty slot where it would go.
    private func probe(_ id: String, in entries: [LedgerEntry]) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if entries[position].hasID(id) { return (slot, position) }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }
}
