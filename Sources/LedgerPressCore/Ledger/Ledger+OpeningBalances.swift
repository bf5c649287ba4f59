extension Ledger {
    /// The problems with the ledger's balances brought forward (issue 50), each naming both lines: a second,
    /// different `opening_balance` for a payee and currency, and an opening dated after another entry of that payee
    /// and currency (it must come at or before the first).
    ///
    /// > Note: two passes over the records, reading each one's kind, payee number and currency in place: the first
    /// > keeps the openings (most ledgers have none, and then nothing more is done), the second the earliest other
    /// > entry of each payee and currency that has one. Two openings with the same id are one entry (a repeat),
    /// > never a problem.
    public func openingBalanceProblems() -> [Diagnostic] {
        struct Key: Hashable {
            var payee: EntryTexts.Number
            var currency: Currency
        }
        struct Seen {
            var payeeID: String
            var openings: [(id: String, at: Timestamp, source: SourceLocation, amount: Money)] = []
            var firstOther: (at: Timestamp, source: SourceLocation)?
        }
        var byKey: [Key: Seen] = [:]
        forEachRecord { record in
            guard record.kind == .openingBalance else { return }
            let entry = record.entry
            let key = Key(payee: record.payeeNumber, currency: entry.amount.currency)
            byKey[key, default: Seen(payeeID: entry.payeeID)].openings.append(
                (entry.id, entry.occurredAt, entry.source, entry.amount))
        }
        guard !byKey.isEmpty else { return [] }
        forEachRecord { record in
            guard record.kind != .openingBalance, !record.isStatusReport else { return }
            let key = Key(payee: record.payeeNumber, currency: record.amount.currency)
            guard let seen = byKey[key] else { return }
            let at = record.occurredAt
            if seen.firstOther.map({ at < $0.at }) ?? true {
                byKey[key]?.firstOther = (at, record.entry.source)
            }
        }
        var problems: [Diagnostic] = []
        let ordered = byKey.values.sorted {
            ($0.payeeID, $0.openings[0].amount.currency.code) < ($1.payeeID, $1.openings[0].amount.currency.code)
        }
        for seen in ordered {
            guard let first = seen.openings.first else { continue }
            let payee = seen.payeeID
            let currency = first.amount.currency.code
            for other in seen.openings.dropFirst() {
                var location = other.source
                location.field = "kind"
                problems.append(
                    Diagnostic(
                        at: location,
                        expected:
                            "one opening_balance for payee '\(payee)' in \(currency) (the first is '\(first.id)' at \(first.source.file):\(first.source.line), \(PlainDecimal.format(first.amount)))",
                        found: "'\(other.id)', \(PlainDecimal.format(other.amount))"))
            }
            if let firstOther = seen.firstOther, firstOther.at < first.at {
                var location = first.source
                location.field = "occurred_at"
                problems.append(
                    Diagnostic(
                        at: location,
                        expected:
                            "an opening_balance at or before payee '\(payee)''s first \(currency) entry (at \(firstOther.source.file):\(firstOther.source.line), \(Timestamp.format(epochSeconds: firstOther.at.epochSeconds, offsetSeconds: Int(firstOther.at.offsetSeconds))))",
                        found: Timestamp.format(
                            epochSeconds: first.at.epochSeconds, offsetSeconds: Int(first.at.offsetSeconds))))
            }
        }
        return problems
    }
}
