/// Makes the statement lines and payout lines of a payee's periods.
///
/// > Note: one line per `reference` in the period (or per entry without one), sorted by time, reference,
/// > entry id. References are numbered once per payee, so grouping a period's entries costs no hashing.
struct StatementLines {
    let entries: [LedgerEntry]
    let offsets: [Int]
    /// Each entry's business day, by entry index.
    let days: [Int]
    let instants: [Timestamp]
    let statuses: PayoutStatuses
    /// The number of each entry's non-empty reference (-1 for none), by entry index.
    private let referenceNumbers: [Int]
    /// Per reference number: its line in the section being built, valid while `stamps` holds `stamp`.
    private var lineOfReference: [Int]
    private var stamps: [Int]
    private var stamp = 0

    init(timeline: PayeeTimeline, statuses: PayoutStatuses) {
        entries = timeline.entries
        offsets = timeline.offsets
        days = timeline.days
        instants = timeline.instants
        self.statuses = statuses
        var numbers: [String: Int] = [:]
        referenceNumbers = timeline.entries.map { entry in
            guard let reference = entry.reference, !reference.isEmpty else { return -1 }
            if let number = numbers[reference] { return number }
            numbers[reference] = numbers.count
            return numbers.count - 1
        }
        lineOfReference = Array(repeating: 0, count: numbers.count)
        stamps = Array(repeating: -1, count: numbers.count)
    }

    /// Orders entry indices by instant, then entry id.
    func byTime(_ indices: [Int]) -> [Int] {
        // Only the two arrays are captured (capturing `self` would copy every field per call).
        let instants = self.instants
        let entries = self.entries
        return indices.sorted { a, b in
            if instants[a] != instants[b] { return instants[a] < instants[b] }
            return entries[a].idPrecedes(entries[b])
        }
    }

    /// Statement lines of the entries at `indices` (one period and currency, in statement order).
    mutating func lines(_ indices: [Int]) throws(MoneyOverflow) -> [StatementLine] {
        stamp += 1
        var lines: [StatementLine] = []
        for index in byTime(indices) {
            let entry = entries[index]
            // A balance brought forward is part of the opening balance, never a line of activity.
            if entry.kind == .openingBalance { continue }
            let number = referenceNumbers[index]
            if number >= 0, stamps[number] == stamp {
                let line = lineOfReference[number]
                try lines[line].figures.add(entry.kind, entry.amount.minorUnits)
                if let distance = entry.distance { try lines[line].distance.add(distance) }
                if lines[line].description == nil {
                    lines[line].description = entry.description.flatMap { $0.isEmpty ? nil : $0 }
                }
                if lines[line].payoutID == nil, let payout = PayoutStatuses.payoutID(of: entry) {
                    lines[line].payoutID = payout
                    lines[line].payoutStatus = statuses.status(of: payout)
                    lines[line].payoutArrival = statuses.arrival(of: payout)
                }
                continue
            }
            var figures = Figures()
            try figures.add(entry.kind, entry.amount.minorUnits)
            var distance = DistanceTotals()
            if let job = entry.distance { try distance.add(job) }
            let payout = PayoutStatuses.payoutID(of: entry)
            if number >= 0 {
                stamps[number] = stamp
                lineOfReference[number] = lines.count
            }
            lines.append(
                StatementLine(
                    occurredAt: entry.occurredAt, localOffset: offsets[index],
                    day: CivilDate(daysSinceEpoch: days[index]), reference: number >= 0 ? entry.reference : nil,
                    description: entry.description.flatMap { $0.isEmpty ? nil : $0 }, payoutID: payout,
                    payoutStatus: statuses.status(of: payout), payoutArrival: statuses.arrival(of: payout),
                    distance: distance, figures: figures, firstEntryID: entry.id))
        }
        return lines.sorted { a, b in
            if a.occurredAt != b.occurredAt { return a.occurredAt < b.occurredAt }
            let ra = a.reference ?? ""
            let rb = b.reference ?? ""
            if ra != rb { return ra.utf8Precedes(rb) }
            return a.firstEntryID.utf8Precedes(b.firstEntryID)
        }
    }

    /// The payout rows among the entries at `indices`, by time.
    func payouts(_ indices: [Int]) -> [PayoutLine] {
        var rows: [Int] = []
        for index in indices where entries[index].kind == .payout { rows.append(index) }
        guard !rows.isEmpty else { return [] }
        var payouts: [PayoutLine] = []
        payouts.reserveCapacity(rows.count)
        for index in byTime(rows) {
            let entry = entries[index]
            let id = PayoutStatuses.payoutID(of: entry) ?? entry.id
            payouts.append(
                PayoutLine(
                    payoutID: id, occurredAt: entry.occurredAt, localOffset: offsets[index],
                    day: CivilDate(daysSinceEpoch: days[index]), amount: entry.amount.minorUnits,
                    status: statuses.status(of: id), arrival: statuses.arrival(of: id)))
        }
        return payouts
    }
}
