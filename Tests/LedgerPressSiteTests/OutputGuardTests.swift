import Foundation
import LedgerPressSite
import Testing

/// The output guard's rules over resolved paths, and its reading of paths and folders.
@Suite struct OutputGuardTests {
    func rule(
        _ output: String, given: String = "x", inputs: [(String, String)] = [], sideFiles: [(String, String)] = []
    ) -> OutputGuard {
        OutputGuard(
            given: given, output: output, currentFolder: "/work/books", homes: ["/root", "/home/ann"],
            inputs: inputs.map { OutputGuard.Named(role: $0.0, resolved: $0.1) },
            sideFiles: sideFiles.map { OutputGuard.Named(role: $0.0, resolved: $0.1) })
    }

    func refusal(_ guard: OutputGuard) -> String? {
        do {
            try `guard`.checkPaths()
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("/", "it is the root folder"), ("/work/books", "it is the current folder"),
        ("/work", "it holds the current folder"),
        ("/root", "it is a home folder"), ("/home/ann", "it is a home folder"), ("/home/bob", "it is a home folder"),
        ("/home", "it holds a home folder"),
    ])
    func systemFoldersAreRefused(output: String, reason: String) {
        #expect(refusal(rule(output))?.contains(reason) == true, "\(output)")
    }

    @Test func ordinaryFoldersPass() {
        for output in ["/work/books/site", "/home/ann/site", "/root/sites/a", "/srv/www"] {
            #expect(refusal(rule(output)) == nil, "\(output)")
        }
    }

    @Test func emptyTextIsRefused() {
        #expect(
            refusal(rule("/work/books", given: ""))?.contains("--output: expected a folder, got empty text") == true)
    }

    @Test func theOutputMayNotHoldOrSitInsideAnInput() {
        #expect(
            refusal(rule("/data", inputs: [("input file", "/data/ledger.csv")]))?.contains(
                "it holds the input file /data/ledger.csv") == true)
        #expect(refusal(rule("/data/ledger.csv", inputs: [("input file", "/data/ledger.csv")])) != nil)
        #expect(
            refusal(rule("/s/0/site", inputs: [("shard folder", "/s/0")]))?.contains(
                "it is inside the shard folder /s/0") == true)
        #expect(
            refusal(rule("/srv/site", inputs: [("templates folder", "/srv/site/tpl")]))?.contains("templates folder")
                == true)
        #expect(refusal(rule("/srv/site", inputs: [("input file", "/srv/site-ledger.csv")])) == nil)
    }

    @Test func sideFilesMayNotNameAnInputTheOutputOrItsSiblings() {
        let inputs = [("payees file", "/data/payees.csv")]
        for (file, reason) in [
            ("/data/payees.csv", "it is the payees file"), ("/srv/site/run.json", "inside the output folder"),
            ("/srv/site", "inside the output folder"), ("/srv/site.staging/run.json", "/srv/site.staging"),
            ("/srv/.site.lock", "/srv/.site.lock"),
        ] {
            let text = refusal(rule("/srv/site", inputs: inputs, sideFiles: [("--report", file)]))
            #expect(text?.contains("--report: refusing to write this file: ") == true, "\(file): \(text ?? "nil")")
            #expect(text?.contains(reason) == true, "\(file): \(text ?? "nil")")
        }
        let both = rule("/srv/site", sideFiles: [("--report", "/tmp/x"), ("--reject-file", "/tmp/x")])
        #expect(refusal(both)?.contains("--reject-file: refusing to write this file: --report names it too") == true)
        #expect(refusal(rule("/srv/site", sideFiles: [("--report", "/srv/run.json")])) == nil)
    }

    @Test func contentsDecideForAnExistingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-guard-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(OutputGuard.contents(of: folder.path) == .missing)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(OutputGuard.contents(of: folder.path) == .empty)
        try Data("{\"tool\" : \"ledgerpress\", \"format_version\" : 1}".utf8).write(
            to: folder.appendingPathComponent("manifest.json"))
        #expect(OutputGuard.contents(of: folder.path) == .site)
        try Data("{\"tool\" : \"webpack\"}".utf8).write(to: folder.appendingPathComponent("manifest.json"))
        guard case .foreign(let sample, let count, let manifest) = OutputGuard.contents(of: folder.path) else {
            Issue.record("a manifest of another tool is a foreign folder")
            return
        }
        #expect(sample == ["manifest.json"])
        #expect(count == 1)
        #expect(manifest?.contains("without \"tool\" : \"ledgerpress\"") == true)
        #expect(OutputGuard.contents(of: folder.appendingPathComponent("manifest.json").path) == .notAFolder)
    }

    /// `make demo` on a fresh clone publishes into `output/`, which git keeps with an empty `.gitkeep`.
    @Test func aFolderHoldingOnlyAnEmptyGitkeepCountsAsEmpty() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-guard-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let keep = folder.appendingPathComponent(".gitkeep")
        try Data().write(to: keep)
        #expect(OutputGuard.contents(of: folder.path) == .empty)
        try Data("my notes".utf8).write(to: keep)
        guard case .foreign(let sample, _, _) = OutputGuard.contents(of: folder.path) else {
            Issue.record("a .gitkeep holding data is a user's file")
            return
        }
        #expect(sample == [".gitkeep"])
        try Data().write(to: keep)
        try Data().write(to: folder.appendingPathComponent("thesis.tex"))
        guard case .foreign = OutputGuard.contents(of: folder.path) else {
            Issue.record("a .gitkeep beside other files does not make the folder empty")
            return
        }
    }

    @Test func pathsResolveSymlinksAndDotDotEvenWherePartsAreMissing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-guard-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link").path, withDestinationPath: "real")
        let base = OutputGuard.resolved(folder.path, in: "/")
        #expect(OutputGuard.resolved("link/new/../site", in: folder.path) == base + "/real/site")
        #expect(OutputGuard.resolved("./link/..", in: folder.path) == base)
        #expect(OutputGuard.resolved(".", in: base + "/real") == base + "/real")
        #expect(OutputGuard.resolved("/../..", in: "/x") == "/")
    }
}
