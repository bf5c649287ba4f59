import LedgerPressCore
import Testing

@testable import LedgerPressImport

/// Rows read through the byte shortcut come out exactly as `parseRow` makes them, and every row the
/// shortcut leaves alone is judged (and reported) by `parseRow` as before.
@Suite struct NativeRowReaderTests {
    /// The importer as it was: every row through `parseRow`, fields as Strings.
    static func reference(_ bytes: [UInt8], file: String) -> ImportedFile {
        var table = CSVTable(file: file, format: .native)
        table.read(
            bytes, what: "the native ledger columns", required: NativeLedgerImporter.requiredColumns.map { [$0] },
            example: NativeLedgerImporter.requiredColumns.joined(separator: ",") + ",..."
        ) { record, header, table in
            NativeLedgerImporter.parseRow(record.fields, line: record.line, header: header, table: &table).map { [$0] }
        }
        return table.result
    }

    static func same(_ a: ImportedFile, _ b: ImportedFile) -> Bool {
        a.entries == b.entries && a.entries.map(\.source) == b.entries.map(\.source) && a.rejected == b.rejected
            && a.diagnostics == b.diagnostics && a.rows.map(\.line) == b.rows.map(\.line)
            && a.rows.map(\.bytes) == b.rows.map(\.bytes)
            && a.rows.map(\.entryRange) == b.rows.map(\.entryRange)
    }

    static let values: [String: [String]] = [
        "id": [
            "t1", "t2", "", "id with space", "x\u{1}", "é", String(repeating: "i", count: 257), "\"q,\"\"x\"\"\"",
            "t\u{85}",
        ],
        "occurred_at": [
            "2026-10-03T14:22:05Z", "2026-10-03T10:22:05-04:00", "2026-02-30T00:00:00Z", "1899-12-31T23:00:00Z", "",
            "soon", "2026-10-03t14:22:05.5z",
        ],
        "payee_id": ["drv_1", "m_long_payee_identifier_1", "", "DRV_1", "p\u{9F}"],
        "payee_type": ["driver", "Merchant", "DRIVER", "drıver", "", "rider"],
        "payee_name": [
            "", "Ann", "=HYPERLINK(\"\"x\"\")", "Line\nBreak", "name\u{7F}", "José Müller-Lüdenscheidt",
            String(repeating: "n", count: 300),
        ],
        "kind": ["earning", "TIP", "Fee", "payout", "refund", "adjustment", "bonus", "", "earnıng"],
        "amount": ["12.00", "-3.5", "+7", "1.234", "1,000", "", "1e3", "1000000000000000.01", ".5", "5."],
        "currency": ["USD", "usd", "Jpy", "BHD", "uſd", "US", "XXX", "", "€"],
        "reference": ["", "job_1", "a reference that is long enough", "r\u{0}", "j\u{2028}"],
        "description": [
            "", "Airport run", "a description shared by many rows", "Tab\there", "two\r\nlines",
            String(repeating: "d", count: 2_001),
        ],
        "payout_id": ["", "po_1", "po_with_a_longer_identifier", "p o"],
        "payout_status": ["", "paid", "PENDING", "Processing", "failed", "done", "paıd"],
        // Issue 50 (empty in good rows: a value is only right on some kinds, which the bad rows try).
        "payout_arrival": ["", "", "", "2026-11-16", "16/11/2026", "2026-02-30"],
        "distance": ["", "", "", "12.5", "0", "-1", "1.2345", "1e3"],
        "distance_unit": ["", "", "", "km", "MI", "miles"],
    ]

    @Test(arguments: (UInt64(1)...UInt64(10)).map { $0 })
    func shortcutAgreesWithParseRow(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var columns =
            NativeLedgerImporter.requiredColumns + NativeLedgerImporter.optionalColumns.filter { _ in next(4) != 0 }
        if next(3) == 0 { columns.append("extra") }
        var generator = SeededGenerator(state: seed)
        columns.shuffle(using: &generator)
        var text = columns.joined(separator: next(2) == 0 ? "," : ",") + "\n"
        for _ in 0..<240 {
            let good = next(3) != 0
            let cells = columns.map { column -> String in
                let options = Self.values[column] ?? ["x", ""]
                let value = good ? options[next(min(3, options.count))] : options[next(options.count)]
                return value.contains(",") || value.contains("\n") || value.contains("\"") && !value.hasPrefix("\"")
                    ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
            }
            text += cells.joined(separator: ",") + (next(5) == 0 ? "\r\n" : "\n")
            if next(40) == 0 { text += "\n" }
        }
        let bytes = Array(text.utf8)
        let fast = NativeLedgerImporter.read(bytes: bytes, file: "ledger.csv")
        let slow = Self.reference(bytes, file: "ledger.csv")
        #expect(Self.same(fast, slow))
        #expect(fast.entries.count > 20)
    }

    @Test func repeatedTextsAreShared() throws {
        let name = "A payee name longer than fifteen bytes"
        let text =
            "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency\n"
            + (1...3).map { "t\($0),2026-10-03T10:00:00Z,payee_with_long_id,driver,\(name),earning,1.00,USD\n" }
            .joined()
        let file = NativeLedgerImporter.read(bytes: Array(text.utf8), file: "a.csv")
        #expect(file.entries.count == 3)
        let names = file.entries.compactMap(\.payeeName)
        #expect(names == [name, name, name])
        // One storage for the three names.
        let addresses = names.map { name -> UInt? in
            var copy = name
            return copy.withUTF8 { $0.baseAddress.map { UInt(bitPattern: $0) } }
        }
        #expect(Set(addresses).count == 1)
    }

    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}

/// Texts are shared by their bytes; short ones are made directly.
@Suite struct StringPoolTests {
    @Test func sameBytesSameString() {
        var pool = StringPool(capacity: 4)
        var made: [String] = []
        for i in 0..<5_000 {
            let text = "a text that is long enough \(i % 300)"
            var bytes = Array(text.utf8)
            made.append(bytes.withUnsafeMutableBufferPointer { pool.string(UnsafeBufferPointer($0)) })
            #expect(made.last == text)
        }
        #expect(Set(made).count == 300)
        var short = Array("short".utf8)
        #expect(short.withUnsafeMutableBufferPointer { pool.string(UnsafeBufferPointer($0)) } == "short")
    }
}
