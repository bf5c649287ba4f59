/// The ledger's entries by id: the position of each id's record in ``EntryRecords``, with 32 bits of the id's
/// hash beside it, in eight bytes per slot.
///
/// > Note: an open-addressing table (linear probing, at most half full) whose keys are the records' own ids, so
/// > that a million ids take 16 to 32 MB instead of a `[String: Int]`'s 50 MB. A slot's hash bits place it and
/// > tell most other ids apart without reading their record (which may be in the spill file); an id is read
/// > back only when the bits match. Ids are compared as Strings compare (canonical equivalence) and hashed with
/// > `Hasher`, exactly like a dictionary keyed by the id; the hash never leaves the process.
struct EntryIndex: Sendable {
    /// 0 for an empty slot, else the hash bits (high half) and the position + 1 (low half); the count is a power
    /// of two.
    private var slots: [UInt64] = []
    private var count = 0

    /// The hash bits of an id.
    private static func bits(_ id: String) -> UInt64 { UInt64(UInt32(truncatingIfNeeded: id.hashValue)) }

    /// The position of the record with this id.
    func position(of id: String, in records: EntryRecords) -> Int? {
        guard !slots.isEmpty else { return nil }
        return probe(id, Self.bits(id), in: records).position
    }

    /// The position of the record with this id; when there is none, records `position` (the next record's) for it.
    mutating func claim(_ id: String, for position: Int, in records: EntryRecords) -> Int? {
        reserveCapacity(count + 1)
        let bits = Self.bits(id)
        let (slot, existing) = probe(id, bits, in: records)
        if let existing { return existing }
        precondition(position < Int(UInt32.max), "fewer than 2^32 - 1 ledger entries")
        slots[slot] = bits << 32 | UInt64(position + 1)
        count += 1
        return nil
    }

    /// The slot value of the record at `position` whose id is `id`, for ``insertAll(_:sameID:)``.
    static func slotValue(_ id: String, at position: Int) -> UInt64 {
        precondition(position < Int(UInt32.max), "fewer than 2^32 - 1 ledger entries")
        return bits(id) << 32 | UInt64(position + 1)
    }

    /// Adds records whose ids are all different, from each other and from those already held (their slot values from
    /// ``slotValue(_:at:)``; `sameID` tells whether the records at two positions have the same id, which must never
    /// be). They go in in the order of their home slots, a bucket of neighbouring slots after another: a million
    /// records placed at random slots of a 16 MB table cost a cache miss each, most of a ledger's read-back.
    mutating func insertAll(_ values: [UInt64], sameID: (Int, Int) -> Bool) {
        guard !values.isEmpty else { return }
        reserveCapacity(count + values.count)
        let mask = slots.count - 1
        let shift = max(0, slots.count.trailingZeroBitCount - 12)
        var starts = [Int](repeating: 0, count: (mask >> shift) + 2)
        for value in values { starts[(Int(value >> 32) & mask) >> shift + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var ordered = [UInt64](repeating: 0, count: values.count)
        ordered.withUnsafeMutableBufferPointer { ordered in
            for value in values {
                let bucket = (Int(value >> 32) & mask) >> shift
                ordered[starts[bucket]] = value
                starts[bucket] += 1
            }
        }
        slots.withUnsafeMutableBufferPointer { slots in
            for value in ordered {
                let bits = value >> 32
                var slot = Int(bits) & mask
                while slots[slot] != 0 {
                    let stored = slots[slot]
                    if stored >> 32 == bits {
                        precondition(
                            !sameID(Int(stored & 0xFFFF_FFFF) - 1, Int(value & 0xFFFF_FFFF) - 1), "one record per id")
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = value
            }
        }
        count += values.count
    }

    /// Room for `wanted` ids without growing (the slots' hash bits place them again: no record is read).
    mutating func reserveCapacity(_ wanted: Int) {
        guard wanted * 2 > slots.count else { return }
        var size = 16
        while size < wanted * 2 { size *= 2 }
        let old = slots
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for stored in old where stored != 0 {
            var slot = Int(stored >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = stored
        }
    }

    /// The slot that holds `id`'s position (and that position), or the empty slot where it would go.
    private func probe(_ id: String, _ bits: UInt64, in records: EntryRecords) -> (slot: Int, position: Int?) {
        let mask = slots.count - 1
        var slot = Int(bits) & mask
        while slots[slot] != 0 {
            let stored = slots[slot]
            if stored >> 32 == bits {
                let position = Int(stored & 0xFFFF_FFFF) - 1
                if records.hasID(at: position, id) { return (slot, position) }
            }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }
}
