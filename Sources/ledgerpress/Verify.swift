import ArgumentParser
import Foundation
import LedgerPressSite

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a published site against its manifest: every file's SHA-256, and the control totals recomputed from finance/summary.csv.",
        discussion: "Exits 0 when everything matches, 65 naming every difference, 66 when the folder is missing.")

    @Argument(help: "The published output folder.")
    var directory: String

    func run() throws {
        let console = Console()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            console.error(["\(directory): error: expected a published output folder, got nothing there"])
            throw Exit.noInput
        }
        let problems = SiteVerifier.verify(directory: URL(fileURLWithPath: directory))
        if problems.isEmpty {
            console.say("\(directory): verified")
            return
        }
        console.error(problems.map { "\(directory)/\($0)" })
        throw Exit.dataError
    }
}
