import LedgerPressCore

/// The arithmetic of one `finance/summary.csv` row, re-checked by `verify`:
/// `net_activity = earnings + tips + fees + adjustments + refunds` and
/// `closing_balance = opening_balance + net_activity + payouts`, each with the row's own cells, in checked
/// arithmetic (a sum that overflows is reported, never trapped on).
struct SummaryRowCheck {
    static let activityColumns = ["earnings", "tips", "fees", "adjustments", "refunds"]
    static let amountColumns = ["opening_balance"] + activityColumns + ["net_activity", "payouts", "closing_balance"]

    /// The index of each of ``amountColumns`` in the header.
    let indexes: [Int]

    /// `nil` when the header lacks one of the amount columns.
    init?(header: [String]) {
        var indexes: [Int] = []
        for name in SummaryRowCheck.amountColumns {
            guard let index = header.firstIndex(of: name) else { return nil }
            indexes.append(index)
        }
        self.indexes = indexes
    }

    /// A row's amounts in minor units, by column name.
    struct Amounts {
        var values: [String: Int64]
        var netActivity: Int64 { values["net_activity"] ?? 0 }
        var payouts: Int64 { values["payouts"] ?? 0 }
    }

    /// The row's amounts; `nil` when a cell is not an amount of the currency.
    func amounts(_ fields: [String], currency: Currency) -> Amounts? {
        var values: [String: Int64] = [:]
        for (name, index) in zip(SummaryRowCheck.amountColumns, indexes) {
            guard index < fields.count,
                case .success(let money) = AmountParser.parse(fields[index], currency: currency, limit: .max)
            else { return nil }
            values[name] = money.minorUnits
        }
        return Amounts(values: values)
    }

    /// What is wrong with the row's arithmetic, as `column: expected ..., got ...` messages.
    func check(_ row: Amounts, currency: Currency) -> [String] {
        var problems: [String] = []
        func expect(_ column: String, sumOf terms: [String]) {
            let formula = terms.joined(separator: " + ")
            var sum: Int64 = 0
            for term in terms {
                let (next, overflow) = sum.addingReportingOverflow(row.values[term] ?? 0)
                guard !overflow else {
                    problems.append("\(column): expected \(formula), got a sum beyond 64-bit minor units")
                    return
                }
                sum = next
            }
            let stated = row.values[column] ?? 0
            if sum != stated {
                let format = { (value: Int64) in PlainDecimal.format(value, exponent: currency.exponent) }
                problems.append("\(column): expected \(format(sum)) (\(formula)), got \(format(stated))")
            }
        }
        expect("net_activity", sumOf: SummaryRowCheck.activityColumns)
        expect("closing_balance", sumOf: ["opening_balance", "net_activity", "payouts"])
        return problems
    }
}
