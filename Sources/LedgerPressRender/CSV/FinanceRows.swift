import LedgerPressCore

/// One payee's rows of `finance/summary.csv` and `finance/lines.csv`, in the order the spec sorts them
/// (`payee_id`, `currency`, `period`, then `occurred_at` by instant, `reference`, entry id), built statement by
/// statement as bytes.
///
/// > Note: every row of one payee has the same `payee_id`, and a statement's lines already come sorted by
/// > instant, reference and entry id (``StatementLines``), so the rows need no sort of their own: the blocks of
/// > one statement and currency are put in order by `currency`, then `period` (UTF-8 bytes), and each block keeps
/// > its rows' order. `FinanceRowsTests` checks the result against sorting every row.
public struct FinanceRows: Sendable {
    private struct Block: Sendable {
        var currency: String
        var label: String
        var summary: [UInt8]
        var lines: [UInt8]
    }

    private var blocks: [Block] = []

    public init() {}

    /// Adds a statement's rows (one block per currency).
    public mutating func add(_ statement: Statement) {
        let label = statement.period.label
        let payeeCell = CSVCell.text(statement.payee.id)
        let prefix = payeeCell + "," + statement.payee.type.rawValue + ","
        for section in statement.sections {
            var summary = ByteText(capacity: 192)
            StatementCSV.appendSummaryRow(statement, section: section, payeeCell: payeeCell, to: &summary)
            var lines = ByteText(capacity: 160 * section.lines.count)
            for line in section.lines {
                lines += prefix
                StatementCSV.appendLineCells(
                    line, label: label, currency: section.currency, foldFees: false, to: &lines)
                StatementCSV.appendDistance(line.distance, to: &lines)
                lines += "\n"
            }
            blocks.append(
                Block(currency: section.currency.code, label: label, summary: summary.bytes, lines: lines.bytes))
        }
    }

    /// The summary rows and the line rows, each in their file's order.
    public func csv() -> (summary: String, lines: String) {
        // Positions sorted, not the blocks (each holds two byte arrays): stable, like sorting the blocks.
        let ordered = blocks.indices.sorted { a, b in
            blocks[a].currency != blocks[b].currency
                ? blocks[a].currency.utf8Precedes(blocks[b].currency)
                : blocks[a].label.utf8Precedes(blocks[b].label)
        }.map { blocks[$0] }
        var summary: [UInt8] = []
        var lines: [UInt8] = []
        summary.reserveCapacity(ordered.reduce(0) { $0 + $1.summary.count })
        lines.reserveCapacity(ordered.reduce(0) { $0 + $1.lines.count })
        for block in ordered {
            summary += block.summary
            lines += block.lines
        }
        return (String(decoding: summary, as: UTF8.self), String(decoding: lines, as: UTF8.self))
    }
}
