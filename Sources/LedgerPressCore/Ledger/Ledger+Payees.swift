/// One payee of a ledger: their id as first read, type, latest name, and their entries (not loaded).
public struct PayeeGroup: Sendable {
    public var id: String
    public var type: PayeeType
    /// The payee name of the latest entry that has one (ties by id), nil when none has.
    public var latestName: String?
    public var entries: PayeeEntries
}

extension Ledger {
    /// Calls `body` with each entry's fields in ledger order, read in place from the records (nothing is made: for
    /// passes over every entry that only read it).
    public func forEachRecord(_ body: (EntryRecordView) -> Void) {
        records.visit(first: entries.count) { _, record in body(record) }
    }

    /// Every payee's entries, in the order the payees first appear, read once in order without holding the
    /// entries: each payee gets the positions of their records. The records are read in up to `slices` slices at
    /// once, of `minimumSlice` records or more (each slice's payees in the order they first appear in it), then the
    /// slices joined in order.
    public func payeeGroups(slices: Int = 1, minimumSlice: Int = 65_536) -> [PayeeGroup] {
        let count = entries.count
        let slices = max(1, min(slices, count / max(1, minimumSlice)))
        let records = self.records
        guard let texts = records.texts else { return [] }
        let parts = ParallelSlices.map(ParallelSlices.ranges(count: count, slices: slices)) {
            Ledger.payees(in: records, $0)
        }
        var groups: [PayeeSlice] = []
        var byNumber: [UInt32: Int] = [:]
        for part in parts {
            for group in part {
                guard let index = byNumber[group.number] else {
                    byNumber[group.number] = groups.count
                    groups.append(group)
                    continue
                }
                groups[index].positions += group.positions
                if let named = group.named,
                    groups[index].named?.isBefore(named.at, id: named.id.string(texts), texts: texts) ?? true
                {
                    groups[index].named = named
                }
            }
        }
        return groups.map { group in
            PayeeGroup(
                id: group.id, type: group.type, latestName: group.named?.name,
                entries: PayeeEntries(records: records, positions: group.positions))
        }
    }

    /// One payee's records among some of the ledger's.
    private struct PayeeSlice: Sendable {
        /// The payee id's number in the records' table.
        var number: UInt32
        var id: String
        var type: PayeeType
        var positions: [UInt32] = []
        /// The latest entry with a non-empty name so far: when, its id, and the name.
        var named: EntryRecords.Named?
    }

    /// The payees of the records in `range`, in the order they first appear there.
    private static func payees(in records: EntryRecords, _ range: Range<Int>) -> [PayeeSlice] {
        var groups: [PayeeSlice] = []
        var byNumber: [UInt32: Int] = [:]
        records.visit(range) { position, record in
            let number = record.payeeNumber
            let index: Int
            if let known = byNumber[number] {
                index = known
            } else {
                index = groups.count
                groups.append(PayeeSlice(number: number, id: record.texts.text(number) ?? "", type: record.payeeType))
                byNumber[number] = index
            }
            groups[index].positions.append(UInt32(position))
            guard record.payeeNameNumber != 0 else { return }
            // The latest named entry (ids made only on ties, from the records' packed ids: reading the named entry
            // back took the records' lock, which 15 slices at once queued on for seconds at 16 CPUs).
            let at = record.occurredAt
            if let named = groups[index].named, !named.isBefore(at, id: record.id, texts: record.texts) { return }
            guard let name = record.payeeName, !name.isEmpty else { return }
            groups[index].named = EntryRecords.Named(at: at, id: record.packedID, name: name)
        }
        return groups
    }
}

extension EntryRecords {
    /// A payee's latest entry with a name: when, its id as the record keeps it, and the name.
    struct Named: Sendable {
        var at: Timestamp
        var id: PackedID
        var name: String

        /// Whether an entry at `at` whose id is `id` is later than this one: a later time, or the same time and a
        /// larger id (both ids made only on a tie; this one's text from `texts`, the records' table).
        func isBefore(_ at: Timestamp, id: @autoclosure () -> String, texts: EntryTexts) -> Bool {
            if self.at != at { return self.at < at }
            return self.id.string(texts) < id()
        }
    }
}
