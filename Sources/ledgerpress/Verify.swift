import ArgumentParser
import Foundation
import LedgerPressSite

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Check a published site against its manifest: every file's SHA-256, every finance/summary.csv row's arithmetic, and the control totals recomputed from it.",
        discussion: """
            Reads under the output's lock (shared), so a build or merge publishing at the same time is waited for, \
            never reported as a difference. Exits 0 when everything matches, 65 naming every difference, 66 when \
            the folder is missing, 75 when a run held the output for longer than --wait.
            """)

    @Argument(help: "The published output folder.")
    var directory: String

    @Option(help: "Seconds to wait for a build or merge that holds the output to finish.")
    var wait: Double = 600

    func validate() throws {
        guard wait >= 0, wait <= 1e9 else {
            throw ValidationError("--wait: expected a number of seconds from 0 to 1000000000, got '\(wait)'")
        }
    }

    func run() throws {
        try TestHooks.internalErrorIfAsked()
        let console = Console()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            console.error(["\(directory): error: no such folder"])
            throw Exit.noInput
        }
        guard isDirectory.boolValue else {
            console.error(["\(directory): error: is a file, expected a published output folder"])
            throw Exit.noInput
        }
        // The lock sits beside the real folder (as build and merge take it), also when DIR is a symbolic link.
        let url = URL(fileURLWithPath: OutputGuard.resolved(directory, in: FileManager.default.currentDirectoryPath))
        let lock: OutputLock?
        do {
            lock = try OutputLock(readingOutput: url, timeout: wait) {
                console.error([
                    "ledgerpress: waiting for another run to finish publishing \(directory) (it holds \(OutputLock.path(for: url)))"
                ])
            }
        } catch OutputLock.Failure.busy(let path) {
            let seconds = wait == wait.rounded() ? String(Int(wait)) : String(wait)
            console.error(["ledgerpress: another run held \(path) for more than \(seconds) seconds; try again later"])
            throw Exit.temporaryFailure
        } catch {
            console.error([
                "ledgerpress: note: \(error); verifying without the lock (a publish running meanwhile could show as differences)"
            ])
            lock = nil
        }
        defer { withExtendedLifetime(lock) {} }
        let problems = SiteVerifier.verify(directory: url)
        if problems.isEmpty {
            console.say("\(directory): verified")
            return
        }
        // Each problem names a file relative to the site: print the folder once before it, as the user named it.
        var folder = directory
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        console.error(problems.map { prefix + $0 })
        throw Exit.dataError
    }
}
