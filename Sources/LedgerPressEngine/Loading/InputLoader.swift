import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

/// Reads every source and the payees file into one ledger, the way `build` and `check` both do.
struct InputLoader {
    struct Loaded {
        var ledger = Ledger()
        var files: [ImportedFile] = []
        /// Each source's rows and entries (after the ledger's own checks), in input order.
        var counts: [InputCount] = []
        var rejected: [RejectedRow] = []
        var profiles: [String: PayeeProfile] = [:]
        var summaries: [InputSummary] = []
        /// The key of each rejected row of a source that names rows by key (``RowNames/keys``), by source and line.
        var rowKeys: [String: [Int: String]] = [:]
        /// Every problem found.
        var diagnostics: DiagnosticLog
        /// The problems that are not about a rejected input row (a bad payees file, an unreadable
        /// header): quarantine cannot absorb these.
        var fatal: DiagnosticLog
    }

    let inputs: BuildInputs
    /// Threads that read a native export's rows at once (``NativeLedgerImporter/readOverlapped(firstPiece:more:file:readers:chunkBytes:accept:)``).
    var readers = 2
    /// The bytes read before a native export is read in chunks, and of each chunk.
    var chunkBytes = NativeLedgerImporter.chunkBytes

    /// The ledger of one run: its entries' texts go into a table of their own (``EntryTexts``), which lives as
    /// long as the entries do, so that the texts of a run never outlive it.
    func load() throws(BuildStop) -> Loaded {
        try EntryTexts().using { () throws(BuildStop) -> Loaded in try loadEntries() }
    }

    private func loadEntries() throws(BuildStop) -> Loaded {
        var loaded = Loaded(
            diagnostics: DiagnosticLog(limit: inputs.maxErrors), fatal: DiagnosticLog(limit: inputs.maxErrors))
        var all: [Diagnostic] = []
        if let payees = inputs.payees {
            let bytes = try InputLoader.bytes(of: payees, option: "--payees")
            let result = PayeesFileImporter.read(bytes: bytes, file: payees.name)
            all += result.diagnostics
            loaded.profiles = result.profiles
        }
        var mapping: Mapping?
        if let source = inputs.mapping {
            let text = String(decoding: try InputLoader.bytes(of: source, option: "--mapping"), as: UTF8.self)
            do {
                mapping = try Mapping.parse(text, file: source.name)
            } catch {
                throw BuildStop(.dataError, [error.description])
            }
        }
        let settings = inputs.settings(payeeTypes: loaded.profiles.compactMapValues(\.type), mapping: mapping)
        for source in inputs.sources { all += try read(source, settings: settings, into: &loaded) }
        // The payees file and the ledger must agree on each payee's type; every --payee must have been used.
        all += PayeesFileImporter.typeDisagreements(ledger: loaded.ledger, profiles: loaded.profiles)
        all += settings.unusedPayeeAssignments(loaded.files)
        all += StripePayoutOverlap.problems(loaded.files)
        // Every row is in the ledger now: keep only each input's counts.
        for index in loaded.files.indices { loaded.files[index].forgetRows() }
        let rejectedAt = Set(loaded.rejected.map { "\($0.file)\u{0}\($0.line)" })
        for diagnostic in all {
            let shown = InputLoader.named(diagnostic, keys: loaded.rowKeys)
            loaded.diagnostics.append(shown)
            if !rejectedAt.contains("\(diagnostic.location.file)\u{0}\(diagnostic.location.line)") {
                loaded.fatal.append(shown)
            }
        }
        return loaded
    }

    /// A whole source (the payees file, a mapping); `option` names the option that gave it in messages.
    static func bytes(of source: any LedgerSource, option: String) throws(BuildStop) -> [UInt8] {
        do {
            return try source.open().readAll()
        } catch {
            throw .source(source.name, error, option: option)
        }
    }
}

extension InputLoader {
    /// `ledger.csv: native, 74 rows read = 72 accepted + 2 rejected + 0 skipped; 71 entries, 5 payees, EUR USD, 2026-10-01..2026-11-20 (UTC)`;
    /// `check` and `build` print the same line for each input (``InputCount``), and why it gave no entry.
    static func line(_ file: ImportedFile, count: InputCount) -> String {
        let facts = file.facts
        let payees = facts.payees.count
        let currencies = facts.currencies.sorted().joined(separator: " ")
        var text =
            "\(file.name): \(file.recognised ? file.format.rawValue : "unrecognised format"), \(count.text), \(payees) payees"
        if !currencies.isEmpty { text += ", \(currencies)" }
        if let first = facts.first, let last = facts.last {
            text +=
                ", " + String(Timestamp.format(epochSeconds: first.epochSeconds, offsetSeconds: 0).prefix(10))
                + ".." + String(Timestamp.format(epochSeconds: last.epochSeconds, offsetSeconds: 0).prefix(10))
                + " (UTC)"
        }
        if let why = count.whyNoEntries { text += "; no entries: \(why)" }
        return text
    }
}
