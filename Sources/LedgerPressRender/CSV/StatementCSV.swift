import LedgerPressCore

/// The CSV files of the spec: `finance/summary.csv`, `finance/lines.csv`, and each statement's `<label>.csv`.
///
/// > Note: `tax` (issue 28, sales tax collected for someone else) is the last column of each, appended so that no
/// > column moves; it is part of `net_activity` and `net`, never of `earnings`.
///
/// > Note: issue 50 appends, after `tax`: `distance_km,distance_mi,brought_forward` to `summary.csv` (the period's
/// > distance on jobs per unit, empty when no job carried one in that unit; the `opening_balance` entries dated in
/// > the period, part of its `opening_balance`, so that `verify` can add them to the statements' totals); `payout_arrival,distance,distance_unit` to `lines.csv`;
/// > and `payout_arrival,distance_km,distance_mi` to each statement's own CSV (so a line whose job was measured in
/// > both units keeps both). Distances are plain decimals with three decimals (`12.500`).
///
/// > Note: UTF-8 without BOM, LF, RFC 4180 quoting only where needed, upper-case currency codes,
/// > plain decimals with the currency's decimals; text cells are formula-guarded, numeric cells never.
public enum StatementCSV {
    public static let summaryHeader =
        "payee_id,payee_type,period,period_start,period_end,currency,opening_balance,earnings,tips,fees,adjustments,refunds,net_activity,payouts,closing_balance,entries,tax,distance_km,distance_mi,brought_forward"
    /// The line columns both `lines.csv` and the statement CSVs have, through `payout_arrival`.
    static let sharedLineColumns =
        "payee_id,payee_type,period,currency,occurred_at,reference,description,earnings,tips,fees,adjustments,refunds,payouts,net,payout_id,payout_status,entries,tax,payout_arrival"
    public static let linesHeader = sharedLineColumns + ",distance,distance_unit"

    /// The statement CSV headers: the shared line columns from `period` on, then the distance per unit; a driver's
    /// without `fees`.
    static let merchantHeader =
        sharedLineColumns.split(separator: ",").dropFirst(2).joined(separator: ",") + ",distance_km,distance_mi\n"
    static let driverHeader =
        sharedLineColumns.split(separator: ",").dropFirst(2).filter { $0 != "fees" }.joined(separator: ",")
        + ",distance_km,distance_mi\n"

    /// The statement's own CSV: the lines columns from `period` on; a driver's without `fees` (folded into `earnings`).
    public static func statementCSV(_ statement: Statement) -> String {
        let isDriver = statement.payee.type == .driver
        var out = ByteText(capacity: 128 * (1 + statement.sections.reduce(0) { $0 + $1.lines.count }))
        out += isDriver ? driverHeader : merchantHeader
        let label = statement.period.label
        for section in statement.sections {
            for line in section.lines {
                appendLineCells(line, label: label, currency: section.currency, foldFees: isDriver, to: &out)
                appendDistances(line.distance, to: &out)
                out += "\n"
            }
        }
        return out.string
    }

    /// Summary rows of one statement (one per currency), unsorted across statements.
    public static func summaryRows(_ statement: Statement) -> [SortableRow] {
        let label = statement.period.label
        let payeeCell = CSVCell.text(statement.payee.id)
        return statement.sections.map { section in
            var text = ByteText(capacity: 192)
            appendSummaryRow(statement, section: section, payeeCell: payeeCell, to: &text)
            return SortableRow(
                keys: [statement.payee.id, section.currency.code, label], instant: nil, tieBreak: "", text: text.string)
        }
    }

    /// The `finance/summary.csv` row of one section of a statement, line end included; `payeeCell` is
    /// `CSVCell.text(statement.payee.id)`.
    static func appendSummaryRow(
        _ statement: Statement, section: CurrencySection, payeeCell: String, to out: inout ByteText
    ) {
        let f = section.figures
        let e = section.currency.exponent
        out += payeeCell
        out += ","
        out += statement.payee.type.rawValue
        out += ","
        out += statement.period.label
        out += ","
        out += statement.period.start.description
        out += ","
        out += statement.period.end.description
        out += ","
        out += section.currency.code
        // One call per cell rather than a loop over an array literal, which allocated once per row.
        func amount(_ value: Int64) {
            out += ","
            PlainDecimal.append(value, exponent: e, to: &out.bytes)
        }
        amount(f.openingBalance)
        amount(f.earnings)
        amount(f.tips)
        amount(f.fees)
        amount(f.adjustments)
        amount(f.refunds)
        amount(f.netActivity)
        amount(f.payouts)
        amount(f.closingBalance)
        out += ","
        out += f.entries
        amount(f.tax)
        appendDistances(section.distance, to: &out)
        amount(f.broughtForward)
        out += "\n"
    }

    /// `,km,mi`: each unit's total as a plain decimal with three decimals, empty when no job carried one.
    static func appendDistances(_ totals: DistanceTotals, to out: inout ByteText) {
        for unit in DistanceUnit.allCases {
            out += ","
            if let value = totals[unit] { out += Distance.plain(value) }
        }
    }

    /// `,distance,distance_unit` of a `lines.csv` line: the job's distance and unit (km when a line's rows were
    /// measured in both units, whose statement CSV keeps both), empty when it has none.
    static func appendDistance(_ totals: DistanceTotals, to out: inout ByteText) {
        guard let unit = DistanceUnit.allCases.first(where: { totals[$0] != nil }), let value = totals[unit] else {
            out += ",,"
            return
        }
        out += ","
        out += Distance.plain(value)
        out += ","
        out += unit.rawValue
    }

    /// The cells of one statement line from `period` on, comma-separated, without a line end.
    static func appendLineCells(
        _ line: StatementLine, label: String, currency: Currency, foldFees: Bool, to out: inout ByteText
    ) {
        let f = line.figures
        let e = currency.exponent
        out += label
        out += ","
        out += currency.code
        out += ","
        Timestamp.append(epochSeconds: line.occurredAt.epochSeconds, offsetSeconds: line.localOffset, to: &out.bytes)
        out += ","
        out += CSVCell.text(line.reference ?? "")
        out += ","
        out += CSVCell.text(line.description ?? "")
        func amount(_ value: Int64) {
            out += ","
            PlainDecimal.append(value, exponent: e, to: &out.bytes)
        }
        // One call per cell rather than a loop over an array literal, which allocated once per line.
        if foldFees {
            amount(f.take)
        } else {
            amount(f.earnings)
        }
        amount(f.tips)
        if !foldFees { amount(f.fees) }
        amount(f.adjustments)
        amount(f.refunds)
        amount(f.payouts)
        amount(line.net)
        out += ","
        out += CSVCell.text(line.payoutID ?? "")
        out += ","
        out += line.payoutStatus?.rawValue ?? ""
        out += ","
        out += f.entries
        amount(f.tax)
        out += ","
        if let arrival = line.payoutArrival { out += arrival.description }
    }
}

/// A CSV row with the keys it sorts by: UTF-8 bytes of `keys`, then the instant, then `tieBreak`.
public struct SortableRow: Sendable {
    public var keys: [String]
    public var instant: Timestamp?
    public var tieBreak: String
    public var text: String

    public static func sorted(_ rows: [SortableRow]) -> [SortableRow] {
        rows.sorted { a, b in
            for (x, y) in zip(a.keys, b.keys) where x != y { return x.utf8Precedes(y) }
            if let p = a.instant, let q = b.instant, p != q { return p < q }
            return a.tieBreak.utf8Precedes(b.tieBreak)
        }
    }
}
