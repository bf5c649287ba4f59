import Foundation
import LedgerPressEngine

/// What `build` and `merge` share at the output edge: where they may publish, the run lock and the atomic
/// publish, with their exit codes.
extension Console {
    /// Runs `work` with its run report on the output resolved (symlinks and `..`), once `OutputGuard` has
    /// found every path of the run safe, before anything is touched. A refusal exits 73 (with the run report,
    /// unless the report's own path is what was refused). Creates the output's missing parent folders.
    /// An `--outbox` inside the output (or its siblings, or an input) exits 64 and writes nothing; one whose `tmp/`,
    /// `new/` or `cur/` is not a plain folder (a symbolic link) exits 73, with the run report.
    func guarded(
        _ output: String, inputs: [(String, String)], report: String?, rejectFile: String? = nil,
        outbox: String? = nil, _ work: (inout RunReport, URL) throws -> Void
    ) throws {
        let resolved: URL
        do {
            var sideFiles = [(String, String)]()
            if let report { sideFiles.append(("--report", report)) }
            if let rejectFile { sideFiles.append(("--reject-file", rejectFile)) }
            let sideFolders = outbox.map { [("--outbox", $0)] } ?? []
            resolved = try Engine.checkOutput(
                output, inputs: inputs, sideFiles: sideFiles, sideFolders: sideFolders)
        } catch {
            self.error(["\(error)"])
            if error.usage { throw Exit.usage }
            if error.sideFile { throw Exit.cannotCreate }
            try RunReport.recording(to: report) { _ in throw Exit.cannotCreate }
            return
        }
        if let outbox, let problem = Engine.outboxProblem(outbox) {
            self.error(["\(problem); nothing was touched"])
            try RunReport.recording(to: report) { _ in throw Exit.cannotCreate }
            return
        }
        try RunReport.recording(to: report) { runReport in
            Interruption.shared.begin(reportPath: report, output: output, resolved: resolved)
            try work(&runReport, try makeParent(of: resolved))
        }
    }

    private func makeParent(of resolved: URL) throws -> URL {
        do {
            try Engine.makeParentFolders(of: resolved)
        } catch {
            self.error(["ledgerpress: error: \(error)"])
            throw Exit.cannotCreate
        }
        return resolved
    }
}

extension Console {
    /// `; 12 files ledgerpress did not write carried over (.git/, CNAME)`, or nothing when there were none.
    static func carriedText(_ outcome: Engine.Outcome) -> String {
        guard !outcome.carriedNames.isEmpty else { return "" }
        let names = outcome.carriedNames.prefix(5).joined(separator: ", ")
        let more = outcome.carriedNames.count > 5 ? ", ..." : ""
        return
            " Carried over untouched, as ledgerpress did not write them: \(outcome.carried) file(s) under \(names)\(more)."
    }
}

extension RunReport.Files {
    init(_ report: Engine.PublishReport) {
        self.init(added: report.added, changed: report.changed, unchanged: report.unchanged, removed: report.removed)
    }

    var text: String { "\(added) added, \(changed) changed, \(unchanged) unchanged, \(removed) removed" }
}
