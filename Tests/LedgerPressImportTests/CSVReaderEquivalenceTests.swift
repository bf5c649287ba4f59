import Testing

@testable import LedgerPressImport

/// The byte-range reader gives the records, errors, lines and byte ranges of the reader it replaced.
@Suite struct CSVReaderEquivalenceTests {
    enum Outcome: Equatable {
        case record(line: Int, fields: [String], bytes: Range<Int>)
        case error(line: Int, problem: CSVError.Problem, bytes: Range<Int>)
    }

    static func outcomes(_ bytes: [UInt8], delimiter: UInt8, skip: Int) -> [Outcome] {
        var reader = CSVReader(bytes: bytes, delimiter: delimiter, skippingLines: skip)
        return collect(limit: bytes.count + 2) { () throws(CSVError) in try reader.next() }
    }

    static func referenceOutcomes(_ bytes: [UInt8], delimiter: UInt8, skip: Int) -> [Outcome] {
        var reader = ReferenceCSVReader(bytes: bytes, delimiter: delimiter, skippingLines: skip)
        return collect(limit: bytes.count + 2) { () throws(CSVError) in try reader.next() }
    }

    /// Every record and error a reader's `next` gives, in order, until it gives none (at most `limit` + 1 of them,
    /// so that a reader that never ends fails the comparison instead of hanging).
    static func collect(limit: Int, _ next: () throws(CSVError) -> CSVRecord?) -> [Outcome] {
        var out: [Outcome] = []
        while out.count <= limit {
            do {
                guard let record = try next() else { break }
                out.append(.record(line: record.line, fields: record.fields, bytes: record.bytes))
            } catch {
                out.append(.error(line: error.line, problem: error.problem, bytes: error.bytes))
            }
        }
        return out
    }

    static let pieces: [[UInt8]] = [
        [UInt8(ascii: "a")], Array("word".utf8), [UInt8(ascii: ",")], [UInt8(ascii: ";")], [UInt8(ascii: "\"")],
        Array("\"\"".utf8), [10], [13],
        [13, 10], [0xFF], [0xC3, 0xA9], [0xC3], [0xE2, 0x82, 0xAC], [32], [9], Array("\"q,\"\"x\"\"\n\"".utf8),
        [0xEF, 0xBB, 0xBF],
    ]

    @Test(arguments: (UInt64(1)...UInt64(12)).map { $0 })
    func randomBytesReadAlike(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            var bytes: [UInt8] = next(8) == 0 ? [0xEF, 0xBB, 0xBF] : []
            for _ in 0..<next(40) { bytes += Self.pieces[next(Self.pieces.count)] }
            let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), 9][next(3)]
            let skip = next(4) == 0 ? next(3) : 0
            #expect(
                Self.outcomes(bytes, delimiter: delimiter, skip: skip)
                    == Self.referenceOutcomes(bytes, delimiter: delimiter, skip: skip), "\(bytes)")
        }
    }
}
