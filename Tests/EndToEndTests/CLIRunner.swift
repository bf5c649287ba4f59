import Foundation
import LedgerPressTestSupport
import Testing

/// Runs the built `ledgerpress` binary in a fresh temporary folder, removed when the runner goes.
final class CLIRunner {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The binary under test: this checkout's debug build, or `LEDGERPRESS_E2E_BINARY` (to run the tests against
    /// another build, e.g. the release before a fix, and see which of them fail there).
    static let binary =
        ProcessInfo.processInfo.environment["LEDGERPRESS_E2E_BINARY"].map { URL(fileURLWithPath: $0) }
        ?? repository.appendingPathComponent(".build/debug/ledgerpress")

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-e2e-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SOURCE_DATE_EPOCH")
        for (key, value) in environment { env[key] = value }
        let result = try ChildProcess.run(Self.binary, arguments, directory: directory, environment: env)
        return Outcome(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(relative))
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Every file under a folder, by relative path, with its bytes.
    func tree(_ relative: String) throws -> [String: Data] {
        FolderTree.files(under: directory.appendingPathComponent(relative))
    }

    static func example(_ name: String) -> String { repository.appendingPathComponent("Examples/" + name).path }
    static func fixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/EndToEndTests/Fixtures/" + name).path
    }
}

extension CLIRunner {
    /// Rewrites the file list of the manifest in `folder`, keeping its form (sorted keys, pretty, slashes
    /// unescaped), as a tamperer who re-hashes would.
    func rewriteManifest(in folder: String, _ change: (inout [[String: Any]]) throws -> Void) throws {
        let url = URL(fileURLWithPath: path(folder + "/manifest.json"))
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var files = try #require(manifest["files"] as? [[String: Any]])
        try change(&files)
        manifest["files"] = files
        try JSONSerialization.data(
            withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        ).write(to: url)
    }
}

/// Golden files: compared byte for byte. `LEDGERPRESS_RECORD=1 swift test` rewrites them (review the diff!).
enum Golden {
    static let folder = CLIRunner.repository.appendingPathComponent("Tests/EndToEndTests/Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LEDGERPRESS_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        if expected != actual {
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(e, a)).firstIndex { $0.0 != $0.1 } ?? min(e.count, a.count)
            let want = line < e.count ? String(e[line]) : "<end of file>"
            let got = line < a.count ? String(a[line]) : "<end of file>"
            Issue.record(
                "\(name) differs at line \(line + 1):\n  golden: \(want)\n  actual: \(got)",
                sourceLocation: sourceLocation)
        }
    }
}

extension CLIRunner {
    /// The staging folders of `output` beside it (`<output>.staging-<pid>`, or the older `<output>.staging`).
    func stagingFolders(_ output: String) -> [String] {
        let url = directory.appendingPathComponent(output)
        let name = url.lastPathComponent + ".staging"
        let siblings =
            (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        return siblings.filter { $0 == name || $0.hasPrefix(name + "-") }.sorted()
    }
}
