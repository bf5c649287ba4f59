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

    func load() throws -> Loaded {
        var loaded = Loaded(diagnostics: DiagnosticLog(limit: options.maxErrors), fatal: DiagnosticLog(limit: options.maxErrors))
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
        for path in options.inputs {
            let bytes = try console.readInput(path)
            let file = LedgerImport.read(bytes: bytes, file: path, settings: settings)
            all += file.diagnostics
            var rejected = file.rejected
            var accepted = 0
            var entries = 0
            let before = loaded.ledger.entries.count
            loaded.ledger.reserveCapacity(loaded.ledger.entries.count + file.entries.count)
            for row in file.rows {
                var problems = DiagnosticLog(limit: Int.max)
                if loaded.ledger.add(row: file.entries(of: row), diagnostics: &problems) {
                    accepted += 1
                    entries += row.entryRange.count
                } else {
                    all += problems.items
                    rejected.append(RejectedRow(
                        file: path, line: row.line, raw: ImportedFile.text(of: row.bytes, in: bytes),
                        reason: problems.items.map(\.message).joined(separator: "; ")))
                }
            }
            loaded.counts.append(InputCount(
                file: path, rowsRead: file.rowsRead, accepted: accepted, rejected: rejected.count, skipped: file.skipped,
                entries: entries, newEntries: loaded.ledger.entries.count - before))
            loaded.rejected += rejected.sorted { $0.line < $1.line }
            loaded.files.append(file)
            loaded.summaries.append(InputSummary(
                name: (path as NSString).lastPathComponent, size: bytes.count, sha256: InputLoader.sha256(bytes),
                rows: file.rowsRead))
        }
        // The payees file and the ledger must agree on each payee's type; every --payee must have been used.
        all += PayeesFileImporter.typeDisagreements(ledger: loaded.ledger, profiles: loaded.profiles)
        all += settings.unusedPayeeAssignments(loaded.files)
        all += StripePayoutOverlap.problems(loaded.files)
        let rejectedAt = Set(loaded.rejected.map { "\($0.file)\u{0}\($0.line)" })
        for diagnostic in all {
            loaded.diagnostics.append(diagnostic)
            if !rejectedAt.contains("\(diagnostic.location.file)\u{0}\(diagnostic.location.line)") { loaded.fatal.append(diagnostic) }
        }
        return loaded
    }

    /// The input's digest, read in place (a `Data` copy of a large input would hold it twice).
    static func sha256(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return FileDigest.sha256(Data()) }
            return FileDigest.sha256(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none))
        }
    }
}
