import Foundation
import LedgerPressSite

/// What `build` and `merge` share at the output edge: the run lock and the atomic publish, with their exit codes.
extension Console {
    /// Takes the output's lock for the whole run; another run holding it exits 75.
    func lockOutput(_ output: String) throws -> OutputLock {
        do {
            let url = URL(fileURLWithPath: output)
            return try OutputLock(output: url) {
                error(["ledgerpress: waiting for a `ledgerpress verify` of \(output) to finish (it holds \(OutputLock.path(for: url)))"])
            }
        } catch OutputLock.Failure.busy(let path) {
            error(["ledgerpress: another run is publishing to \(output) (it holds \(path)); try again later"])
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

    /// Publishes the site atomically; a failure leaves the previous output as it was and exits 73.
    func publish(_ files: [OutputFile], to output: String) throws -> SiteWriter.Report {
        do {
            let abortHook = ProcessInfo.processInfo.environment["LEDGERPRESS_TEST_ABORT_AFTER_FILES"].flatMap { Int($0) }
            return try SiteWriter(output: URL(fileURLWithPath: output), abortAfterFiles: abortHook).publish(files)
        } catch {
            self.error(["ledgerpress: \(error); the previous output was left as it was"])
            throw Exit.cannotCreate
        }
    }
}

extension RunReport.Files {
    init(_ report: SiteWriter.Report) {
        self.init(added: report.added, changed: report.changed, unchanged: report.unchanged, removed: report.removed)
    }

    var text: String { "\(added) added, \(changed) changed, \(unchanged) unchanged, \(removed) removed" }
}
