import Testing

@testable import LedgerPressImport

/// JSON Lines rows: a key given twice in one object is ambiguous (which amount, which payee?), so the row
/// is rejected naming the key and where both occurrences start, never read with the last value.
@Suite struct JSONLinesImporterTests {
    static let head =
        #"{"id":"t1","occurred_at":"2026-10-03T14:22:05Z","payee_id":"d1","payee_type":"driver","kind":"earning""#

    /// The 1-based byte columns where `"key"` is written in `line` (what the message must name).
    static func columns(of key: String, in line: String) -> [Int] {
        let bytes = Array(line.utf8)
        let needle = Array("\"\(key)\"".utf8)
        return bytes.indices.filter { bytes[$0...].starts(with: needle) }.map { $0 + 1 }
    }

    @Test(arguments: [
        ("amount", head + #","amount":"1.00","amount":"1000.00","currency":"USD"}"#),
        ("payee_id", head + #","amount":"1.00","currency":"USD","payee_id":"d2"}"#),
        ("currency", head + #","amount":"1.00","currency":"USD","currency":null}"#),
        ("note", head + #","amount":"1.00","currency":"USD","note":1,"note":2}"#),
    ])
    func aDuplicateKeyRejectsTheRowNamingBothColumns(key: String, line: String) throws {
        let at = Self.columns(of: key, in: line)
        try #require(at.count == 2)
        #expect(throws: FlatJSONObject.Failure.duplicateKey(key, first: at[0], second: at[1])) {
            try FlatJSONObject.parse(ArraySlice(Array(line.utf8)))
        }
        let good = Self.head.replacingOccurrences(of: "t1", with: "t2") + #","amount":"2.00","currency":"USD"}"#
        let result = JSONLinesImporter.read(bytes: Array((good + "\n" + line + "\n").utf8), file: "l.jsonl")
        #expect(
            result.diagnostics.map(\.message) == [
                "l.jsonl:2: error: \(key): expected each key once per object, got '\(key)' at column \(at[0]) and again at column \(at[1])"
            ])
        #expect(result.entries.map(\.id) == ["t2"])
        #expect(result.rejected.map(\.line) == [2])
        #expect(result.rejected.first?.raw == line)
    }

    @Test func aKeyWrittenWithEscapesIsTheSameKey() {
        let line = Self.head + #","amount":"1.00","\u0061mount":"1000.00","currency":"USD"}"#
        #expect(throws: FlatJSONObject.Failure.duplicateKey("amount", first: 104, second: 120)) {
            try FlatJSONObject.parse(ArraySlice(Array(line.utf8)))
        }
    }

    @Test func distinctKeysStillParse() throws {
        let object = try FlatJSONObject.parse(ArraySlice(Array((Self.head + #","amount":"1.00"}"#).utf8)))
        #expect(object["amount"] == "1.00" && object["kind"] == "earning")
    }
}
