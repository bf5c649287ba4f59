import Foundation
import LedgerPressCore
import LedgerPressEngine
import LedgerPressImport
import LedgerPressRender
import LedgerPressSite
import LedgerPressTestSupport

/// The repository's example ledger and templates, and a scratch folder for in-process builds.
final class EngineFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let templates = repository.appendingPathComponent("Templates").path
    static let golden = repository.appendingPathComponent("Tests/EndToEndTests/Golden")

    static func example(_ name: String) -> String { repository.appendingPathComponent("Examples/" + name).path }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledgerpress-engine-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func url(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    /// The example ledger and payees file, as `make demo` builds them.
    static func exampleInputs(sources: [any LedgerSource]? = nil) -> BuildInputs {
        BuildInputs(
            sources: sources ?? [FileSource(path: example("example-ledger.csv"))],
            payees: FileSource(path: example("example-payees.csv")))
    }

    /// `make demo`'s options: the issuer and the first half of October as a range.
    static func exampleOptions(_ change: (inout BuildOptions) -> Void = { _ in }) -> BuildOptions {
        var site = SiteOptions(issuer: "Example Rides & Market")
        site.selection.ranges = [PeriodSelection.parseRange("2026-10-01..2026-10-15")].compactMap { $0 }
        var options = BuildOptions(site: site, defaultTemplates: templates, workers: 2)
        change(&options)
        return options
    }

    /// Every file under a folder, by relative path, with its bytes.
    func tree(_ relative: String) -> [String: Data] { FolderTree.files(under: url(relative)) }
}
