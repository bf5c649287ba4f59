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
    /// entries: each payee gets the positions of their records.
    public func payeeGroups() -> [PayeeGroup] {
        struct Group {
            var id: String
            var type: PayeeType
            var positions: [UInt32] = []
            /// The latest entry with a non-empty name so far: when, where, and the name.
            var named: (at: Timestamp, position: Int, name: String)?
        }
        var groups: [Group] = []
        var byNumber: [UInt32: Int] = [:]
        records.visit(first: entries.count) { position, record in
            let number = record.payeeNumber
            let index: Int
            if let known = byNumber[number] {
                index = known
            } else {
                index = groups.count
                groups.append(Group(id: record.texts.text(number) ?? "", type: record.payeeType))
                byNumber[number] = index
            }
            groups[index].positions.append(UInt32(position))
            guard record.payeeNameNumber != 0 else { return }
            // The latest named entry (ids compared only on ties, being made on each read).
            let at = record.occurredAt
            if let named = groups[index].named {
                if at < named.at { return }
                if at == named.at && !(records.entry(at: named.position).id < record.id) { return }
            }
            guard let name = record.payeeName, !name.isEmpty else { return }
            groups[index].named = (at, position, name)
        }
        return groups.map { group in
            PayeeGroup(
                id: group.id, type: group.type, latestName: group.named?.name,
                entries: PayeeEntries(records: records, positions: group.positions))
        }
    }
}
