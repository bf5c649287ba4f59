import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// The staged site's write-back: a background flush each `step` bytes staged, never before, and a last
/// flush on finishing; a staging folder that cannot be opened is an error naming it.
@Suite struct EarlyWritebackTests {
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-writeback-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    @Test func flushesInTheBackgroundEachStepOfBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writeback = try EarlyWriteback(folder: folder, step: 100)
        writeback.wrote(60)
        writeback.wrote(39)
        try writeback.finish(flushing: false)
        #expect(writeback.flushes == 0)
        writeback.wrote(1)
        try writeback.finish(flushing: true)
        #expect(writeback.flushes == 1)
        // The count starts again after each flush.
        writeback.wrote(99)
        try writeback.finish(flushing: true)
        #expect(writeback.flushes == 1)
    }

    @Test func theStagingWriterFlushesAsItWrites() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [])
        // Twice the step in files of 1 MiB: at least one background flush has run by the end.
        let megabyte = Data(repeating: 0x61, count: 1 << 20)
        for index in 0..<(2 * writer.writeback.step >> 20) { writer.submit([.file("payees/p/\(index).md", megabyte)]) }
        _ = try writer.finish()
        #expect(writer.writeback.flushes >= 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: root + "/site.staging/payees/p").count == 2 * writer
                .writeback.step >> 20)
    }

    @Test func aStagingFolderThatCannotBeOpenedIsNamed() {
        #expect {
            _ = try EarlyWriteback(folder: "/nonexistent-ledgerpress/site.staging")
        } throws: { error in
            "\(error)"
                == "cannot open the staging folder /nonexistent-ledgerpress/site.staging: No such file or directory"
        }
    }
}
