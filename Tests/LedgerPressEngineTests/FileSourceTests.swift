import Foundation
import LedgerPressImport
import Testing

@testable import LedgerPressEngine

#if canImport(Glibc)
    import Glibc
#endif

/// ``FileSource`` classifies what a path opens to before reading it (the end-to-end tests check the messages).
@Suite struct FileSourceTests {
    @Test func eachKindOfPathHasItsFailureAndExitCode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-input-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = folder.appendingPathComponent("ledger.csv")
        try Data("a,b\n".utf8).write(to: file)

        #expect(try FileSource.read(file.path) == Array("a,b\n".utf8))
        #expect(try FileSource.read("/dev/null") == [])
        #expect(throws: SourceFailure.folder) { try FileSource.read(folder.path) }
        #expect(throws: SourceFailure.missing) { try FileSource.read(folder.appendingPathComponent("nope").path) }
        #expect(throws: SourceFailure.missing) { try FileSource.read(file.path + "/below-a-file") }
        #expect(throws: SourceFailure.missing) { try FileSource.read("") }
        #expect(throws: SourceFailure.notRegular("a FIFO")) { try FileSource.read(fifo) }
        #expect(throws: SourceFailure.notRegular("a device")) { try FileSource.read("/dev/zero") }
        #expect(throws: SourceFailure.unreadable("Input/output error")) { try FileSource.read("/proc/self/mem") }
    }

    @Test func readFailuresExit74AndTheRest66() {
        let unreadable = SourceFailure.unreadable(String(cString: strerror(EACCES)))
        #expect(unreadable.message == "cannot read: Permission denied")
        #expect(unreadable.exit == .ioError)
        for failure in [SourceFailure.missing, .folder, .notRegular("a FIFO")] {
            #expect(failure.exit == .noInput)
        }
    }
}
