import Foundation
import LedgerPressPublish
import LedgerPressSite

extension Engine {
    /// Where `build` and `merge` may publish: resolves `output` (symlinks and `..`) and checks it against every
    /// input (role, path), the side files (`--report`, `--reject-file`) and folders (`--outbox`) before anything
    /// is touched. Returns the resolved output; a refusal says why and whether it is a usage error.
    public static func checkOutput(
        _ output: String, inputs: [(String, String)], sideFiles: [(String, String)], sideFolders: [(String, String)]
    ) throws(OutputRefusal) -> URL {
        try OutputGuard.check(output: output, inputs: inputs, sideFiles: sideFiles, sideFolders: sideFolders)
    }

    /// Why a run may not publish to its output (``checkOutput(_:inputs:sideFiles:sideFolders:)``).
    public typealias OutputRefusal = OutputGuard.Refusal

    /// Why `--outbox FOLDER` cannot take messages (its `tmp/`, `new/` or `cur/` is not a plain folder); nil
    /// when it can.
    public static func outboxProblem(_ folder: String) -> String? {
        do {
            try StatementOutbox.checkFolder(URL(fileURLWithPath: folder))
            return nil
        } catch {
            return error.description
        }
    }

    /// Creates the missing folders above the resolved output; the failure says why.
    public static func makeParentFolders(of output: URL) throws(SystemError) {
        try SystemFile.makeFolders(output.deletingLastPathComponent().path)
    }

    /// Writes a file the user named (a run report) in one step: readers see the old file or the new one, never
    /// half of one. The failure carries the system's error code.
    public static func replaceFile(_ path: String, bytes: Data) throws(SystemError) {
        try SystemFile.replace(path, bytes: bytes)
    }

    /// What a build or merge published: the site's counts and what publishing did with its files.
    public typealias Outcome = SitePipeline.Outcome
    /// What publishing did with the site's files: added, changed, unchanged, removed.
    public typealias PublishReport = SiteWriter.Report
}

extension Engine {
    /// A signal ends the run: waits for a swap in progress and lets none start after it (``PublishGate``); true
    /// when the new site was already published.
    public static func closePublishGate() -> Bool { PublishGate.close() }

    /// Ends the programs the run started (the PDF engine's printers) and removes its temporary folders.
    public static func endRunChildren() { RunChildren.endAll() }

    /// The staging folder beside the resolved output, where a run builds the site before the swap.
    public static func stagingFolder(of output: URL) -> String { SiteWriter(output: output).staging.path }
}
