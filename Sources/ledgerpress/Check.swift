import ArgumentParser
import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressSite

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every import and validation of `build` and write nothing.",
        discussion:
            "Prints every problem (up to --max-errors), then one summary line per file. Exits 0, 65 (bad data) or 66 (missing input)."
    )

    @OptionGroup var input: InputOptions

    func run() throws {
        let console = Console()
        let loaded = try InputLoader(options: input, console: console).load()
        console.error(loaded.diagnostics.lines)
        for line in Check.summaries(loaded) { console.say(line) }
        if loaded.diagnostics.hasErrors {
            console.error(["ledgerpress: \(loaded.diagnostics.errorCount) problem(s) in the input"])
            throw Exit.dataError
        }
        if let message = Check.noEntries(loaded) {
            console.error([message])
            throw Exit.dataError
        }
        // The checks `build` runs after import (every payee's statements and the totals), rendering nothing.
        let options = SiteOptions()
        let payees = PayeeDirectory.payees(ledger: loaded.ledger, profiles: loaded.profiles, options: options)
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

    /// `ledger.csv: native, 74 rows read = 72 accepted + 2 rejected + 0 skipped; 71 entries, 5 payees, EUR USD, 2026-10-01..2026-11-20 (UTC)`;
    /// `check` and `build` print the same line for each input (``InputCount``), and why it gave no entry.
    static func summary(_ file: ImportedFile, count: InputCount) -> String {
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

    /// Every input's summary line, in input order.
    static func summaries(_ loaded: InputLoader.Loaded) -> [String] {
        zip(loaded.files, loaded.counts).map { summary($0, count: $1) }
    }

    /// Inputs that yield no entry at all: nothing to publish, which is a mistake (a wrong `--payee`, a filter
    /// that drops every row), never an empty site. The message, or nil when there are entries.
    static func noEntries(_ loaded: InputLoader.Loaded) -> String? {
        guard loaded.ledger.entries.isEmpty else { return nil }
        return "ledgerpress: error: the inputs yield no entry (each input's line above says why); nothing to build"
    }
}
