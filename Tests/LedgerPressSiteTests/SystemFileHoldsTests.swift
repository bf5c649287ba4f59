import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// `SystemFile.holds` compares a file with bytes piece by piece as it reads (64 KiB at a time): the same
/// answer as reading it whole, for a difference in any piece, a file longer or shorter, a link, a folder.
@Suite struct SystemFileHoldsTests {
    @Test func holdsOnlyTheExactBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerpress-holds-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("file").path
        // Three and a half pieces of varied bytes.
        let bytes = Data((0..<(3 * 65_536 + 32_768)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(SystemFile.holds(path, bytes: bytes))
        // A slice of a larger buffer (its indexes do not start at 0).
        let padded = Data([1, 2, 3]) + bytes
        #expect(SystemFile.holds(path, bytes: padded[3...]))
        for offset in [0, 65_535, 65_536, 2 * 65_536 + 7, bytes.count - 1] {
            var changed = bytes
            changed[offset] ^= 0x01
            #expect(!SystemFile.holds(path, bytes: changed), "a difference at \(offset)")
        }
        #expect(!SystemFile.holds(path, bytes: bytes.dropLast()))
        #expect(!SystemFile.holds(path, bytes: bytes + Data([0])))
        let empty = folder.appendingPathComponent("empty").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(SystemFile.holds(empty, bytes: Data()))
        #expect(!SystemFile.holds(empty, bytes: Data([0])))
        #expect(!SystemFile.holds(path, bytes: Data()))
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(!SystemFile.holds(link, bytes: bytes))
        #expect(!SystemFile.holds(folder.path, bytes: Data()))
    }
}
