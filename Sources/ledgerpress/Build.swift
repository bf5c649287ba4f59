import ArgumentParser
import Foundation
import LedgerPressEngine

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build every payee's statements and publish the site into the output folder.",
        discussion: """
            Reads the whole history (every export so far; overlapping rows count once). Any bad row fails \
            the run with file:line: messages and exit code 65, and the previous output stays as it was.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var shape: SiteShapeOptions

    @OptionGroup var publishing: PublishOptions
    @OptionGroup var links: LinkOptions
    @OptionGroup var shardSecret: ShardSecretOptions
    @OptionGroup var letters: LetterOptions
    @OptionGroup(title: "E-mail outbox") var mail: OutboxCommandOptions
    var output: String { publishing.output }
    var report: String? { publishing.report }
    var quiet: Bool { publishing.quiet }

    @Option(help: ArgumentHelp(OutputSpec.help(for: "--templates")))
    var templates: String?

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

    @Option(help: ArgumentHelp(OutputSpec.help(for: "--only")))
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

    @Option(
        name: .customLong("pdf"),
        help: ArgumentHelp(
            "Also print the statements of these period kinds as PDF (<label>.pdf beside each; e.g. month or month,year), with the statement's CSV attached (see --pdf-engine). The kinds are required (an option's value cannot be optional here): --pdf month.",
            valueName: "kinds"))
    var pdf: String?

    @Option(
        name: .customLong("pdf-engine"),
        help: ArgumentHelp(
            "What prints --pdf: native (the default: ledgerpress's own writer, tagged PDF/A-3b in the built-in layout, no browser needed) or chromium (headless Chromium printing the site's own HTML pages).",
            valueName: "engine"))
    var pdfEngine: String?

    @Flag(
        name: .customLong("no-import-checkpoint"),
        help:
            "Read every input whole, and keep no import checkpoint beside the output (.<output>.ledger: what this build read, so that the next build reads only the rows appended since)."
    )
    var noImportCheckpoint = false

    @Flag(
        name: .customLong("allow-shrink"),
        help: "Publish even when the run has no statements or far fewer than the published site (see --max-shrink).")
    var allowShrink = false

    func validate() throws {
        if let maxShrink, ShrinkGuard(parsing: maxShrink) == nil {
            throw ValidationError("--max-shrink: expected a whole percentage from 0 to 100, got '\(maxShrink)'")
        }
        if let only, only != "finance" {
            throw ValidationError("--only: expected finance, got '\(only)'")
        }
        if mail.outbox != nil && only == "finance" {
            throw ValidationError("--outbox: needs the statement files; it cannot be combined with --only finance")
        }
        if let pdf { _ = try Build.pdfKinds(pdf) }
        _ = try pdfEngineKind()
        if let shard, Shard(parsing: shard) == nil {
            throw ValidationError("--shard: expected I/N with 0 <= I < N, such as 0/3, got '\(shard)'")
        }
        if shardSecret.shardSecret != nil, shard == nil {
            throw ValidationError("--shard-secret: seals a shard for `merge`; it needs --shard I/N")
        }
    }

    func run() throws {
        var inputs = input.inputs.map { ("input file", $0) }
        inputs += input.sourceConfigs.map { ("source config file", $0) }
        if let payees = input.payees { inputs.append(("payees file", payees)) }
        if let mapping = input.mapping { inputs.append(("mapping file", mapping)) }
        if let templates { inputs.append(("templates folder", templates)) }
        inputs += try links.guardedInputs()
        if shard != nil { inputs += try shardSecret.guardedInputs() }
        inputs += letters.guardedInputs
        try Console(quietStdout: report == "-", silent: quiet)
            .guarded(output, inputs: inputs, report: report, rejectFile: rejectFile, outbox: mail.outbox, build)
    }

    /// The library's options for this command line.
    func buildOptions(links payeeLinks: PayeeLinks, htmlTally: CPUTally?, letters: LetterSettings? = nil) throws
        -> BuildOptions
    {
        let environment = ProcessInfo.processInfo.environment
        var site = try shape.siteOptions(links: payeeLinks)
        site.letters = letters
        var options = BuildOptions(
            site: site, defaultTemplates: Engine.defaultTemplates,
            templates: templates, mode: only == "finance" ? .finance : .site,
            shard: shard.flatMap(Shard.init(parsing:)),
            rejectFile: rejectFile, previous: previous.map { URL(fileURLWithPath: $0) }, adopt: adopt,
            shrinkGuard: allowShrink ? nil : maxShrink.flatMap(ShrinkGuard.init(parsing:)) ?? ShrinkGuard(),
            listInputs: verbose, toolIdentity: ToolIdentity.current,
            abortAfterFiles: environment["LEDGERPRESS_TEST_ABORT_AFTER_FILES"].flatMap { Int($0) }, htmlTally: htmlTally
        )
        options.holdBeforePublish = TestHooks.holdBeforePublish(environment)
        options.outbox = try mail.options(issuer: site.issuer)
        options.importCheckpoint = !noImportCheckpoint
        if let writers = environment["LEDGERPRESS_WRITERS"] {
            guard let count = Int(writers), (1...64).contains(count) else {
                throw ValidationError(
                    "LEDGERPRESS_WRITERS: expected a number of writer threads from 1 to 64, got '\(writers)'")
            }
            options.writers = count
        }
        return options
    }

    /// `--pdf-engine` (native unless named). WeasyPrint is gone: its name is refused (64) with what to use instead.
    func pdfEngineKind() throws -> PDFEngine.Kind {
        guard let pdfEngine else { return .native }
        if pdfEngine == "weasyprint" {
            throw ValidationError(
                "--pdf-engine weasyprint: WeasyPrint is no longer an engine; use native (the default, which writes "
                    + "PDF/A-3b) or chromium")
        }
        guard let kind = PDFEngine.Kind(rawValue: pdfEngine) else {
            let names = PDFEngine.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--pdf-engine: expected one of \(names), got '\(pdfEngine)'")
        }
        return kind
    }

    /// The PDF options given that would do nothing, each said in a warning line (the run goes on): `--pdf-engine`
    /// without `--pdf`, `--pdf` with `--only finance` (no statement files), and a `--pdf` kind whose statements
    /// the run does not build (`--pdf year` without `year` in `--periods`, `range` without `--range`).
    func idleOptionWarnings() throws -> [String] {
        let prefix = "ledgerpress: warning: "
        guard let pdf else {
            return pdfEngine.map { ["\(prefix)--pdf-engine \($0): does nothing without --pdf (no PDF is printed)"] }
                ?? []
        }
        if only == "finance" {
            return ["\(prefix)--pdf \(pdf): does nothing with --only finance (no statement files, so no PDFs)"]
        }
        let selection = try shape.parsedSelection()
        let built = Set(selection.kinds + (selection.ranges.isEmpty ? [] : [.range]))
        let asked = try Build.pdfKinds(pdf)
        return PeriodKind.allCases.filter { asked.contains($0) && !built.contains($0) }.map {
            $0 == .range
                ? "\(prefix)--pdf range: does nothing without --range (no range statements, so no range PDFs)"
                : "\(prefix)--pdf \($0.rawValue): does nothing: no \($0.rawValue) statements are built (add \($0.rawValue) to --periods, which is '\(shape.periods)')"
        }
    }

    /// `--pdf`'s period kinds (`month,year`).
    static func pdfKinds(_ text: String) throws -> Set<PeriodKind> {
        var kinds: Set<PeriodKind> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = PeriodKind(rawValue: name) else {
                let names = PeriodKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--pdf: expected period kinds separated by commas (\(names)), got '\(name)'")
            }
            kinds.insert(kind)
        }
        return kinds
    }

    func build(_ runReport: inout RunReport, into target: URL) throws {
        let console = Console(quietStdout: report == "-", silent: quiet)
        let log = RunLog(quiet: quiet, verbose: verbose)
        let payeeLinks = try links.links(console: console)
        // The HTML rendering's CPU time is measured only for a run report (two clock reads per statement).
        let htmlTally = report == nil ? nil : CPUTally()
        var options = try buildOptions(
            links: payeeLinks, htmlTally: htmlTally, letters: try letters.settings(console: console))
        if shard != nil { options.shardSecret = try shardSecret.secret(console: console) }
        var engine: PDFEngine?
        let pdfKinds = try pdf.map(Build.pdfKinds)
        console.error(try idleOptionWarnings())
        if let pdfKinds, only != "finance" {
            let kind = try pdfEngineKind()
            let timeout = TestHooks.pdfTimeout(ProcessInfo.processInfo.environment)
            engine = try console.stopping { try options.printPDFs(of: pdfKinds, engine: kind, timeout: timeout) }
        }
        defer { engine?.close() }
        runReport.threads = RunReport.Threads(
            render: options.workers, writers: options.writerThreads)
        let builder = SiteBuilder(inputs: try console.stopping { try input.buildInputs() }, options: options)
        let built: SiteBuilder.Built
        do {
            built = try builder.build(
                into: target, named: output, message: console.error,
                stage: { name, detail in
                    runReport.finishStage(name)
                    log.stage(detail)
                }, progress: log.progress("Building statements"), imported: { runReport.record($0) })
        } catch let stop as BuildStop {
            if let imported = stop.imported { runReport.record(imported) }
            if let outbox = stop.outbox {
                // The messages written before the outbox failed are delivered: counted, and said.
                runReport.outbox = RunReport.Outbox(outbox)
                if !quiet { console.error(OutboxLines.lines(outbox)) }
            }
            throw console.exit(stop)
        }
        runReport.record(built.imported)
        let site = built.site
        runReport.statements = site.statementsByKind
        runReport.revisions = site.revisions
        runReport.files = RunReport.Files(site.files)
        runReport.payeesRendered = site.payeesRendered
        runReport.payeesReused = site.payeesReused
        if let htmlTally, only != "finance" { runReport.addCPUSeconds(["html": htmlTally.total]) }
        if let writer = site.writerTiming {
            runReport.cpuSeconds?["writers"] = RunReport.seconds(writer.lanes)
            runReport.waitsSeconds = ["writer_queue": RunReport.seconds(writer.waited)]
        }
        if let outbox = built.outbox {
            runReport.outbox = RunReport.Outbox(outbox)
            if !quiet { console.error(OutboxLines.lines(outbox)) }
        }
        if let revoked = options.site.letters?.revoked, let file = letters.revokedLetters {
            // A revocation that names no letter of this site (a typo, another site's letter) is said, never guessed.
            let unknown = revoked.keys.sorted().filter {
                !FileManager.default.fileExists(atPath: target.appendingPathComponent("verify/\($0).html").path)
            }
            console.error(
                unknown.map {
                    "ledgerpress: warning: --revoked-letters \(file): \($0) is no letter this site issued (no verify/\($0).html); nothing was revoked for it"
                })
        }
        if let engine, let pdfKinds {
            let printed = engine.printed
            let statements = pdfKinds.reduce(0) { $0 + (site.statementsByKind[$1.rawValue] ?? 0) }
            let seconds = (printed.seconds * 1000).rounded() / 1000
            runReport.pdf = RunReport.PDFs(
                engine: engine.kind.rawValue, written: printed.documents, letters: printed.letters,
                reused: max(0, statements - printed.documents), seconds: seconds)
            log.stage(
                "pdf: \(printed.documents) printed by \(engine.kind.name), \(max(0, statements - printed.documents)) kept"
                    + (printed.letters > 0 ? ", \(printed.letters) letter(s) printed" : ""))
        }
        log.stage("payees: \(site.payeesRendered) rendered, \(site.payeesReused) carried over unchanged")
        log.stage("publish: \(runReport.files.text)")
        console.say(
            "Built \(site.statementCount) statements for \(site.payeeCount) payees from \(built.imported.entries) entries "
                + "into \(output.hasSuffix("/") ? output : output + "/") (\(site.fileCount) files: \(runReport.files.text); \(site.revisions) statements revised)"
                + (built.imported.shard.map { " as shard \($0.shard) of \($0.payees) payees" } ?? "") + "."
                + Console.carriedText(site))
    }
}

extension RunReport {
    /// What the import found: each input, rows read and rejected, entries and payees built.
    mutating func record(_ imported: SiteBuilder.Imported) {
        inputs = imported.inputs.map { summary, count in
            RunReport.Input(
                name: summary.name, size: summary.size, sha256: summary.sha256, rows: summary.rows,
                accepted: count.accepted, rejected: count.rejected, skipped: count.skippedCount, entries: count.entries,
                newEntries: count.newEntries)
        }
        rowsRead = imported.rowsRead
        rowsRejected = imported.rowsRejected
        entries = imported.entries
        payees = imported.payees
        if let cpu = imported.cpu {
            addCPUSeconds(["import_readers": cpu.readers, "import_ordered": cpu.ordered])
            threads?.importReaders = cpu.readerThreads
        }
        let taken = imported.checkpoint.inputsTaken
        let readOn = imported.checkpoint.readOn
        importCheckpoint =
            taken > 0
            ? ImportCheckpointUse(
                inputsTaken: taken, readOn: readOn?.name, readOnFromLine: readOn?.line,
                entriesDigestsTaken: imported.entriesDigestsTaken) : nil
    }
}
