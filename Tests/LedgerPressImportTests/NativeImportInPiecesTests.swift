import Testing

@testable import LedgerPressCore

@testable import LedgerPressImport

/// Reading a native export in pieces gives what reading it whole gives: the same entries with the same lines,
/// the same rejected rows (verbatim) and diagnostics, wherever the pieces are cut, into chunks of any size read on
/// any number of threads.
@Suite struct NativeImportInPiecesTests {
    static let header =
        "id,occurred_at,payee_id,payee_type,payee_name,kind,amount,currency,reference,description,payout_id,payout_status\n"
    /// Quoted newlines and doubled quotes, CRLF, a blank line, a bad quote, a stray quote, a short row, too many
    /// decimals, bytes that are not UTF-8, multi-byte text, a last row without a line end that opens a quote.
    static let body: [UInt8] =
        Array(
            ("t1,2026-10-03T14:22:05Z,drv_1,driver,\"Ann \"\"A\"\"\nSmith\",earning,12.00,USD,job_1,\"Ride,\r\nlong\",,\r\n"
                + "t2,2026-10-03T15:00:00+02:00,drv_1,driver,,fee,-2.00,usd,job_1,,po_1,paid\r\n\r\n"
                + "t3,2026-10-04T09:00:00Z,mer_é,merchant,Café ☕,earning,5,EUR,,,,\n"
                + "t4,2026-10-04T09:00:00Z,drv_2,driver,\"x\"y,earning,1.00,USD,,,,\n"
                + "t5,2026-10-04T09:00:00Z,drv_2,dri\"ver,x,earning,1.00,USD,,,,\n"
                + "short,row\n"
                + "t6,2026-10-04T09:00:00Z,drv_2,driver,,earning,1.005,USD,,,,\n").utf8)
        + [0x74, 0x37, 0xFF, 0x2C] + Array("2026-10-04T09:00:00Z,drv_2,driver,,earning,1.00,USD,,,,\n".utf8)
        + Array(
            "t8,2026-10-05T09:00:00Z,drv_2,driver,,tip,3.00,USD,,,,\nt9,2026-10-05T09:00:00Z,drv_2,driver,\"open,tip,3.00,USD,,,,\nt10,x"
                .utf8)

    struct Read: Equatable {
        var entries: [LedgerEntry] = []
        var lines: [Int] = []
        var raw: [String] = []
        var rejected: [RejectedRow] = []
        var messages: [String] = []
        var rowsRead = 0
        var facts = EntryFacts()
    }

    static func whole(_ bytes: [UInt8], texts: EntryTexts = EntryTexts()) -> Read {
        let file = NativeLedgerImporter.read(bytes: bytes, file: "ledger.csv", texts: texts)
        return Read(
            entries: file.entries, lines: file.rows.map(\.line),
            raw: file.rows.map { ImportedFile.text(of: $0.bytes, in: bytes) },
            rejected: file.rejected, messages: file.diagnostics.map(\.message), rowsRead: file.rowsRead,
            facts: file.facts)
    }

    /// What the second thread of ``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)`` took in.
    final class Taken: @unchecked Sendable {
        var read = Read()
    }

    static func inPieces(
        _ bytes: [UInt8], first: Int, size: Int, readers: Int = 2, chunkBytes: Int = 1 << 20,
        texts: EntryTexts = EntryTexts()
    ) -> Read {
        let taken = Taken()
        var next = first
        let file = NativeLedgerImporter.readOverlapped(
            firstPiece: Array(bytes[..<first]),
            more: {
                guard next < bytes.count else { return nil }
                defer { next = min(bytes.count, next + size) }
                return Array(bytes[next..<min(bytes.count, next + size)])
            }, file: "ledger.csv", readers: readers, chunkBytes: chunkBytes, texts: texts
        ) { entry, line, raw in
            taken.read.entries.append(entry)
            taken.read.lines.append(line)
            taken.read.raw.append(String(decoding: raw, as: UTF8.self))
        }
        var read = taken.read
        read.rejected = file.rejected
        read.messages = file.diagnostics.map(\.message)
        read.rowsRead = file.rowsRead
        read.facts = file.facts
        #expect(file.entries.isEmpty && file.rows.isEmpty)
        return read
    }

