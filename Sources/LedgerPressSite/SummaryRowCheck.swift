import LedgerPressCore

/// The arithmetic of one `finance/summary.csv` row, re-checked by `verify`:
/// `net_activity = earnings + tips + fees + adjustments + refunds + tax` and
/// `closing_balance = opening_balance + net_activity + payouts`, each with the row's own cells, in checked
/// arithmetic (a sum that overflows is reported, never trapped on).
///
/// > Note: `tax` (appended by issue 28) is optional: a site published before it has no such column, and its rows
/// > are checked without it.
struct SummaryRowCheck {
    static let activityColumns = ["earnings", "tips", "fees", "adjustments", "refunds", "tax"]
    static let amountColumns = ["opening_balance"] + activityColumns + ["net_activity", "payouts", "closing_balance"]
    /// Amount columns a summary written by an earlier version may lack (read as zero).
    static let optionalColumns: Set<String> = ["tax"]

    /// The columns checked: each of ``amountColumns`` the header has, with its index.
    let columns: [(name: String, index: Int)]
    /// The activity columns the header has, in order.
    let activity: [String]

    /// `nil` when the header lacks one of the amount columns that are not optional.
    init?(header: [String]) {
        var columns: [(name: String, index: Int)] = []
        for name in SummaryRowCheck.amountColumns {
            guard let index = header.firstIndex(of: name) else {
                if SummaryRowCheck.optionalColumns.contains(name) { continue }
                return nil
            }
            columns.append((name, index))
        }
        self.columns = columns
        activity = SummaryRowCheck.activityColumns.filter { name in columns.contains { $0.name == name } }
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
        for (name, index) in columns {
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
        expect("net_activity", sumOf: activity)
        expect("closing_balance", sumOf: ["opening_balance", "net_activity", "payouts"])
        return problems
    }
}
