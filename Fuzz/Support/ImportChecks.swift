// Invariants every importer keeps, whatever the bytes: checked after each fuzz input.
import LedgerPressCore
@testable import LedgerPressImport

enum ImportChecks {
    /// Physical lines in `bytes` as the CSV reader counts them: LF, CRLF and a lone CR each end a line
    /// (a last line without one counts).
    static func physicalLines(_ bytes: [UInt8]) -> Int {
        var lines = 1
        for (i, b) in bytes.enumerated() where b == 10 || (b == 13 && (i + 1 == bytes.count || bytes[i + 1] != 10)) { lines += 1 }
        return lines
    }

    /// Accepted and rejected rows have distinct, increasing, in-range lines; entries point at their row;
    /// every problem names the file and a line in it; the entries join a ledger without trapping.
    static func verify(_ result: ImportedFile, bytes: [UInt8], file: String) {
        let lines = physicalLines(bytes)
        var previous = 0
        for row in result.rows {
            check(row.line > previous, "row lines not increasing: \(row.line) after \(previous)")
            check(row.line <= lines, "row line \(row.line) beyond the \(lines) lines of the input")
            previous = row.line
            check(row.bytes.lowerBound >= 0 && row.bytes.upperBound <= bytes.count, "row bytes \(row.bytes) outside the input")
            for entry in result.entries(of: row) {
                check(entry.source.file == file && entry.source.line == row.line, "entry source \(entry.source) for row \(row.line)")
                check(!entry.id.isEmpty, "an entry without an id at line \(row.line)")
                check(!entry.payeeID.isEmpty, "an entry without a payee at line \(row.line)")
            }
        }
        let rejectedLines = result.rejected.map(\.line)
        for (a, b) in zip(rejectedLines, rejectedLines.dropFirst()) { check(a < b, "rejected lines not increasing: \(b) after \(a)") }
        check(Set(rejectedLines).isDisjoint(with: result.rows.map(\.line)), "a line both accepted and rejected")
        for rejected in result.rejected {
            check(rejected.line >= 1 && rejected.line <= lines, "rejected line \(rejected.line) of \(lines)")
            check(!rejected.reason.isEmpty, "a rejected row without a reason at line \(rejected.line)")
        }
        for diagnostic in result.diagnostics {
            check(diagnostic.location.file == file, "diagnostic for another file: \(diagnostic.message)")
            check(diagnostic.location.line >= 0 && diagnostic.location.line <= lines, "diagnostic line out of range: \(diagnostic.message)")
            check(diagnostic.message.hasPrefix(file), "message does not start with the file: \(diagnostic.message)")
        }
        // A rejected row always has a diagnostic; a clean file rejects nothing.
        check(result.rejected.isEmpty || !result.diagnostics.isEmpty, "rows rejected without a diagnostic")
        var log = DiagnosticLog()
        var ledger = Ledger()
        for row in result.rows { ledger.add(row: result.entries(of: row), diagnostics: &log) }
        check(ledger.entries.count <= result.entries.count, "the ledger grew beyond the entries read")
    }
}
