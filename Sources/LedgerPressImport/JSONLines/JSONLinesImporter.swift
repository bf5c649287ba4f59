import LedgerPressCore

/// The native ledger as JSON Lines: one object per line with the native CSV's field names.
///
/// `amount` is a JSON string (`"12.00"`); a JSON number is accepted and parsed from its text, never
/// through floating point. Blank lines are skipped; every bad line is a diagnostic and a rejected row, a
/// line that gives a key twice too (named with the byte columns where both occurrences start).
enum JSONLinesImporter {
    static func read(bytes: [UInt8], file: String, texts: EntryTexts = EntryTexts()) -> ImportedFile {
        var table = CSVTable(file: file, format: .jsonl, texts: texts)
        if bytes.isEmpty {
            table.problem(0, nil, "one JSON object per line", "an empty file")
            return table.result
        }
        let header = HeaderMap(NativeLedgerImporter.requiredColumns + NativeLedgerImporter.optionalColumns)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        while start < bytes.count {
            var stop = start
            while stop < bytes.count, bytes[stop] != 10 { stop += 1 }
            var content = bytes[start..<stop]
            if content.last == 13 { content = content.dropLast() }
            var raw: String { String(decoding: content, as: UTF8.self) }
            defer {
                start = stop + 1
                line += 1
            }
            if content.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            let before = table.result.diagnostics.count
            do {
                let object = try FlatJSONObject.parse(content)
                let fields = header.names.map { object[$0] ?? "" }
                if let entry = NativeLedgerImporter.parseRow(fields, line: line, header: header, table: &table),
                    table.result.diagnostics.count == before
                {
                    table.result.accept(line: line, bytes: content.startIndex..<content.endIndex, entry: entry)
                    continue
                }
            } catch {
                switch error {
                case .malformed(let what):
                    table.problem(line, nil, "one JSON object of the ledger fields per line (\(what))", raw)
                case .duplicateKey(let key, let first, let second):
                    let name = Diagnostic.shorten(key)
                    table.problem(
                        line, name,
                        "each key once per object, got '\(name)' at column \(first) and again at column \(second)", nil)
                }
            }
            table.reject(line, raw, from: before)
        }
        return table.result
    }
}
