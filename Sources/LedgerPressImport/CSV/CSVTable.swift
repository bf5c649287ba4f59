import LedgerPressCore

/// A CSV file read as a table: header by name, then each data record with its field count checked.
///
/// Collects a diagnostic for an empty file, a missing required column, an unreadable record and a
/// record whose field count differs from the header's; blank lines are skipped. Each record the
/// handler accepts (returns entries for) is kept with its raw text; each it refuses, or that could
/// not be read, is kept as a rejected row with the reasons.
struct CSVTable {
    var result: ImportedFile
    var file: String { result.name }
    /// The run's table of entry texts: every entry made from this file's rows goes into it.
    let texts: EntryTexts
    /// Set by a record handler (``skip(_:)``) for the record it is handling.
    private var skipping: String?

    init(file: String, format: InputFormat, texts: EntryTexts = EntryTexts()) {
        result = ImportedFile(name: file, format: format)
        self.texts = texts
    }

    mutating func problem(_ line: Int, _ field: String?, _ expected: String, _ found: String?) {
        result.diagnostics.append(
            Diagnostic(at: SourceLocation(file: file, line: line, field: field), expected: expected, found: found))
    }

    /// A warning about a row that is still read (a local time in a DST gap): shown, never a reason to reject.
    mutating func warn(_ line: Int, _ field: String?, _ expected: String, _ found: String?) {
        result.diagnostics.append(
            Diagnostic(
                .warning, at: SourceLocation(file: file, line: line, field: field), expected: expected, found: found))
    }

    /// Whether no error was added since the diagnostics numbered `count` (warnings do not count).
    func noErrors(since count: Int) -> Bool {
        !result.diagnostics[count...].contains { $0.severity == .error }
    }

    /// Leaves the record being handled out, counted under `reason` (the handler then returns nil). A record
    /// that also has a problem is rejected instead: a skip never hides an error.
    mutating func skip(_ reason: String) { skipping = reason }

