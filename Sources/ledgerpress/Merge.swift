import ArgumentParser
import Foundation
import LedgerPressEngine

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the outputs of `build --shard I/N` (I = 0..<N) into one site and publish it atomically.",
        discussion: """
            Checks that the shards are complete and disjoint, were built from the same inputs, options and \
            templates, and that every file is as their manifests say; then writes the site a single run would \
            have built, byte for byte. A shard is exactly what its manifest says: a path outside its payees' \
            folders and the known top-level files, a symbolic link, a device or a file its manifest does not list \
            is refused. With --shard-secret, every shard must carry the seal its build made with that secret; \
            without it, shards are trusted input. Any problem exits non-zero with nothing published: 64 for sealed \
            shards without the secret, 65 for incomplete, mismatched, unsealed or unsafe shards, 66 for a missing shard folder, 73 when the output cannot be written, 75 when \
            another run holds the output.
            """)

    @Argument(help: "The shards' output folders, in any order.")
    var shards: [String]

    @OptionGroup var publishing: PublishOptions
    @OptionGroup var links: LinkOptions
    @OptionGroup var shardSecret: ShardSecretOptions
    var output: String { publishing.output }
    var report: String? { publishing.report }
    var quiet: Bool { publishing.quiet }

    @Option(help: "The same --templates folder the shards were built with, if any.")
    var templates: String?

    func run() throws {
        var inputs = shards.map { ("shard folder", $0) }
        if let templates { inputs.append(("templates folder", templates)) }
        inputs += try links.guardedInputs()
        inputs += try shardSecret.guardedInputs()
        try Console(quietStdout: report == "-", silent: quiet).guarded(output, inputs: inputs, report: report, merge)
    }

    func merge(_ runReport: inout RunReport, into target: URL) throws {
        let console = Console(quietStdout: report == "-", silent: quiet)
        let run = try console.stopping {
            try Engine.MergeRun(into: target, named: output, templates: templates, message: console.error)
        }
        defer { withExtendedLifetime(run) {} }
        let payeeLinks = try links.links(console: console)
        let secret = try shardSecret.secret(console: console)
        let merged: Engine.Merged
        do {
            merged = try console.stopping { try run.merge(shards, links: payeeLinks, shardSecret: secret) }
        } catch let error as Engine.MergeFailure {
            console.error(["\(error)", "ledgerpress: nothing was written to \(output)"])
            if case .missing = error { throw Exit.noInput }
            if case .usage = error { throw Exit.usage }
            throw Exit.dataError
        }
        runReport.inputs = merged.inputs.map {
            RunReport.Input(name: $0.name, size: $0.size, sha256: $0.sha256, rows: $0.rows)
        }
        runReport.entries = merged.entryCount
        runReport.payees = merged.payeeCount
        runReport.statements = merged.statementsByKind
        runReport.finishStage("merge")
        runReport.files = RunReport.Files(merged.outcome.files)
        console.say(
            "Merged \(merged.shardCount) shards: \(merged.statementCount) statements for \(merged.payeeCount) payees from "
                + "\(merged.entryCount) entries into \(output.hasSuffix("/") ? output : output + "/") (\(merged.outcome.fileCount) files: \(runReport.files.text))."
        )
    }
}
