import ArgumentParser
import Foundation
import LedgerPressEngine

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
        let problems = try console.stopping {
            try Engine.verify(directory: directory, wait: wait, message: console.error)
        }
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