    @Test(arguments: 1...9)
    func everyCutGivesWhatTheWholeInputGives(size: Int) {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(Self.header.utf8) + Self.body
        let expected = Self.whole(bytes)
        #expect(expected.entries.count == 4)
        #expect(expected.rejected.count == 6)
        for first in (Self.header.utf8.count + 3)...(Self.header.utf8.count + 3 + 2 * size) {
            #expect(
                Self.inPieces(bytes, first: first, size: size) == expected, "first piece \(first) bytes, then \(size)")
            let chunkBytes = 1 + (first * 7 + size) % 23
            let readers = 1 + first % 3
            #expect(
                Self.inPieces(bytes, first: first, size: size, readers: readers, chunkBytes: chunkBytes) == expected,
                "first piece \(first) bytes, then \(size), chunks of \(chunkBytes) on \(readers)")
        }
    }

    /// Chunks of every size from one byte (a chunk per record) to the whole body, read on one to four threads.
    @Test(arguments: [1, 2, 4])
    func everyChunkSizeGivesWhatTheWholeInputGives(readers: Int) {
        let bytes = Array(Self.header.utf8) + Self.body
        let expected = Self.whole(bytes)
        for chunkBytes in 1...(Self.body.count + 1) {
            #expect(
                Self.inPieces(bytes, first: Self.header.utf8.count, size: 64, readers: readers, chunkBytes: chunkBytes)
                    == expected, "chunks of \(chunkBytes) on \(readers)")
        }
    }

    /// A record that looks as though it began with a byte order mark is read as it is (only the file's first bytes
    /// are one), wherever a chunk begins.
    @Test func aChunkThatBeginsWithBOMBytesKeepsThem() {
        let row = "t1,2026-10-03T14:22:05Z,drv_1,driver,,earning,12.00,USD,,,,\n"
        let bytes = Array((Self.header + row).utf8) + [0xEF, 0xBB, 0xBF] + Array(row.utf8)
        let expected = Self.whole(bytes)
        #expect(expected.rejected.count == 0 && expected.entries.map(\.id) == ["t1", "\u{FEFF}t1"])
        for chunkBytes in 1...row.utf8.count + 4 {
            #expect(
                Self.inPieces(bytes, first: Self.header.utf8.count + 1, size: 8, readers: 2, chunkBytes: chunkBytes)
                    == expected)
        }
    }

    /// The texts of a run read in chunks get the numbers, in its table, that reading the input whole gives them:
    /// each chunk's texts are numbered in the order first read, a long id after its entry's other texts.
    @Test(arguments: [1, 40, 1 << 20])
    func aRunsTextsAreNumberedAsReadingTheWholeInputNumbersThem(chunkBytes: Int) {
        let long = String(repeating: "x", count: 40)
        let rows = (0..<30).map { n in
            "\(n % 4 == 0 ? long + "\(n)" : "t\(n)"),2026-10-03T14:22:05Z,drv_\(n % 3),driver,Name \(n % 5),earning,1.00,USD,"
                + "job_\(n % 7),note \(n % 2),po_\(n % 6),paid\n"
        }
        let bytes = Array((Self.header + rows.joined()).utf8)
        func texts(_ read: (EntryTexts) -> Void) -> [String] {
            let table = EntryTexts()
            read(table)
            return (1...table.count).map { table.text(EntryTexts.Number($0)) ?? "" }
        }
        let whole = texts { #expect(Self.whole(bytes, texts: $0).entries.count == 30) }
        let chunked = texts { table in
            #expect(
                Self.inPieces(bytes, first: Self.header.utf8.count + 1, size: 50, chunkBytes: chunkBytes, texts: table)
                    .entries.count == 30)
        }
        #expect(whole.count > 20 && whole.contains(long + "0"))
        #expect(chunked == whole)
    }

    @Test func onlyANativeHeaderThatEndsInTheFirstPieceIsReadInPieces() {
        let settings = ImportSettings()
        #expect(LedgerImport.readsInPieces(Array((Self.header + "t1,").utf8), settings: settings))
        #expect(!LedgerImport.readsInPieces(Array(Self.header.dropLast().utf8), settings: settings))
        #expect(!LedgerImport.readsInPieces(Array("{\"id\":\"t1\"}\n".utf8), settings: settings))
        #expect(
            !LedgerImport.readsInPieces(
                Array("balance_transaction_id,reporting_category\nx,y\n".utf8), settings: settings))
    }
}
