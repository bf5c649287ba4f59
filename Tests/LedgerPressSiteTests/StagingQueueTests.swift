import Foundation
import Testing

@testable import LedgerPressPublish

/// The staging writer's queue bounds the bytes between the render workers and the disk.
@Suite struct StagingQueueTests {
    /// A batch counts against the queue's capacity until it is written, not only until a lane takes it: with room
    /// for one batch, each `submit` returns only once every batch before it is on disk (the first late night at
    /// 1M entries held twice the capacity when the lane's batch left the count as it was taken). With several lanes
    /// too, and every file is written with its bytes.
    @Test(arguments: [1, 3]) func aBatchCountsUntilItIsWritten(lanes: Int) throws {
        let root = try EarlyWritebackTests.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        let writer = try StagingWriter(
            staging: URL(fileURLWithPath: root + "/site.staging"), published: URL(fileURLWithPath: root + "/site"),
            appendFiles: [], capacity: 1, lanes: lanes)
        let payload = Data(repeating: UInt8(ascii: "x"), count: 4_096)
        for batch in 0..<40 {
            writer.submit((0..<8).map { .file("payees/p\(batch)/\($0).html", payload) })
            let written = writer.shared.withLock { $0.operations }
            #expect(written >= 8 * batch, "batch \(batch) was queued with \(written) files written")
        }
        _ = try writer.finish()
        #expect(writer.shared.withLock { $0.operations } == 320)
        for batch in [0, 17, 39] {
            #expect(FileManager.default.contents(atPath: root + "/site.staging/payees/p\(batch)/7.html") == payload)
        }
    }
}
