// swift-format-ignore-file: NeverForceUnwrap

import Testing

@testable import LedgerPressImport

@Suite struct CSVReaderTests {
    func records(_ text: String, delimiter: Character = ",") throws -> [CSVRecord] {
        var reader = CSVReader(bytes: Array(text.utf8), delimiter: delimiter.asciiValue!)
        var out: [CSVRecord] = []
        while let record = try reader.next() { out.append(record) }
        return out
    }

    @Test func readsQuotedFieldsAndCountsPhysicalLines() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nlast,,\n"
        let rows = try records(text)
        #expect(rows.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
        #expect(rows.map(\.line) == [1, 2, 4])
    }

    @Test func bomAndLastLineWithoutNewline() throws {
        let rows = try records("\u{FEFF}id,amount\n1,2")
        #expect(rows.map(\.fields) == [["id", "amount"], ["1", "2"]])
    }

    @Test func blankLineIsOneEmptyField() throws {
        #expect(try records("a\n\nb\n").map(\.fields) == [["a"], [""], ["b"]])
    }

    @Test func otherDelimiters() throws {
        #expect(try records("a;b;\"c;d\"\n", delimiter: ";").map(\.fields) == [["a", "b", "c;d"]])
        #expect(try records("a\tb\n", delimiter: "\t").map(\.fields) == [["a", "b"]])
    }

    @Test func unterminatedQuoteAtEndOfFile() throws {
        var reader = CSVReader(bytes: Array("a,b\n1,\"open\n2,3\n".utf8))
        _ = try reader.next()
        #expect(throws: CSVError(line: 2, problem: .unterminatedQuote)) { try reader.next() }
        #expect(try reader.next() == nil)
    }

    @Test(arguments: [
        ("a\"b,c\nok,1\n", CSVError.Problem.quoteInUnquotedField),
        ("\"a\"b,c\nok,1\n", .characterAfterClosingQuote),
    ])
    func quoteProblemsAreReportedAndReadingGoesOn(text: String, problem: CSVError.Problem) throws {
        var reader = CSVReader(bytes: Array(text.utf8))
        #expect(throws: CSVError(line: 1, problem: problem)) { try reader.next() }
        #expect(try reader.next()?.fields == ["ok", "1"])
    }

    @Test func invalidUTF8IsAnErrorWithItsLine() throws {
        var reader = CSVReader(bytes: Array("h\nok\n".utf8) + [0x66, 0xFF, 0x0A] + Array("next\n".utf8))
        #expect(try reader.next()?.line == 1)
        #expect(try reader.next()?.fields == ["ok"])
        #expect(throws: CSVError(line: 3, problem: .invalidUTF8)) { try reader.next() }
        #expect(try reader.next()?.fields == ["next"])
    }

    /// A negative count skips nothing (it trapped on `0..<-1`), and a huge one stops at the end of the bytes
    /// (it counted to `Int.max`).
    @Test(arguments: [(-1, 1), (Int.min, 1), (1, 2), (Int.max, 4)])
    func anyCountOfLinesToSkipStopsAtTheEnd(skip: Int, line: Int) throws {
        var reader = CSVReader(bytes: Array("a\nb\nc\n".utf8), skippingLines: skip)
        #expect(reader.line == line)
        #expect(try reader.next()?.line == (line <= 3 ? line : nil))
    }
}