    /// Reads `bytes`; `what` names the format in messages ("the native ledger columns").
    mutating func read(
        _ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), skippingLines: Int = 0, what: String,
        required: [[String]], example: String,
        reads: Set<String>? = nil, record handle: (CSVRecord, HeaderMap, inout CSVTable) -> [LedgerEntry]?
    ) {
        readRows(
            bytes, delimiter: delimiter, skippingLines: skippingLines, what: what, required: required, example: example,
            reads: reads
        ) {
            reader, found, header, table in
            let record = CSVRecord(
                line: found.line, fields: reader.fields.indices.map(reader.string), bytes: found.bytes)
            let before = table.result.diagnostics.count
            let made = handle(record, header, &table)
            if let reason = table.skipping {
                table.skipping = nil
                if table.noErrors(since: before) {
                    table.result.skip(reason)
                    return true
                }
            }
            guard let entries = made, table.distinctIDs(entries, line: record.line), table.noErrors(since: before)
            else { return false }
            table.result.accept(line: record.line, bytes: record.bytes, entries: entries)
            return true
        }
    }

    /// Reads the header, then hands each data record (its fields in the reader) to `accept`, which either
    /// accepts it into ``result`` and returns true, or returns false after reporting why (the record is
    /// then rejected with every diagnostic added since it began). Unreadable records, blank lines and
    /// field counts other than the header's are handled here.
    ///
    /// `reads`: the columns (lowercased) the importer reads, when it knows them: a name given twice is then an
    /// error only if it is one of them (Stripe repeats metadata columns it never needs, `payment_metadata[email]`);
    /// nil: any name given twice is.
    ///
    /// `more`: the input's next piece after `bytes` (nil at its end), for an input read in pieces
    /// (``CSVReader/nextFields(more:)``); `bytes` must then hold at least the whole header record.
    ///
    /// `lineEndAfterLastRow`: a last data row that the end of the input cuts off before its line end is an
    /// error (the native export ends every row with one; a copy cut short inside the last field would otherwise
    /// read as a shorter value, an empty status or a smaller amount). RFC 4180 allows a last record without a
    /// line end, so the other importers keep accepting it.
    mutating func readRows(
        _ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), skippingLines: Int = 0, what: String,
        required: [[String]], example: String,
        reads: Set<String>? = nil, more: () -> [UInt8]? = { nil }, lineEndAfterLastRow: Bool = false,
        accept: (CSVReader, (line: Int, bytes: Range<Int>), HeaderMap, inout CSVTable) -> Bool
    ) {
        var reader = CSVReader(bytes: bytes, delimiter: delimiter, skippingLines: skippingLines)
        guard let header = readHeader(&reader, what: what, required: required, example: example, reads: reads) else {
            return
        }
        readRecords(&reader, header: header, more: more, lineEndAfterLastRow: lineEndAfterLastRow, accept: accept)
    }

    /// Reads the header record, or reports why it cannot be the header of `what` and returns nil (see
    /// ``readRows(_:delimiter:skippingLines:what:required:example:reads:more:lineEndAfterLastRow:accept:)``).
    mutating func readHeader(
        _ reader: inout CSVReader, what: String, required: [[String]], example: String, reads: Set<String>?
    ) -> HeaderMap? {
        let header: HeaderMap
        do {
            guard let first = try reader.next() else {
                problem(0, nil, "a header row (\(example))", "an empty file")
                return nil
            }
            header = HeaderMap(first.fields)
            let duplicates = header.duplicates.filter { reads?.contains($0.name) ?? true }
            if !duplicates.isEmpty {
                for repeated in duplicates {
                    let positions = "'\(repeated.name)' is column \(repeated.first) and column \(repeated.second)"
                    problem(
                        first.line, "header", "each column named once (\(positions))",
                        first.fields.joined(separator: ","))
                }
                return nil
            }
            // Each inner list is a choice: one of its columns must be there.
            let missing = required.filter { choice in choice.allSatisfy { header.column($0) == nil } }
                .map { $0.joined(separator: " or ") }
            if !missing.isEmpty {
                problem(
                    first.line, "header", "\(what); missing \(missing.joined(separator: ", "))",
                    first.fields.joined(separator: ","))
                return nil
            }
        } catch {
            problem(error.line, nil, "a readable CSV header", error.description)
            return nil
        }
        return header
    }

    /// Hands each data record after the header to `accept` (see
    /// ``readRows(_:delimiter:skippingLines:what:required:example:reads:more:lineEndAfterLastRow:accept:)``), from
    /// where `reader` stands to the end of its bytes and of `more`.
    mutating func readRecords(
        _ reader: inout CSVReader, header: HeaderMap, more: () -> [UInt8]? = { nil }, lineEndAfterLastRow: Bool,
        accept: (CSVReader, (line: Int, bytes: Range<Int>), HeaderMap, inout CSVTable) -> Bool
    ) {
        while true {
            let found: (line: Int, bytes: Range<Int>)
            do {
                guard let next = try reader.nextFields(more: more) else { break }
                found = next
            } catch {
                problem(error.line, nil, "a well-formed CSV record", error.description)
                reject(error.line, reader.text(of: error.bytes), from: result.diagnostics.count - 1)
                continue
            }
            if reader.fields.count == 1 && reader.fields[0].range.isEmpty { continue }
            let before = result.diagnostics.count
            if lineEndAfterLastRow, reader.endedWithoutLineEnd {
                problem(
                    found.line, nil, "a line end after the last row (the file ends inside it: cut short?)",
                    reader.text(of: found.bytes))
                reject(found.line, reader.text(of: found.bytes), from: before)
                continue
            }
            guard reader.fields.count == header.names.count else {
                problem(
                    found.line, nil, "\(header.names.count) fields as in the header", "\(reader.fields.count) fields")
                reject(found.line, reader.text(of: found.bytes), from: before)
                continue
            }
            if !accept(reader, found, header, &self) { reject(found.line, reader.text(of: found.bytes), from: before) }
        }
    }

    /// Reports a row whose entries share an id (the ledger would merge them and lose an amount).
    mutating func distinctIDs(_ entries: [LedgerEntry], line: Int) -> Bool {
        guard entries.count > 1 else { return true }
        var seen: Set<String> = []
        for entry in entries where !seen.insert(entry.id).inserted {
            problem(line, "id", "a distinct id for each entry of a row", entry.id)
            return false
        }
        return true
    }

    mutating func reject(_ line: Int, _ raw: String, from index: Int) {
        let reasons = result.diagnostics[max(0, index)...].map(\.message)
        result.rejected.append(RejectedRow(file: file, line: line, raw: raw, reason: reasons.joined(separator: "; ")))
    }
}
