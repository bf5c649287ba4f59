import LedgerPressCore

/// A CSV file read as a table: header by name, then each data record with its field count checked.
///
/// Collects a diagnostic for an empty file, a missing required column, an unreadable record and a
/// record whose field count differs from the header's; blank lines are skipped.
struct CSVTable {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Data records read (blank lines are not records), good or bad.
    private(set) var rows = 0

    init(file: String) { self.file = file }

    mutating func problem(_ line: Int, _ field: String?, _ expected: String, _ found: String?) {
        diagnostics.append(Diagnostic(at: SourceLocation(file: file, line: line, field: field), expected: expected, found: found))
    }

    /// Reads `bytes`; `what` names the format in messages ("the native ledger columns").
    mutating func read(
        _ bytes: [UInt8], what: String, required: [String], example: String,
        record handle: (CSVRecord, HeaderMap, inout CSVTable) -> Void
    ) {
        var reader = CSVReader(bytes: bytes)
        let header: HeaderMap
        do {
            guard let first = try reader.next() else {
                problem(0, nil, "a header row (\(example))", "an empty file")
                return
            }
            header = HeaderMap(first.fields)
            let missing = header.missing(required)
            if !missing.isEmpty {
                problem(first.line, "header", "\(what); missing \(missing.joined(separator: ", "))", first.fields.joined(separator: ","))
                return
            }
        } catch {
            problem(error.line, nil, "a readable CSV header", error.description)
            return
        }
        while true {
            let record: CSVRecord
            do {
                guard let next = try reader.next() else { break }
                record = next
            } catch {
                rows += 1
                problem(error.line, nil, "a well-formed CSV record", error.description)
                continue
            }
            if record.fields.count == 1 && record.fields[0].isEmpty { continue }
            rows += 1
            guard record.fields.count == header.names.count else {
                problem(record.line, nil, "\(header.names.count) fields as in the header", "\(record.fields.count) fields")
                continue
            }
            handle(record, header, &self)
        }
    }
}
