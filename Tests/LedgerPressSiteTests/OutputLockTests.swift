import Foundation
import LedgerPressPublish
import Testing

@testable import LedgerPressSite

/// The output lock is held only while its file is still the one at the lock path (issue 25, F4).
/// Each test gets an instance of its own, whose folders are removed when it ends (they were left in the temporary
/// folder, hundreds of them after a few runs of the suite).
@Suite final class OutputLockTests {
    private var folders: [URL] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-lock-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder
    }

    @Test func aSecondRunIsBusyWhileTheFirstHoldsTheLock() throws {
        let output = try folder().appendingPathComponent("site")
        let first = try OutputLock(output: output)
        #expect(first.isHeld)
        #expect(throws: OutputLock.Failure.self) { _ = try OutputLock(output: output) }
    }

    @Test func aRemovedLockFileIsNoLongerHeldAndTheNextRunLocksTheNewFile() throws {
        let output = try folder().appendingPathComponent("site")
        let first = try OutputLock(output: output)
        try FileManager.default.removeItem(atPath: first.path)
        #expect(!first.isHeld)
        // A second run now locks a new file at the same path: the first must find out before it publishes.
        let second = try OutputLock(output: output)
        #expect(second.isHeld)
        #expect(!first.isHeld)
    }

    @Test func aReplacedLockFileIsNoLongerHeld() throws {
        let output = try folder().appendingPathComponent("site")
        let lock = try OutputLock(output: output)
        let other = lock.path + ".new"
        #expect(FileManager.default.createFile(atPath: other, contents: Data()))
        #expect(rename(other, lock.path) == 0)
        #expect(!lock.isHeld)
    }

    @Test func aWriterWhoseLockWasStolenPublishesNothing() throws {
        let root = try folder()
        let output = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let lock = try OutputLock(output: output)
        let writer = SiteWriter(output: output, lock: lock)
        try FileManager.default.createDirectory(at: writer.staging, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: writer.staging.path + "/index.html", contents: Data("x".utf8)))
        try FileManager.default.removeItem(atPath: lock.path)
        #expect {
            try writer.swapIn()
        } throws: { error in
            "\(error)".contains("was removed or replaced during the run")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: writer.staging.path))
    }

    @Test func eachRunStagesInAFolderOfItsOwn() throws {
        let output = try folder().appendingPathComponent("site")
        let writer = SiteWriter(output: output)
        #expect(writer.staging.lastPathComponent == "site.staging-\(getpid())")
    }
}
