import ArgumentParser
import Foundation
import LedgerPressCore
import LedgerPressImport
import LedgerPressRender
import LedgerPressSite

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build every payee's statements and publish the site into the output folder.",
        discussion: """
            Reads the whole history (every export so far; overlapping rows count once). Any bad row fails \
            the run with file:line: messages and exit code 65, and the previous output stays as it was.
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var publishing: PublishOptions
    @OptionGroup var links: LinkOptions
    var output: String { publishing.output }
    var report: String? { publishing.report }
    var quiet: Bool { publishing.quiet }

    @Option(help: "Period kinds, comma-separated: day, week, month.")
    var periods: String = "day,week,month"

    @Option(
        name: .customLong("range"),
        help: "A custom range A..B, both dates inclusive (repeatable), e.g. 2026-10-01..2026-10-15.")
    var ranges: [String] = []

    @Option(help: "IANA time zone for payees without one in the payees file.")
    var timezone: String = "UTC"

    @Option(help: "Locale for payees without one in the payees file (money display).")
    var locale: String = "en_US"

    @Option(
        help: "A folder of templates that replace the defaults file by file (driver.md, merchant.md, layout.html, ...)."
    )
    var templates: String?

    @Option(help: "The platform's name, shown on every statement.")
    var issuer: String?

    @Option(
        name: .customLong("as-of"),
        help: "Build the site as it stood at this RFC 3339 instant: later entries are left out.")
    var asOf: String?

    @Flag(help: "Print each stage and progress as log lines.")
    var verbose = false

    @Option(
        help:
            "The previously published site to compare with for revised statements (default: the output folder itself).")
    var previous: String?

    @Option(
        help:
            "Build only shard I of N (I from 0, e.g. 0/3): the payees whose stable hash of the id falls in it; combine the shards with `ledgerpress merge`."
    )
    var shard: String?

    @Option(
        help:
            "Build only part of the site: `finance` writes finance/summary.csv, lines.csv and revisions.csv (and the manifests), no statement files."
    )
    var only: String?

    @Option(
        name: .customLong("reject-file"),
        help:
            "Quarantine: build from the good rows and write every rejected row, verbatim with file, line and reason, to this CSV."
    )
    var rejectFile: String?

    @Option(
        name: .customLong("max-shrink"),
        help: ArgumentHelp(
            "The largest share of the published site's statements a run may drop, in percent (default \(ShrinkGuard.defaultPercent)); a bigger drop, or no statements at all, exits 65 and publishes nothing.",
            valueName: "percent"))
    var maxShrink: String?

    @Flag(
        help:
            "Take over files in ledgerpress's own folders (payees/, finance/, assets/) that no manifest lists: they are removed (counted as removed) instead of failing the run (73). Files at the top of the output that ledgerpress did not write (a .git, a CNAME) are always carried over."
    )
    var adopt = false

    @Flag(
        name: .customLong("allow-shrink"),
        help: "Publish even when the run has no statements or far fewer than the published site (see --max-shrink).")
    var allowShrink = false

    func parsedSelection() throws -> PeriodSelection {
        var kinds: [PeriodKind] = []
        for word in periods.split(separator: ",") {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = PeriodKind(rawValue: name), kind != .range else {
                throw ValidationError("--periods: expected day, week or month, got '\(name)'")
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        let parsedRanges = try ranges.map { text -> Period in
            guard let period = PeriodSelection.parseRange(text) else {
                throw ValidationError(
                    "--range: expected YYYY-MM-DD..YYYY-MM-DD with years from 1900 to 2199 and the first date not after the last, got '\(text)'"
                )
            }
            return period
        }
        return PeriodSelection(kinds: kinds, ranges: parsedRanges)
    }

    func validate() throws {
        _ = try parsedSelection()
        if ZoneClock(identifier: timezone) == nil {
            throw ValidationError("--timezone: expected an IANA time zone such as America/New_York, got '\(timezone)'")
        }
        if !MoneyLocale.isKnown(locale) {
            throw ValidationError("--locale: expected \(MoneyLocale.expected), got '\(locale)'")
        }
        if let maxShrink, ShrinkGuard(parsing: maxShrink) == nil {
            throw ValidationError("--max-shrink: expected a whole percentage from 0 to 100, got '\(maxShrink)'")
        }
        if let only, only != "finance" {
            throw ValidationError("--only: expected finance, got '\(only)'")
        }
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard: expected I/N with 0 <= I < N, such as 0/3, got '\(shard)'")
        }
        if let asOf {
            switch RFC3339.read(asOf) {
            case .success: break
            case .failure(.yearOutOfRange):
                throw ValidationError("--as-of: expected \(CivilDate.supportedYearsText), got '\(asOf)'")
            case .failure(.leapSecond):
                throw ValidationError("--as-of: expected \(TimestampFailure.leapSecondText), got '\(asOf)'")
            case .failure(.malformed):
                throw ValidationError("--as-of: expected an RFC 3339 timestamp with offset, got '\(asOf)'")
            }
        }
    }

    func run() throws {
        var inputs = input.inputs.map { ("input file", $0) }
        if let payees = input.payees { inputs.append(("payees file", payees)) }
        if let mapping = input.mapping { inputs.append(("mapping file", mapping)) }
        if let templates { inputs.append(("templates folder", templates)) }
        inputs += try links.guardedInputs()
        try Console(quietStdout: report == "-", silent: quiet)
            .guarded(output, inputs: inputs, report: report, rejectFile: rejectFile, build)
    }

    func build(_ runReport: inout RunReport, into target: URL) throws {
        let console = Console(quietStdout: report == "-", silent: quiet)
        let log = RunLog(quiet: quiet, verbose: verbose)
        let lock = try console.lockOutput(target, named: output)
        defer { withExtendedLifetime(lock) {} }
        let payeeLinks = try links.links(console: console)
        var loaded = try InputLoader(options: input, console: console).load()
        var ledger = loaded.ledger
        var diagnostics = loaded.diagnostics
        let profiles = loaded.profiles
        let summaries = loaded.summaries
        runReport.inputs = zip(summaries, loaded.counts).map { summary, count in
            RunReport.Input(
                name: summary.name, size: summary.size, sha256: summary.sha256, rows: summary.rows,
                accepted: count.accepted,
                rejected: count.rejected, skipped: count.skippedCount, entries: count.entries,
                newEntries: count.newEntries)
        }
        runReport.rowsRead = loaded.files.reduce(0) { $0 + $1.rowsRead }
        runReport.rowsRejected = loaded.rejected.count
        runReport.finishStage("import")
        log.stage(
            "import: \(runReport.rowsRead) rows read, \(loaded.ledger.entries.count) entries from \(input.inputs.count) input(s)"
        )
        if let rejectFile {
            // Quarantine: rejected rows go to the file; the problems are still shown, and the run goes on.
            try console.writeFile(
                rejectFile, RejectFile.csv(loaded.rejected.map { ($0.file, $0.line, $0.reason, $0.raw) }))
            console.error(diagnostics.lines)
            diagnostics = loaded.fatal
        }
        // Each input's rows and entries, as `check` prints them: with quarantine, --verbose, or when the input fails.
        let noEntries = Check.noEntries(loaded)
        let inputFails = diagnostics.hasErrors || noEntries != nil
        // Warnings (a local time in a DST gap or repeated hour) are shown whether or not the input fails.
        if rejectFile == nil && !diagnostics.items.isEmpty { console.error(diagnostics.lines) }
        if rejectFile != nil || verbose || inputFails { console.error(Check.summaries(loaded)) }
        // From here on `ledger` is the run's only reference to the entries (so that the pipeline can free them).
        loaded.ledger = Ledger()
        if let asOf, let instant = RFC3339.parse(asOf) { ledger = ledger.asOf(instant) }
        let options = SiteOptions(
            selection: try parsedSelection(), issuer: issuer, defaultTimeZone: timezone, defaultLocale: locale,
            sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0) }, asOf: asOf,
            links: payeeLinks)
        var payees = PayeeDirectory.payees(ledger: ledger, profiles: profiles, options: options)
        var shardFacts: (Shard, ShardRecord.LedgerFacts)?
        if let shard = shard.flatMap(Shard.init(parsing:)) {
            shardFacts = (
                shard,
                try Check.failingOnBadData { try ShardRecord.LedgerFacts(ledger: ledger, payeeIDs: payees.map(\.0.id)) }
            )
            payees = payees.filter { shard.contains(payeeID: $0.0.id) }
            let ids = Set(payees.map(\.0.id))
            ledger = ledger.filter { ids.contains($0.payeeID) }
        }
        let entryCount = ledger.entries.count
        runReport.entries = entryCount
        let ledgerFigures = FinanceSummary.figures(of: ledger)
        ledger = Ledger()
        runReport.payees = payees.count
        if diagnostics.hasErrors {
            console.error([
                "ledgerpress: \(diagnostics.errorCount) problem(s) in the input; nothing was written to \(output)"
            ])
            throw Exit.dataError
        }
        if let message = noEntries {
            console.error([message + "; nothing was written to \(output)"])
            throw Exit.dataError
        }
        let templateSet = try console.loadTemplates(overrides: templates)
        // The HTML rendering's CPU time is measured only for a run report (two clock reads per statement).
        let htmlTally = report == nil ? nil : CPUTally()
        var configuration = SitePipeline.Configuration(
            templates: templateSet, options: options, mode: only == "finance" ? .finance : .site,
            toolIdentity: ToolIdentity.current,
            shard: shardFacts,
            abortAfterFiles: ProcessInfo.processInfo.environment["LEDGERPRESS_TEST_ABORT_AFTER_FILES"].flatMap {
                Int($0)
            }, htmlTally: htmlTally, lock: lock)
        configuration.adopt = adopt
        configuration.shrinkGuard = allowShrink ? nil : maxShrink.flatMap(ShrinkGuard.init(parsing:)) ?? ShrinkGuard()
        let pipeline = SitePipeline(configuration)
        let site = try console.publishing(output) {
            // The pipeline takes the payees' entries over (so that it can free them as payees are done).
            var handed: [(Payee, [LedgerEntry])] = []
            swap(&handed, &payees)
            return try pipeline.run(
                payees: consume handed, ledgerFigures: ledgerFigures, inputs: summaries, output: target,
                previous: previous.map { URL(fileURLWithPath: $0) },
                stage: { name in
                    runReport.finishStage(name)
                    log.stage(name)
                }, progress: log.progress("Building statements"))
        }
        runReport.statements = site.statementsByKind
        runReport.revisions = site.revisions
        runReport.files = RunReport.Files(site.files)
        runReport.payeesRendered = site.payeesRendered
        runReport.payeesReused = site.payeesReused
        if let htmlTally, only != "finance" { runReport.cpuSeconds = ["html": RunReport.seconds(htmlTally.total)] }
        log.stage("payees: \(site.payeesRendered) rendered, \(site.payeesReused) carried over unchanged")
        log.stage("publish: \(runReport.files.text)")
        console.say(
            "Built \(site.statementCount) statements for \(site.payeeCount) payees from \(entryCount) entries "
                + "into \(output.hasSuffix("/") ? output : output + "/") (\(site.fileCount) files: \(runReport.files.text); \(site.revisions) statements revised)"

                + (shardFacts.map { " as shard \($0.0) of \($0.1.payees) payees" } ?? "") + "."
                + Console.carriedText(site))
    }
}
