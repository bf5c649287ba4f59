import ArgumentParser
import LedgerPressCore
import LedgerPressEngine
import LedgerPressImport

/// Options shared by `build` and `check`: what to read and how (``BuildInputs``).
struct InputOptions: ParsableArguments {
    @Argument(help: "Ledger exports: native CSV or JSON Lines, Stripe reports, Stripe Dashboard exports (see README).")
    var inputs: [String]

    @Option(help: "Payees file (CSV: payee_id,payee_type,name,email,timezone,locale, optionally day_start,week_start).")
    var payees: String?

    @Option(
        help:
            "Read every input as this format instead of recognising it by its header: native, jsonl, stripe-report, stripe-dashboard, stripe-payments, stripe-payouts, mapped."
    )
    var format: String?

    @Option(help: "A mapping file (YAML) for inputs in any other CSV layout; see README, \"Mapping files\".")
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
        if let format, InputFormat(rawValue: format) == nil {
            throw ValidationError(
                "--format: expected native, jsonl, stripe-report, stripe-dashboard, stripe-payments, stripe-payouts or mapped, got '\(format)'"
            )
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
    }

    /// The sources and how to read them, for ``SiteBuilder``.
    func buildInputs() -> BuildInputs {
        var byFile: [String: String] = [:]
        var all: String?
        for assignment in payeeAssignments {
            if let eq = assignment.lastIndex(of: "=") {
                byFile[String(assignment[..<eq])] = String(assignment[assignment.index(after: eq)...])
            } else {
                all = assignment
            }
        }
        return BuildInputs(
            sources: inputs.map(FileSource.init(path:)), payees: payees.map(FileSource.init(path:)),
            mapping: mapping.map(FileSource.init(path:)), format: format.flatMap(InputFormat.init(rawValue:)),
            payee: all, payeeBySource: byFile, payeeType: payeeType.flatMap(PayeeType.init(rawValue:)),
            sourceZone: sourceTimezone.flatMap(ZoneClock.init(identifier:)), maxErrors: maxErrors)
    }
}
