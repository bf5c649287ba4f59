import Foundation
import Testing

@testable import LedgerPressStore

#if canImport(Glibc)
    import Glibc
#endif

/// The ledger's record store: records come back as they went in, from memory or from the spill file; a spill file
/// that fails is a thrown ``LedgerStorageFailure`` (exit 74 for the caller), never a crash.
@Suite struct SpilledRecordsTests {
    /// Every chunk but the last spilled: four 16-byte records a chunk.
    static let spillAll = LedgerSpill(memoryBudget: 0, chunkRecords: 4, folder: NSTemporaryDirectory())

    /// Records 0..<count, record n holding n and n * 3.
    static func records(_ count: Int, spill: LedgerSpill = spillAll) -> SpilledRecords {
        let records = SpilledRecords(recordSize: 16, spill: spill)
        for n in 0..<count {
            records.append { record in
                record.storeBytes(of: Int64(n), as: Int64.self)
                record.storeBytes(of: Int64(n * 3), toByteOffset: 8, as: Int64.self)
            }
        }
        return records
    }

    /// The two numbers of the records from `first`, read back.
    static func read(_ records: SpilledRecords, _ first: Int, count: Int) -> [[Int64]] {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count * 16, alignment: 16)
        defer { buffer.deallocate() }
        records.read(first, count: count, into: buffer)
        return (0..<count).map { index in
            [
                buffer.load(fromByteOffset: index * 16, as: Int64.self),
                buffer.load(fromByteOffset: index * 16 + 8, as: Int64.self),
            ]
        }
    }

    /// Re-points the spill file's descriptor at `path` opened with `mode` ("spill": the spill file itself).
    static func repoint(_ records: SpilledRecords, to path: String, _ mode: Int32) -> Bool {
        let spill = records.spillFileDescriptor
        guard spill >= 0 else { return false }
        let other = open(path == "spill" ? "/proc/self/fd/\(spill)" : path, mode)
        guard other >= 0 else { return false }
        defer { close(other) }
        return dup2(other, spill) == spill
    }

    @Test func recordsComeBackFromMemoryAndFromTheSpillFile() throws {
        let records = Self.records(22)
        #expect(records.count == 22)
        #expect(records.spilledChunks == 5)
        for n in 0..<22 { #expect(Self.read(records, n, count: 1) == [[Int64(n), Int64(n * 3)]]) }
        #expect(Self.read(records, 8, count: 4) == (8..<12).map { [Int64($0), Int64($0 * 3)] })
        records.replace(at: 5) { record in
            record.storeBytes(of: Int64(5), as: Int64.self)
            record.storeBytes(of: Int64(-1), toByteOffset: 8, as: Int64.self)
        }
        #expect(Self.read(records, 5, count: 1) == [[5, -1]])
        try records.health.check()
    }

    @Test func aSpillFolderThatCannotTakeAFileKeepsEveryRecordInMemory() throws {
        let nowhere = LedgerSpill(memoryBudget: 0, chunkRecords: 4, folder: "/nonexistent-ledgerpress-spill")
        let records = Self.records(22, spill: nowhere)
        #expect(records.spilledChunks == 0)
        #expect(records.spillFileDescriptor == -1)
        #expect(Self.read(records, 21, count: 1) == [[21, 63]])
        try records.health.check()
    }

    /// A spilled record that cannot be written back (the spill file opened read-only under its descriptor) throws.
    @Test func aSpillWriteFailureIsThrownNotACrash() throws {
        let records = Self.records(22)
        #expect(Self.repoint(records, to: "spill", O_RDONLY))
        records.replace(at: 1) { $0.storeBytes(of: Int64(7), as: Int64.self) }
        #expect(throws: LedgerStorageFailure.self) { try records.health.check() }
        let failure = try #require(records.health.failure)
        #expect(failure.action == "write to")
        #expect(failure.reason == String(cString: strerror(EBADF)))
        #expect(failure.file.hasPrefix(Self.spillAll.folder + "/ledgerpress-spill-"))
        #expect(failure.description.hasSuffix(": error: cannot write to the ledger's spill file: Bad file descriptor"))
    }

    /// A spilled record that cannot be read back reads as zeros, and the failure is thrown.
    @Test func aSpillReadFailureReadsAsZerosAndIsThrown() throws {
        let records = Self.records(22)
        #expect(Self.repoint(records, to: "/dev/null", O_WRONLY))
        #expect(Self.read(records, 2, count: 1) == [[0, 0]])
        #expect(throws: LedgerStorageFailure.self) { try records.health.check() }
        #expect(records.health.failure?.action == "read")
        // The first failure is kept.
        records.replace(at: 1) { $0.storeBytes(of: Int64(7), as: Int64.self) }
        #expect(records.health.failure?.action == "read")
    }

    @Test func recordsAddedWholeComeBackAsWritten() {
        let source = Self.records(10)
        let copy = SpilledRecords(recordSize: 16, spill: Self.spillAll)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 16 * 4, alignment: 16)
        defer { buffer.deallocate() }
        var first = 0
        while first < 10 {
            let count = min(4, 10 - first)
            source.read(first, count: count, into: buffer)
            copy.append(records: UnsafeRawBufferPointer(start: buffer, count: count * 16))
            first += count
        }
        #expect(copy.count == 10)
        #expect(Self.read(copy, 0, count: 4) == Self.read(source, 0, count: 4))
        #expect(Self.read(copy, 9, count: 1) == [[9, 27]])
    }
}
