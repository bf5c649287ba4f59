import Foundation
import LedgerPressCore

/// Reads the native ledger export (CSV, RFC 4180) into entries, collecting every bad row.
///
/// Column order never matters; unknown extra columns are ignored. A header-only file is valid;
/// an empty file is an error.
public enum NativeLedgerImporter {
    public static let requiredColumns = ["id", "occurred_at", "payee_id", "payee_type", "kind", "amount", "currency"]
    public static let optionalColumns = [
        "payee_name", "reference", "description", "payout_id", "payout_status",
        "payout_arrival", "distance", "distance_unit",
    ]

    /// Reads the native CSV; every bad row is a diagnostic and a rejected row. The entries' texts go into `texts`
    /// (the run's table).
    public static func read(bytes: [UInt8], file: String, texts: EntryTexts = EntryTexts()) -> ImportedFile {
        var table = CSVTable(file: file, format: .native, texts: texts)
        var reader = CSVReader(bytes: bytes)
        guard let header = readHeader(&reader, into: &table) else { return table.result }
        var rows = NativeRowReader(header: header)
        table.readRecords(&reader, header: header, lineEndAfterLastRow: true) { reader, found, header, table in
            guard let row = row(reader, line: found.line, header: header, fast: &rows, table: &table) else {
                return false
            }
            table.result.accept(
                line: found.line, bytes: found.bytes, entry: row.entry(file: file, line: found.line, texts: texts))
            return true
        }
        table.result.nextRecordLine = nextRecordLine(bytes)
        return table.result
    }

    /// Whether `bytes` hold a whole first record, its line end included (a header a later read can go on after).
    public static func holdsFirstRecord(_ bytes: [UInt8]) -> Bool {
        var scanner = RecordBoundaries(line: 1)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.withUnsafeBufferPointer { scanner.scan(UnsafeBufferPointer(rebasing: $0[start...])) } != nil
    }

    /// The line a record appended to `bytes` would begin on, when they end where a record ends
    /// (``RecordBoundaries/recordStartLine``); a leading byte order mark is not part of the first record.
    static func nextRecordLine(_ bytes: [UInt8]) -> Int? {
        var scanner = RecordBoundaries(line: 1)
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count > start else { return nil }
        // No record starts past the end: the scan reads every byte.
        _ = bytes.withUnsafeBufferPointer { scanner.scan(UnsafeBufferPointer(rebasing: $0[start...]), from: $0.count) }
        return scanner.recordStartLine
    }

    /// Reads the header record (the first piece must hold it whole), or reports why it is not a native header.
    static func readHeader(_ reader: inout CSVReader, into table: inout CSVTable) -> HeaderMap? {
        table.readHeader(
            &reader, what: "the native ledger columns", required: requiredColumns.map { [$0] },
            example: requiredColumns.joined(separator: ",") + ",...", reads: nil)
    }

    /// The values of the record the reader holds: read on bytes (``NativeRowReader``) when every field is good, else
    /// through ``parseValues(_:line:header:table:)``, which reports each problem (nil then).
    static func row(
        _ reader: CSVReader, line: Int, header: HeaderMap, fast: inout NativeRowReader?, table: inout CSVTable
    ) -> NativeRowReader.Row? {
        if let row = fast?.row(reader) { return row }
        let before = table.result.diagnostics.count
        let fields = reader.fields.indices.map(reader.string)
        guard let row = parseValues(fields, line: line, header: header, table: &table),
            table.result.diagnostics.count == before
        else {
            return nil
        }
        return row
    }

    /// The free-text fields and the rule each is checked with.
    static let textFields: [(String, TextRule)] = [
        ("id", .identifier), ("payee_id", .identifier), ("payee_name", .name), ("reference", .identifier),
        ("description", .description), ("payout_id", .identifier),
    ]

    /// One row's entry, or nil after reporting each of its problems.
    static func parseRow(_ fields: [String], line: Int, header: HeaderMap, table: inout CSVTable) -> LedgerEntry? {
        parseValues(fields, line: line, header: header, table: &table)?
            .entry(file: table.file, line: line, texts: table.texts)
    }

    /// One row's values (what its entry is made of), or nil after reporting each of its problems.
    static func parseValues(_ fields: [String], line: Int, header: HeaderMap, table: inout CSVTable)
        -> NativeRowReader.Row?
    {
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
                problem("kind", "one of earning, tip, fee, adjustment, refund, payout, tax, opening_balance", text)
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
        var extras: Extras?
        if let kind {
            switch Self.extras(
                kind: kind, arrival: header.value("payout_arrival", in: fields),
                distance: header.value("distance", in: fields), unit: header.value("distance_unit", in: fields))
            {
            case .success(let found): extras = found
            case .failure(let bad): problem(bad.field, bad.expected, bad.found)
            }
        }
        guard table.result.diagnostics.count == before, let id, let payeeID, let occurred, let payeeType, let kind,
            let amount, let extras
        else {
            return nil
        }
        return NativeRowReader.Row(
            id: id, occurredAt: occurred, payeeID: payeeID, payeeType: payeeType,
            payeeName: header.value("payee_name", in: fields), kind: kind, amount: amount,
            reference: header.value("reference", in: fields), description: header.value("description", in: fields),
            payoutID: header.value("payout_id", in: fields), payoutStatus: status, payoutArrival: extras.arrival,
            distance: extras.distance)
    }
}
