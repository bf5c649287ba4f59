import LedgerPressCore

extension MappedImporter {
    /// A mapping's `payout_arrival` cell as a date: `YYYY-MM-DD`, optionally followed by a time (`2026-11-16
    /// 00:00`, `2026-11-16T00:00:00Z`), taken as the calendar date it names.
    static func arrivalDate(_ text: String) -> CivilDate? {
        let rest = text.dropFirst(10)
        guard rest.isEmpty || rest.first == " " || rest.first == "T" else { return nil }
        return CivilDate(iso: String(text.prefix(10)))
    }
}

/// The balance each payee and currency had before a download that starts mid-history, derived from a running
/// balance column (`fields.balance`, PayPal's `Balance`, issue 50): the earliest row's balance less what that row
/// moved it by. The derived `opening_balance` entry's id is `opening:` + that row's id, so overlapping downloads
/// that start at the same row derive the same entry, which the ledger counts once.
///
/// > Note: the earliest row is the one with the earliest time; among rows of that time, the one the download
/// > lists first in time order (the last in a newest-first download, the first otherwise).
struct RunningBalanceOpenings {
    struct Candidate {
        var row: LedgerEntry
        var currency: Currency
        var balance: Int64
        var net: Int64
    }

    /// Per payee and currency: the first and the last row (in file order) of the earliest time seen.
    private var earliest: [String: (first: Candidate, last: Candidate)] = [:]
    private var keys: [String] = []
    private var firstTime: Timestamp?
    private var lastTime: Timestamp?

    mutating func add(row: LedgerEntry, currency: Currency, balance: Int64, net: Int64) {
        let candidate = Candidate(row: row, currency: currency, balance: balance, net: net)
        if firstTime == nil { firstTime = row.occurredAt }
        lastTime = row.occurredAt
        let key = row.payeeID + "\u{0}" + currency.code
        guard let seen = earliest[key] else {
            earliest[key] = (candidate, candidate)
            keys.append(key)
            return
        }
        if row.occurredAt < seen.first.row.occurredAt {
            earliest[key] = (candidate, candidate)
        } else if row.occurredAt.sameInstant(as: seen.first.row.occurredAt) {
            earliest[key]?.last = candidate
        }
    }

    /// Adds the derived `opening_balance` entries (none where the balance before the earliest row was zero).
    func derive(into result: inout ImportedFile, texts: EntryTexts) {
        let newestFirst = (firstTime.flatMap { first in lastTime.map { last in last < first } }) ?? false
        for key in keys {
            guard let pair = earliest[key] else { continue }
            let chosen = newestFirst ? pair.last : pair.first
            // Both come from amounts the parser bounded (±AmountParser.limit), so the difference fits.
            let amount = chosen.balance &- chosen.net
            guard amount != 0 else { continue }
            let row = chosen.row
            let entry = LedgerEntry(
                id: "opening:" + row.id, occurredAt: row.occurredAt, payeeID: row.payeeID, payeeType: row.payeeType,
                payeeName: row.payeeName, kind: .openingBalance,
                amount: Money(minorUnits: amount, currency: chosen.currency), source: row.source, texts: texts)
            result.addDerived(entry, toRowAt: row.source.line)
        }
    }
}
