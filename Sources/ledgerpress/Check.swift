import ArgumentParser
import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every import and validation of `build` and write nothing.",
        discussion: "Prints every problem (up to --max-errors), then one summary line per file. Exits 0, 65 (bad data) or 66 (missing input)."
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        let console = Console()
        let loaded = try InputLoader(options: input, console: console).load()
        console.error(loaded.diagnostics.lines)
        for (index, file) in loaded.files.enumerated() {
            console.say(Check.summary(file, accepted: loaded.accepted[index], ledger: loaded.ledger))
        }
        if loaded.diagnostics.hasErrors {
            console.error(["ledgerpress: \(loaded.diagnostics.errorCount) problem(s) in the input"])
            throw Exit.dataError
        }
        // The checks `build` runs after import (every payee's statements and the totals), rendering nothing.
        let options = SiteOptions()
        let payees = PayeeDirectory.payees(ledger: loaded.ledger, profiles: loaded.profiles, options: options).payees
        let checked = try Check.failingOnBadData {
            try SiteBuilder.check(payees: payees, ledger: loaded.ledger, options: options)
        }
        let kinds = options.selection.kinds.map(\.rawValue).joined(separator: ",")
        console.say(
            "Checked \(checked.statementCount) statements for \(checked.payeeCount) payees from \(loaded.ledger.entries.count) entries "
                + "(periods \(kinds)).")
    }

    /// Runs a stage of the site pipeline: bad data it finds (``SiteError``) is printed and exits 65; any other
    /// error is a bug (70). `build` and `check` both go through here.
    static func failingOnBadData<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as SiteError {
            Console().error(["ledgerpress: error: \(error)"])
            throw Exit.dataError
        } catch {
            Console().error(["ledgerpress: internal error while building: \(error)"])
            throw Exit.software
        }
    }

    /// `ledger.csv: native, 74 rows (72 accepted, 2 rejected), 71 entries, 5 payees, EUR USD, 2026-10-01..2026-11-20`
    static func summary(_ file: ImportedFile, accepted: Int, ledger: Ledger) -> String {
        let entries = file.entries
        let payees = Set(entries.map(\.payeeID)).count
        let currencies = Set(entries.map(\.amount.currency.code)).sorted().joined(separator: " ")
        var text = "\(file.name): \(file.recognised ? file.format.rawValue : "unrecognised format"), \(file.rowsRead) rows (\(accepted) accepted, \(file.rowsRead - accepted) rejected)"
        text += ", \(entries.count) entries, \(payees) payees"
        if !currencies.isEmpty { text += ", \(currencies)" }
        if let first = entries.min(by: { $0.occurredAt < $1.occurredAt }), let last = entries.max(by: { $0.occurredAt < $1.occurredAt }) {
            text += ", " + String(Timestamp.format(epochSeconds: first.occurredAt.epochSeconds, offsetSeconds: 0).prefix(10))
                + ".." + String(Timestamp.format(epochSeconds: last.occurredAt.epochSeconds, offsetSeconds: 0).prefix(10)) + " (UTC)"
        }
        if file.platformRows > 0 { text += ", \(file.platformRows) rows of the platform's own (no connected account)" }
        return text
    }

    /// Per input file: rows read = accepted + rejected, as the quarantine run reports it.
    static func reconciliation(_ loaded: InputLoader.Loaded) -> [String] {
        loaded.files.enumerated().map { index, file in
            let rejected = loaded.rejected.filter { $0.file == file.name }.count
            return "\(file.name): \(file.rowsRead) rows read = \(loaded.accepted[index]) accepted + \(rejected) rejected"
        }
    }
}
