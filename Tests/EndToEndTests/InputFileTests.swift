import Foundation
import Testing

@testable import ledgerpress

#if canImport(Glibc)
    import Glibc
#endif

/// `InputFile` classifies what a path opens to before reading it (the end-to-end tests check the messages).
@Suite struct InputFileTests {
    @Test func eachKindOfPathHasItsFailureAndExitCode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-input-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = folder.appendingPathComponent("ledger.csv")
        try Data("a,b\n".utf8).write(to: file)

        #expect(try InputFile.read(file.path) == Array("a,b\n".utf8))
        #expect(try InputFile.read("/dev/null") == [])
        #expect(throws: InputFile.Failure.folder) { try InputFile.read(folder.path) }
        #expect(throws: InputFile.Failure.missing) { try InputFile.read(folder.appendingPathComponent("nope").path) }
        #expect(throws: InputFile.Failure.missing) { try InputFile.read(file.path + "/below-a-file") }
        #expect(throws: InputFile.Failure.missing) { try InputFile.read("") }
        #expect(throws: InputFile.Failure.notRegular("a FIFO")) { try InputFile.read(fifo) }
        #expect(throws: InputFile.Failure.notRegular("a device")) { try InputFile.read("/dev/zero") }
        #expect(throws: InputFile.Failure.unreadable("Input/output error")) { try InputFile.read("/proc/self/mem") }
    }

    @Test func readFailuresExit74AndTheRest66() {
        let unreadable = InputFile.Failure.unreadable(String(cString: strerror(EACCES)))
        #expect(unreadable.message == "cannot read: Permission denied")
        #expect(unreadable.exitCode == Exit.ioError)
        for failure in [InputFile.Failure.missing, .folder, .notRegular("a FIFO")] {
            #expect(failure.exitCode == Exit.noInput)
        }
    }
}
