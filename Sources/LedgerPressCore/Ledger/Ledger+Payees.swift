/// One payee of a ledger: their id as first read, type, latest name, and their entries (not loaded).
public struct PayeeGroup: Sendable {
    public var id: String
    public var type: PayeeType
    /// The payee name of the latest entry that has one (ties by id), nil when none has.
    public var latestName: String?
    public var entries: PayeeEntries
}

extension Ledger {
    /// Every payee's entries, in the order the payees first appear, read once in order without holding the
    /// entries: each payee gets the positions of their records.
    public func payeeGroups() -> [PayeeGroup] {
        struct Group {
            var first: LedgerEntry
            var positions: [UInt32] = []
            var named: LedgerEntry?
        }
        var groups: [Group] = []
        var byNumber: [UInt32: Int] = [:]
        var byID: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            let (table, number) = entry.payeeNumber
            let index: Int
            if table === records.texts, let known = byNumber[number] {
                index = known
            } else if let known = byID[entry.payeeID] {
                index = known
            } else {
                index = groups.count
                groups.append(Group(first: entry))
                byID[entry.payeeID] = index
                if table === records.texts { byNumber[number] = index }
            }
            groups[index].positions.append(UInt32(position))
            guard let name = entry.payeeName, !name.isEmpty else { continue }
            // The latest named entry (ids compared only on ties, being made on each read).
            if let named = groups[index].named,
                !(named.occurredAt != entry.occurredAt ? named.occurredAt < entry.occurredAt : named.id < entry.id)
            {
                continue
            }
            groups[index].named = entry
        }
        return groups.map { group in
            PayeeGroup(
                id: group.first.payeeID, type: group.first.payeeType, latestName: group.named?.payeeName,
                entries: PayeeEntries(records: records, positions: group.positions))
        }
    }
}
