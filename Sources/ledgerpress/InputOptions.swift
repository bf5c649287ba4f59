import ArgumentParser
import Foundation
import LedgerPressEngine

/// Options shared by `build` and `check`: what to read and how (``BuildInputs``).
struct InputOptions: ParsableArguments {
    @Argument(
        help: "Ledger exports: native CSV or JSON Lines, Stripe reports, Stripe Dashboard exports (see docs/inputs.md)."
    )
    var inputs: [String] = []

    @Option(
        name: .customLong("source"),
        help: ArgumentHelp(
            "A PostgreSQL table or view with the native columns, as a libpq URL without a password: postgresql://USER@HOST:PORT/DB?table=ledger_entries, a socket folder as ?host=/run/postgresql (repeatable). The password comes from ~/.pgpass or PGPASSFILE; PGHOST, PGPORT, PGDATABASE, PGUSER, PGSSLMODE fill in what the URL leaves out.",
            valueName: "url"))
    var databaseSources: [String] = []

    @Option(
        name: .customLong("source-config"),
        help: ArgumentHelp(
            "A file holding a --source URL, or libpq keywords (host=... port=... dbname=... user=... table=... sslmode=...), never a password (repeatable).",
            valueName: "file"))
    var sourceConfigs: [String] = []

    @Option(help: "Payees file (CSV: payee_id,payee_type,name,email,timezone,locale, optionally day_start,week_start).")
    var payees: String?

    @Option(
        help: ArgumentHelp(
            "Read every input as this format instead of recognising it by its header: "
                + ImporterRegistry.standard.formats.map(\.rawValue).joined(separator: ", ") + "."))
    var format: String?

    @Option(help: "A mapping file (YAML) for inputs in any other CSV layout; see docs/inputs.md, \"Mapping files\".")
    var mapping: String?

    @Option(
        name: .customLong("payee"),
        help:
            "For single-account exports without an account column: ACCOUNT for every such input, or FILE=ACCOUNT (repeatable)."
    )
    var payeeAssignments: [String] = []

    @Option(
        name: .customLong("payee-type"), help: "driver or merchant, for Stripe payees the payees file does not type.")
    var payeeType: String?

    @Option(
        name: .customLong("source-timezone"),
        help:
            "IANA zone of export timestamps written without an offset (Stripe's `created`); without it, a Stripe download's file name must end in its zone (..._America-Denver.csv)."
    )
    var sourceTimezone: String?

    @Option(name: .customLong("max-errors"), help: "At most this many problems are printed, then a count of the rest.")
    var maxErrors: Int = 100

    func validate() throws {
        if inputs.isEmpty && databaseSources.isEmpty && sourceConfigs.isEmpty {
            throw ValidationError("expected at least one ledger export, --source or --source-config, got none")
        }
        for url in databaseSources {
            if let problem = BuildInputs.sourceURLProblem(url) { throw ValidationError(problem) }
        }
        if let format, ImporterRegistry.standard.format(named: format) == nil {
            throw ValidationError("--format: expected \(ImporterRegistry.standard.list()), got '\(format)'")
        }
        if let payeeType, PayeeType(rawValue: payeeType) == nil {
            throw ValidationError("--payee-type: expected driver or merchant, got '\(payeeType)'")
        }
        if let sourceTimezone, ZoneClock(identifier: sourceTimezone) == nil {
            throw ValidationError("--source-timezone: expected an IANA time zone, got '\(sourceTimezone)'")
        }
        if maxErrors < 1 { throw ValidationError("--max-errors: expected a positive number, got \(maxErrors)") }
        if payeeAssignments.filter({ !$0.contains("=") }).count > 1 {
            throw ValidationError("--payee: expected one ACCOUNT for all inputs, or FILE=ACCOUNT for each")
        }
        // The ledger's spill settings, read from the environment here (the ledger never reads it).
        if let problem = BuildInputs.spillProblem(environment: ProcessInfo.processInfo.environment) {
            throw ValidationError(problem)
        }
    }

    /// The sources and how to read them, for ``SiteBuilder``: the files, then each `--source`, then each
    /// `--source-config`. A config file that cannot be read stops with 66 or 74, one that cannot be used with 64.
    func buildInputs() throws(BuildStop) -> BuildInputs {
        try BuildInputs(
            BuildInputs.Request(
                files: inputs, databaseURLs: databaseSources, sourceConfigs: sourceConfigs, payees: payees,
                mapping: mapping, format: format, payeeAssignments: payeeAssignments, payeeType: payeeType,
                sourceTimezone: sourceTimezone, maxErrors: maxErrors),
            environment: ProcessInfo.processInfo.environment)
    }
}
