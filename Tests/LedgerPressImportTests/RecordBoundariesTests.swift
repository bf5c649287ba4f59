import Testing

@testable import LedgerPressImport

/// The byte scan that cuts a native export into chunks finds exactly the record starts, and their lines, that the
/// CSV reader finds, whatever the bytes: quotes open, doubled, stray or closed early, CR, LF and CR LF, blank lines,
/// bytes that are not UTF-8; and wherever the input is cut into the pieces it scans one after the other.
@Suite struct RecordBoundariesTests {
    /// Where the reader of the whole input starts each record after the first, with its line (not the input's end).
    static func readerStarts(_ bytes: [UInt8]) -> [Int: Int] {
        var reader = CSVReader(records: bytes, line: 1)
        var starts: [Int: Int] = [:]
        while reader.position < bytes.count {
            _ = try? reader.nextFields()
            if reader.position < bytes.count { starts[reader.position] = reader.line }
        }
        return starts
    }

    /// Every record start the scan finds, scanning `bytes` in pieces of `piece` bytes.
    static func scannedStarts(_ bytes: [UInt8], piece: Int) -> [Int: Int] {
        var scanner = RecordBoundaries(line: 1)
        var starts: [Int: Int] = [:]
        var from = 0
        while from < bytes.count {
            let end = min(bytes.count, from + piece)
            var at = from
            while at < end {
                let found = bytes.withUnsafeBufferPointer {
                    scanner.scan(UnsafeBufferPointer(rebasing: $0[at..<end]))
                }
                guard let found else { break }
                at += found.offset
                if at < bytes.count { starts[at] = found.line }
            }
            from = end
        }
        return starts
    }

    /// Small inputs from the bytes that decide where records end, in every mix (a seeded generator).
    static func inputs() -> [[UInt8]] {
        let alphabet: [UInt8] = Array("a,\"\"\n\r".utf8) + [0xFF, 0x20]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var inputs: [[UInt8]] = []
        for _ in 0..<3_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 61)])
            }
            inputs.append(bytes)
        }
        return inputs
    }

    @Test func theScanFindsTheRecordStartsTheReaderFinds() {
        var compared = 0
        for bytes in Self.inputs() {
            let expected = Self.readerStarts(bytes)
            compared += expected.count
            for piece in [1, 2, 3, 64] {
                #expect(Self.scannedStarts(bytes, piece: piece) == expected, "\(bytes), pieces of \(piece)")
            }
        }
        #expect(compared > 10_000)
    }

    @Test func theFirstRecordStartAtOrAfterTheMinimumIsFound() {
        let bytes = Array("a,b\nc\r\nd\re\n\"x\ny\"\n".utf8)
        var starts: [Int] = []
        for minimum in 0...bytes.count {
            var scanner = RecordBoundaries(line: 1)
            let found = bytes.withUnsafeBufferPointer { scanner.scan($0, from: minimum) }
            starts.append(found?.offset ?? -1)
        }
        // Records start at 4 (line 2), 7 (line 3), 9 (line 4), 11 (line 5); the quoted newline is no record end.
        #expect(starts == [4, 4, 4, 4, 4, 7, 7, 7, 9, 9, 11, 11] + Array(repeating: 17, count: 6))
        var scanner = RecordBoundaries(line: 1)
        #expect(bytes.withUnsafeBufferPointer { scanner.scan($0, from: 10) }?.line == 5)
        let last = bytes.withUnsafeBufferPointer { scanner.scan(UnsafeBufferPointer(rebasing: $0[11...]), from: 1) }
        #expect(last?.offset == 6 && last?.line == 7)
    }

    /// At the end of an input, the scanner says whether bytes appended to it begin a record, and on which line: when
    /// it names a line, the reader of the input and a row appended starts a record there, on that line; when it does
    /// not, an appended row or line end does not start one there (the input ends inside a record, or after a CR that
    /// an LF would join).
    @Test func theLineARecordAppendedWouldBeginOnIsKnownAtTheEnd() {
        var named = 0
        for bytes in Self.inputs() where !bytes.isEmpty {
            for piece in [1, 5, 64] {
                var scanner = RecordBoundaries(line: 1)
                var from = 0
                while from < bytes.count {
                    let end = min(bytes.count, from + piece)
                    _ = bytes.withUnsafeBufferPointer {
                        scanner.scan(UnsafeBufferPointer(rebasing: $0[from..<end]), from: end - from + 1)
                    }
                    from = end
                }
                let row = Self.readerStarts(bytes + Array("z,z\n".utf8))[bytes.count]
                let lineEnd = Self.readerStarts(bytes + Array("\nz\n".utf8))[bytes.count]
                if let line = scanner.recordStartLine {
                    #expect(row == line && lineEnd == line, "\(bytes), pieces of \(piece)")
                    named += 1
                } else {
                    #expect(row == nil || lineEnd == nil, "\(bytes), pieces of \(piece)")
                }
            }
        }
        #expect(named > 500)
    }

    @Test func aNativeExportReadWholeSaysWhereItCouldBeReadOn() {
        let header = "id,occurred_at,payee_id,payee_type,kind,amount,currency\n"
        let row = "e1,2026-11-01T10:00:00Z,p1,driver,earning,1.00,USD"
        #expect(NativeLedgerImporter.read(bytes: Array((header + row + "\n").utf8), file: "l.csv").nextRecordLine == 3)
        #expect(NativeLedgerImporter.read(bytes: Array((header + row).utf8), file: "l.csv").nextRecordLine == nil)
        #expect(NativeLedgerImporter.read(bytes: Array(header.utf8), file: "l.csv").nextRecordLine == 2)
        let quoted = header + "e2,2026-11-01T10:00:00Z,p1,driver,earning,1.00,USD,\"a\nb\"\r\n"
        #expect(
            NativeLedgerImporter.read(bytes: [0xEF, 0xBB, 0xBF] + Array(quoted.utf8), file: "l.csv").nextRecordLine == 4
        )
        #expect(NativeLedgerImporter.holdsFirstRecord(Array(header.utf8)))
        #expect(!NativeLedgerImporter.holdsFirstRecord(Array(header.dropLast().utf8)))
    }
}
