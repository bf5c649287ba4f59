import Foundation
import LedgerPressCore

/// Reads the native ledger export (CSV, RFC 4180) into entries, collecting every bad row.
///
/// Column order never matters; unknown extra columns are ignored. A header-only file is valid;
/// an empty file is an error.
public enum NativeLedgerImporter {
    public static let requiredColumns = ["id", "occurred_at", "payee_id", "payee_type", "kind", "amount", "currency"]
    public static let optionalColumns = ["payee_name", "reference", "description", "payout_id", "payout_status"]

    /// Reads the native CSV; every bad row is a diagnostic and a rejected row.
    public static func read(bytes: [UInt8], file: String) -> ImportedFile {
        read(bytes, more: { nil }, file: file) { made, found, _, table in
            table.result.accept(line: found.line, bytes: found.bytes, entry: made.entry(file: file, line: found.line))
        }
    }

    /// A good row as the reader made it: its values (most rows, read on bytes), or the entry `parseRow` made.
    enum Made: Sendable {
        case values(NativeRowReader.Row)
        case entry(LedgerEntry)

        /// The row's entry, read from `file` at `line`.
        func entry(file: String, line: Int) -> LedgerEntry {
            switch self {
            case .values(let row): row.entry(file: file, line: line)
            case .entry(let entry): entry
            }
        }

        /// What the input's summary counts of the row.
        func count(into result: inout ImportedFile) {
            let (payeeID, amount, occurredAt) =
                switch self {
                case .values(let row): (row.payeeID, row.amount, row.occurredAt)
                case .entry(let entry): (entry.payeeID, entry.amount, entry.occurredAt)
                }
            result.streamed(payeeID: payeeID, currency: amount.currency.code, occurredAt: occurredAt)
        }
    }

    /// Reads the native CSV in pieces (`firstPiece`, then each piece `more` gives until nil), handing each
    /// accepted row's entry, line and bytes (for quoting the row if it is refused) to `accept`, instead of
    /// keeping it: the result has the rejected rows, diagnostics and counts that ``read(bytes:file:)`` gives for
    /// the whole input, but no ``ImportedFile/rows`` or ``ImportedFile/entries``.
    ///
    /// `accept` runs on a second thread while this one reads on, in row order (``RowHandoff``): reading rows
    /// and taking their entries in run on two cores. The entries are made on that thread too (most rows are
    /// read into values here, ``Made``): measured on a 1M-row export, making them was a fifth of this thread's
    /// work while the other thread was idle two thirds of the time. It has run on every row when this returns.
    ///
    /// > Note: `firstPiece` must hold the whole header record (``LedgerImport/readsInPieces(_:settings:)``).
    public static func readOverlapped(
        firstPiece: [UInt8], more: () -> [UInt8]?, file: String,
        accept: @escaping @Sendable (LedgerEntry, Int, ArraySlice<UInt8>) -> Void
    ) -> ImportedFile {
        let handoff = RowHandoff { accept($0.made.entry(file: file, line: $0.line), $0.line, $0.bytes) }
        let result = read(firstPiece, more: more, file: file) { made, found, reader, table in
            made.count(into: &table.result)
            handoff.send((made, found.line, reader.bytes[found.bytes.clamped(to: 0..<reader.bytes.count)]))
        }
        handoff.finish()
        return result
    }

    private static func read(
        _ bytes: [UInt8], more: () -> [UInt8]?, file: String,
        accept: (Made, (line: Int, bytes: Range<Int>), CSVReader, inout CSVTable) -> Void
    ) -> ImportedFile {
        var table = CSVTable(file: file, format: .native)
        var fast: NativeRowReader?
        table.readRows(
            bytes, what: "the native ledger columns", required: requiredColumns.map { [$0] },
            example: requiredColumns.joined(separator: ",") + ",...", more: more, lineEndAfterLastRow: true
        ) { reader, found, header, table in
            if fast == nil { fast = NativeRowReader(header: header) }
            if let row = fast?.row(reader) {
                accept(.values(row), found, reader, &table)
                return true
            }
            let before = table.result.diagnostics.count
            let fields = reader.fields.indices.map(reader.string)
            guard let entry = parseRow(fields, line: found.line, header: header, table: &table),
                table.result.diagnostics.count == before
            else {
                return false
            }
            accept(.entry(entry), found, reader, &table)
            return true
        }
        return table.result
    }

