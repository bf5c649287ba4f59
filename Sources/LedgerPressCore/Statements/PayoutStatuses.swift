/// The status of each of a payee's payouts.
///
/// > Note: a payout's status is the status on its own `payout` row, else the latest (by time, then
/// > by entry id) status on an entry that carries its id. A `payout` row without `payout_id` is
/// > its own payout, named by its entry id.
public struct PayoutStatuses: Sendable {
    private var statuses: [String: PayoutStatus] = [:]
    /// Each payout's arrival date from its own `payout` row (the latest row's, by time then entry id).
    private var arrivals: [String: CivilDate] = [:]

    public init(entries: [LedgerEntry]) {
        var arrivalRows: [String: (Timestamp, String, CivilDate)] = [:]
        for entry in entries where entry.kind == .payout {
            guard let arrival = entry.payoutArrival, let id = PayoutStatuses.payoutID(of: entry) else { continue }
            if let seen = arrivalRows[id], (seen.0, seen.1) > (entry.occurredAt, entry.id) { continue }
            arrivalRows[id] = (entry.occurredAt, entry.id, arrival)
        }
        arrivals = arrivalRows.mapValues(\.2)
        var fromOwnRow: [String: PayoutStatus] = [:]
        var latest: [String: (Timestamp, String, PayoutStatus)] = [:]
        for entry in entries {
            guard let status = entry.payoutStatus else { continue }
            let id = PayoutStatuses.payoutID(of: entry)
            guard let id else { continue }
            if entry.kind == .payout { fromOwnRow[id] = status }
            if let seen = latest[id], (seen.0, seen.1) > (entry.occurredAt, entry.id) { continue }
            latest[id] = (entry.occurredAt, entry.id, status)
        }
        for (id, value) in latest { statuses[id] = fromOwnRow[id] ?? value.2 }
    }

    /// The payout an entry belongs to (a payout row belongs to itself).
    public static func payoutID(of entry: LedgerEntry) -> String? {
        if let id = entry.payoutID, !id.isEmpty { return id }
        return entry.kind == .payout ? entry.id : nil
    }

    /// The date the payout is expected at (or reached) the bank, when its own row says (issue 50).
    public func arrival(of payoutID: String?) -> CivilDate? {
        guard let payoutID else { return nil }
        return arrivals[payoutID]
    }

    public func status(of payoutID: String?) -> PayoutStatus? {
        guard let payoutID else { return nil }
        return statuses[payoutID]
    }
}
