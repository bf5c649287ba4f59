import Foundation

extension InputFormat {
    /// The columns each CSV format's header needs, as the format names them; each inner list is a choice.
    static let headerColumns: [(format: InputFormat, columns: [[String]])] = [
        (.native, [["id"], ["occurred_at"], ["payee_id"], ["payee_type"], ["kind"], ["amount"], ["currency"]]),
        (
            .stripeReport,
            [
                ["balance_transaction_id"], ["currency"], ["gross"], ["fee"], ["net"], ["reporting_category"],
                ["created_utc", "created", "effective_at_utc", "effective_at"],
            ]
        ),
        (.stripePayouts, [["id"], ["Amount"], ["Created (UTC)"], ["Currency"], ["Arrival Date (UTC)"], ["Status"]]),
        (
            .stripeDashboard,
            [["id"], ["Type"], ["Amount"], ["Fee"], ["Net"], ["Currency"], ["Created (UTC)", "Created"]]
        ),
        (.stripePayments, StripePaymentsImporter.requiredColumns),
    ]

    /// The known format whose header columns a header comes closest to having, and the ones it lacks, when at
    /// least half of that format's columns (and two or more) are there; nil when no format is that close.
    public static func closest(toHeader bytes: [UInt8]) -> (format: InputFormat, missing: [String])? {
        let names = Set(HeaderMap.names(bytes, delimiter: delimiter(of: bytes)))
        var best: (format: InputFormat, missing: [String], found: Int)?
        for (format, columns) in headerColumns {
            let missing = columns.filter { choice in !choice.contains { names.contains($0.lowercased()) } }
            let found = columns.count - missing.count
            // A format with nothing missing was left out for another reason (a payments export has no `Net`).
            guard !missing.isEmpty, found >= 2, found * 2 >= columns.count else { continue }
            // Fewest missing wins; on a tie, the format listed first.
            if best.map({ missing.count < $0.missing.count }) ?? true {
                best = (format, missing.map { $0.joined(separator: " or ") }, found)
            }
        }
        return best.map { ($0.format, $0.missing) }
    }

    /// What an unrecognised header was expected to be: the closest format and what it lacks, else every format.
    static func expectation(forHeader bytes: [UInt8]) -> String {
        guard let (format, missing) = closest(toHeader: bytes) else {
            return "a header row of a known format (native, jsonl, stripe-report, stripe-dashboard, stripe-payments, "
                + "stripe-payouts, or any CSV with --mapping)"
        }
        return "a header row of a known format: the closest is \(format.rawValue), which also needs "
            + missing.joined(separator: ", ") + " (or give --mapping FILE for another layout)"
    }
}