    /// The free-text fields and the rule each is checked with.
    static let textFields: [(String, TextRule)] = [
        ("id", .identifier), ("payee_id", .identifier), ("payee_name", .name), ("reference", .identifier),
        ("description", .description), ("payout_id", .identifier),
    ]

    /// One row's entry, or nil after reporting each of its problems.
    static func parseRow(_ fields: [String], line: Int, header: HeaderMap, table: inout CSVTable) -> LedgerEntry? {
        let before = table.result.diagnostics.count
        func problem(_ field: String, _ expected: String, _ found: String) {
            table.problem(line, field, expected, found)
        }
        func required(_ name: String) -> String? {
            guard let value = header.value(name, in: fields) else {
                problem(name, "a value", "")
                return nil
            }
            return value
        }
        let id = required("id")
        let payeeID = required("payee_id")
        let occurred = required("occurred_at").flatMap { text -> Timestamp? in
            switch RFC3339.read(text) {
            case .success(let t): return t
            case .failure(.yearOutOfRange): problem("occurred_at", CivilDate.supportedYearsText, text)
            case .failure(.leapSecond): problem("occurred_at", TimestampFailure.leapSecondText, text)
            case .failure(.malformed):
                problem("occurred_at", "an RFC 3339 timestamp with offset such as 2026-10-03T14:22:05Z", text)
            }
            return nil
        }
        let payeeType = required("payee_type").flatMap { text -> PayeeType? in
            guard let t = PayeeType(rawValue: text.lowercased()) else {
                problem("payee_type", "driver or merchant", text)
                return nil
            }
            return t
        }
        let kind = required("kind").flatMap { text -> EntryKind? in
            guard let k = EntryKind(rawValue: text.lowercased()) else {
                problem("kind", "one of earning, tip, fee, adjustment, refund, payout, tax", text)
                return nil
            }
            return k
        }
        let currency = required("currency").flatMap { text -> Currency? in
            guard let c = Currency(code: text) else {
                problem("currency", "an ISO 4217 currency code such as USD", text)
                return nil
            }
            return c
        }
        var amount: Money?
        if let text = required("amount"), let currency {
            switch AmountParser.parse(text, currency: currency) {
            case .success(let money): amount = money
            case .failure(.tooManyDecimals(let allowed)):
                problem("amount", "at most \(allowed) decimals for \(currency.code)", text)
            case .failure(.beyondLimit): problem("amount", AmountParser.limitExpectation(currency), text)
            case .failure(.notADecimal):
                problem("amount", "a decimal like 120.00 or -24 (no thousands separators, no exponent)", text)
            }
        }
        for (name, rule) in textFields { table.check(header.value(name, in: fields), rule, line: line, field: name) }
        var status: PayoutStatus?
        if let text = header.value("payout_status", in: fields) {
            status = PayoutStatus(rawValue: text.lowercased())
            if status == nil { problem("payout_status", "one of pending, processing, paid, failed", text) }
        }
        guard table.result.diagnostics.count == before, let id, let payeeID, let occurred, let payeeType, let kind,
            let amount
        else {
            return nil
        }
        return LedgerEntry(
            id: id, occurredAt: occurred, payeeID: payeeID, payeeType: payeeType,
            payeeName: header.value("payee_name", in: fields), kind: kind, amount: amount,
            reference: header.value("reference", in: fields), description: header.value("description", in: fields),
            payoutID: header.value("payout_id", in: fields), payoutStatus: status,
            source: SourceLocation(file: table.file, line: line))
    }
}
