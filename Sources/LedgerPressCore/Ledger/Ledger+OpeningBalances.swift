extension Ledger {
    /// The problems with the ledger's balances brought forward (issue 50), each naming both lines: a second,
    /// different `opening_balance` for a payee and currency, and an opening dated after another entry of that payee
    /// and currency (it must come at or before the first).
    ///
    /// > Note: one pass over the records; two openings with the same id are one entry (a repeat), never a problem.
    public func openingBalanceProblems() -> [Diagnostic] {
        struct Seen {
            var openings: [(id: String, at: Timestamp, source: SourceLocation, amount: Money)] = []
            var firstOther: (at: Timestamp, source: SourceLocation)?
        }
        var byKey: [String: Seen] = [:]
        var anyOpening = false
        forEachRecord { record in
            let entry = record.entry
            let key = entry.payeeID + "\u{0}" + entry.amount.currency.code
            if entry.kind == .openingBalance {
                anyOpening = true
                byKey[key, default: Seen()].openings.append((entry.id, entry.occurredAt, entry.source, entry.amount))
            } else if !entry.isStatusReport {
                var seen = byKey[key, default: Seen()]
                if seen.firstOther.map({ entry.occurredAt < $0.at }) ?? true {
                    seen.firstOther = (entry.occurredAt, entry.source)
                }
                byKey[key] = seen
            }
        }
        guard anyOpening else { return [] }
        var problems: [Diagnostic] = []
        for key in byKey.keys.sorted() {
            guard let seen = byKey[key], let first = seen.openings.first else { continue }
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
            let payee = String(parts.first ?? "")
            let currency = String(parts.last ?? "")
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
