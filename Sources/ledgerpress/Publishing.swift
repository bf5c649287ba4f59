import Foundation
import LedgerPressSite

/// What `build` and `merge` share at the output edge: where they may publish, the run lock and the atomic
/// publish, with their exit codes.
extension Console {
    /// Runs `work` with its run report on the output resolved (symlinks and `..`), once `OutputGuard` has
    /// found every path of the run safe, before anything is touched. A refusal exits 73 (with the run report,
    /// unless the report's own path is what was refused). Creates the output's missing parent folders.
    func guarded(
        _ output: String, inputs: [(String, String)], report: String?, rejectFile: String? = nil,
        _ work: (inout RunReport, URL) throws -> Void
    ) throws {
        let resolved: URL
        do {
            var sideFiles = [(String, String)]()
            if let report { sideFiles.append(("--report", report)) }
            if let rejectFile { sideFiles.append(("--reject-file", rejectFile)) }
            resolved = try OutputGuard.check(output: output, inputs: inputs, sideFiles: sideFiles)
        } catch {
            self.error(["\(error)"])
            if error.sideFile { throw Exit.cannotCreate }
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
            try SystemFile.makeFolders(resolved.deletingLastPathComponent().path)
        } catch {
            self.error(["ledgerpress: error: \(error)"])
            throw Exit.cannotCreate
        }
        return resolved
    }

    /// Takes the output's lock for the whole run; another run holding it exits 75.
    func lockOutput(_ output: URL, named name: String) throws -> OutputLock {
        do {
            return try OutputLock(output: output) {
                error([
                    "ledgerpress: waiting for a `ledgerpress verify` of \(name) to finish (it holds \(OutputLock.path(for: output)))"
                ])
            }
        } catch OutputLock.Failure.busy(let path) {
            error(["ledgerpress: another run is publishing to \(name) (it holds \(path)); try again later"])
            throw Exit.temporaryFailure
        } catch let failure as OutputLock.Failure {
            if case .busyReading = failure {
                error(["ledgerpress: \(failure)"])
                throw Exit.temporaryFailure
            }
            error(["ledgerpress: \(failure)"])
            throw Exit.cannotCreate
        } catch {
            self.error(["ledgerpress: \(error)"])
            throw Exit.cannotCreate
        }
    }

    /// Runs a publishing stage: bad data (``SiteError``) exits 65; a publish failure leaves the previous output
    /// as it was and exits 73 (74 for a device error, 65 for an unreadable previous manifest); anything else is a bug (70).
    func publishing<T>(_ output: String, _ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as SiteWriter.Failure {
            switch error {
            case .unreadableManifest, .refused, .notAPreviousSite: self.error(["\(error)"])
            case .lockLost: self.error(["ledgerpress: error: \(error)"])
            default: self.error(["ledgerpress: error: \(error); the previous output was left as it was"])
            }
            switch error {
            case .unreadableManifest: throw Exit.dataError
            case .lockLost: throw Exit.temporaryFailure
            case .notAPreviousSite(_, let missing): throw missing ? Exit.noInput : Exit.dataError
            case .system(let system) where system.isDeviceError: throw Exit.ioError
            default: throw Exit.cannotCreate
            }
        } catch let error as SiteError {
            self.error(["ledgerpress: error: \(error)"])
            throw Exit.dataError
        } catch let error as MergeFailure {
            throw error
        } catch let error as PreviousManifest.Unreadable {
            self.error(["\(error)"])
            throw Exit.dataError
        } catch {
            self.error(["ledgerpress: internal error while building: \(error)"])
            throw Exit.software
        }
    }
}

extension Console {
    /// `; 12 files ledgerpress did not write carried over (.git/, CNAME)`, or nothing when there were none.
    static func carriedText(_ outcome: SitePipeline.Outcome) -> String {
        guard !outcome.carriedNames.isEmpty else { return "" }
        let names = outcome.carriedNames.prefix(5).joined(separator: ", ")
        let more = outcome.carriedNames.count > 5 ? ", ..." : ""
        return
            " Carried over untouched, as ledgerpress did not write them: \(outcome.carried) file(s) under \(names)\(more)."
    }
}

extension RunReport.Files {
    init(_ report: SiteWriter.Report) {
        self.init(added: report.added, changed: report.changed, unchanged: report.unchanged, removed: report.removed)
    }

    var text: String { "\(added) added, \(changed) changed, \(unchanged) unchanged, \(removed) removed" }
}
