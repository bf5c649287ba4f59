import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// `SystemFile.read` gives a file's bytes exactly, read into a buffer of its size: large and small files, an empty
/// one, one whose size `stat` does not tell (`/proc`), nothing at the path, a folder.
@Suite struct SystemFileReadTests {
    @Test func aFileIsReadByteForByte() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = SystemRandomNumberGenerator()
        for size in [0, 1, 65_535, 65_536, 65_537, 200_001, 3 << 20] {
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
            let path = folder.appendingPathComponent("f\(size)").path
            try bytes.write(to: URL(fileURLWithPath: path))
            #expect(try SystemFile.read(path) == bytes, "\(size) bytes")
        }
        #expect(try SystemFile.read(folder.appendingPathComponent("missing").path) == nil)
        #expect(throws: SystemError.self) { try SystemFile.read(folder.path) }
    }

    @Test func aFileWhoseSizeStatDoesNotTellIsReadToItsEnd() throws {
        let path = "/proc/self/cmdline"
        let expected = try #require(FileManager.default.contents(atPath: path))
        #expect(!expected.isEmpty)
        #expect(try SystemFile.read(path) == expected)
    }
}
