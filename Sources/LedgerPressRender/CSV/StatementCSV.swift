import LedgerPressCore

/// The CSV files of the spec: `finance/summary.csv`, `finance/lines.csv`, and each statement's `<label>.csv`.
///
/// > Note: UTF-8 without BOM, LF, RFC 4180 quoting only where needed, upper-case currency codes,
/// > plain decimals with the currency's decimals; text cells are formula-guarded, numeric cells never.
public enum StatementCSV {
    public static let summaryHeader =
        "payee_id,payee_type,period,period_start,period_end,currency,opening_balance,earnings,tips,fees,adjustments,refunds,net_activity,payouts,closing_balance,entries"
    public static let linesHeader =
        "payee_id,payee_type,period,currency,occurred_at,reference,description,earnings,tips,fees,adjustments,refunds,payouts,net,payout_id,payout_status,entries"

    /// The statement's own CSV: the lines columns from `period` on; a driver's without `fees` (folded into `earnings`).
    public static func statementCSV(_ statement: Statement) -> String {
        let isDriver = statement.payee.type == .driver
        var header = linesHeader.split(separator: ",").dropFirst(2).map(String.init)
        if isDriver { header.removeAll { $0 == "fees" } }
        var out = header.joined(separator: ",") + "\n"
        for section in statement.sections {
            for line in section.lines {
                out += CSVCell.row(lineCells(line, period: statement.period, currency: section.currency, foldFees: isDriver))
            }
        }
        return out
    }

    /// Summary rows of one statement (one per currency), unsorted across statements.
    public static func summaryRows(_ statement: Statement) -> [SortableRow] {
        statement.sections.map { section in
            let f = section.figures
            let e = section.currency.exponent
            func d(_ v: Int64) -> String { PlainDecimal.format(v, exponent: e) }
            let cells = [
                CSVCell.text(statement.payee.id), statement.payee.type.rawValue, statement.period.label,
                statement.period.start.description, statement.period.end.description, section.currency.code,
                d(f.openingBalance), d(f.earnings), d(f.tips), d(f.fees), d(f.adjustments), d(f.refunds), d(f.netActivity),
                d(f.payouts), d(f.closingBalance), String(f.entries),
            ]
            return SortableRow(
                keys: [statement.payee.id, section.currency.code, statement.period.label], instant: nil, tieBreak: "",
                text: CSVCell.row(cells))
        }
    }

    /// `finance/lines.csv` rows of one statement, unsorted across statements.
    public static func lineRows(_ statement: Statement) -> [SortableRow] {
        var rows: [SortableRow] = []
        for section in statement.sections {
            for line in section.lines {
                let cells = [CSVCell.text(statement.payee.id), statement.payee.type.rawValue]
                    + lineCells(line, period: statement.period, currency: section.currency, foldFees: false)
                rows.append(SortableRow(
                    keys: [statement.payee.id, section.currency.code, statement.period.label], instant: line.occurredAt,
                    tieBreak: (line.reference ?? "") + "\u{0}" + line.firstEntryID, text: CSVCell.row(cells)))
            }
        }
        return rows
    }

    static func lineCells(_ line: StatementLine, period: Period, currency: Currency, foldFees: Bool) -> [String] {
        let f = line.figures
        func d(_ v: Int64) -> String { PlainDecimal.format(v, exponent: currency.exponent) }
        var cells = [
            period.label, currency.code, Timestamp.format(epochSeconds: line.occurredAt.epochSeconds, offsetSeconds: line.localOffset),
            CSVCell.text(line.reference ?? ""), CSVCell.text(line.description ?? ""),
        ]
        cells += foldFees ? [d(f.take), d(f.tips)] : [d(f.earnings), d(f.tips), d(f.fees)]
        cells += [
            d(f.adjustments), d(f.refunds), d(f.payouts), d(line.net), CSVCell.text(line.payoutID ?? ""),
            line.payoutStatus?.rawValue ?? "", String(f.entries),
        ]
        return cells
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
            for (x, y) in zip(a.keys, b.keys) where x != y { return x.utf8.lexicographicallyPrecedes(y.utf8) }
            if let p = a.instant, let q = b.instant, p != q { return p < q }
            return a.tieBreak.utf8.lexicographicallyPrecedes(b.tieBreak.utf8)
        }
    }
}
