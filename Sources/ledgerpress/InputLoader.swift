import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

/// Reads every input and the payees file into one ledger, the way `build` and `check` both do.
struct InputLoader {
    struct Loaded {
        var ledger = Ledger()
        var files: [ImportedFile] = []
        /// Each file's rows and entries (after the ledger's own checks), in input order.
        var counts: [InputCount] = []
        var rejected: [RejectedRow] = []
        var profiles: [String: PayeeProfile] = [:]
        var summaries: [InputSummary] = []
        /// Every problem found.
        var diagnostics: DiagnosticLog
        /// The problems that are not about a rejected input row (a bad payees file, an unreadable
        /// header): quarantine cannot absorb these.
        var fatal: DiagnosticLog
    }

    let options: InputOptions
    let console: Console

    /// The ledger of one run: its entries' texts go into a table of their own (``EntryTexts``), which lives as
    /// long as the entries do, so that the texts of a run never outlive it.
    func load() throws -> Loaded {
        try EntryTexts().using { () throws -> Loaded in try loadEntries() }
    }

    private func loadEntries() throws -> Loaded {
        var loaded = Loaded(
            diagnostics: DiagnosticLog(limit: options.maxErrors), fatal: DiagnosticLog(limit: options.maxErrors))
        var all: [Diagnostic] = []
        if let payees = options.payees {
            let result = PayeesFileImporter.read(bytes: try console.readInput(payees, option: "--payees"), file: payees)
            all += result.diagnostics
            loaded.profiles = result.profiles
        }
        var mapping: Mapping?
        if let path = options.mapping {
            let text = String(decoding: try console.readInput(path, option: "--mapping"), as: UTF8.self)
            do {
                mapping = try Mapping.parse(text, file: path)
            } catch {
                console.error([error.description])
                throw Exit.dataError
            }
        }
        let settings = options.settings(payeeTypes: loaded.profiles.compactMapValues(\.type), mapping: mapping)
        for path in options.inputs { all += try read(path, settings: settings, into: &loaded) }
        // The payees file and the ledger must agree on each payee's type; every --payee must have been used.
        all += PayeesFileImporter.typeDisagreements(ledger: loaded.ledger, profiles: loaded.profiles)
        all += settings.unusedPayeeAssignments(loaded.files)
        all += StripePayoutOverlap.problems(loaded.files)
        // Every row is in the ledger now: keep only each input's counts.
        for index in loaded.files.indices { loaded.files[index].forgetRows() }
        let rejectedAt = Set(loaded.rejected.map { "\($0.file)\u{0}\($0.line)" })
        for diagnostic in all {
            loaded.diagnostics.append(diagnostic)
            if !rejectedAt.contains("\(diagnostic.location.file)\u{0}\(diagnostic.location.line)") {
                loaded.fatal.append(diagnostic)
            }
        }
        return loaded
    }
}
