import Crypto
import Foundation
import LedgerPressCore
import LedgerPressRender

/// `manifest.json`: every other published file with its size and SHA-256, the inputs, the options
/// that shape output, and the control totals. Keys sorted, so the same site gives the same bytes.
struct Manifest: Codable {
    struct FileEntry: Codable {
        var path: String
        var size: Int
        var sha256: String
    }

    /// The options that shape output: not paths, not `--shard`. Shards of one run must agree on them.
    struct Options: Codable, Equatable {
        var periods: [String]
        var ranges: [String]
        var issuer: String?
        var defaultTimeZone: String
        var defaultLocale: String
        var sourceDateEpoch: Int64?
        var asOf: String?
        /// SHA-256 over the template files (name and text of each, in name order).
        var templates: String

        enum CodingKeys: String, CodingKey {
            case periods, ranges, issuer, templates
            case defaultTimeZone = "default_timezone"
            case defaultLocale = "default_locale"
            case sourceDateEpoch = "source_date_epoch"
            case asOf = "as_of"
        }

        init(_ options: SiteOptions, templates: TemplateSet) {
            periods = options.selection.kinds.map(\.rawValue)
            ranges = options.selection.ranges.map(\.label)
            issuer = options.issuer
            defaultTimeZone = options.defaultTimeZone
            defaultLocale = options.defaultLocale
            sourceDateEpoch = options.sourceDateEpoch
            asOf = options.asOf
            self.templates = Options.templatesDigest(templates)
        }

        static func templatesDigest(_ templates: TemplateSet) -> String {
            var text = ""
            for (name, body) in templates.sources { text += name + "\u{0}" + String(body.utf8.count) + "\u{0}" + body }
            return Manifest.sha256(Data(text.utf8))
        }
    }

    var tool = "ledgerpress"
    var formatVersion = 1
    var files: [FileEntry]
    var inputs: [InputSummary]
    var options: Options
    var controlTotals: [ControlTotals]
    /// Every statement with its version (revisions are counted from the previous manifest).
    var statements: [StatementRecord]

    enum CodingKeys: String, CodingKey {
        case tool, files, inputs, options, statements
        case formatVersion = "format_version"
        case controlTotals = "control_totals"
    }

    init(files: [OutputFile], inputs: [InputSummary], totals: [ControlTotals], options: Options, statements: [StatementRecord]) {
        self.statements = statements.sorted { ($0.payeeID, $0.period) < ($1.payeeID, $1.period) }
        self.files = files.map { FileEntry(path: $0.path, size: $0.bytes.count, sha256: Manifest.sha256($0.bytes)) }
        self.inputs = inputs
        self.controlTotals = totals
        self.options = options
    }

    static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// A digest in lower-case hex.
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
    }

    /// The site's files, sorted by path, with the manifest of the others added. Every path must be a
    /// ``SitePath`` of the site's payees (`payeeSlugs`): a file elsewhere is a bug, never published.
    static func publishing(
        _ files: [OutputFile], inputs: [InputSummary], totals: [ControlTotals], options: Options, statements: [StatementRecord],
        payeeSlugs: Set<String>
    ) throws -> [OutputFile] {
        for file in files {
            do {
                try SitePath.check(file.path, payeeSlugs: payeeSlugs)
            } catch {
                throw ManifestError.notASitePath(SitePath.quoted(file.path), error)
            }
        }
        var files = files
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        files.append(try Manifest(files: files, inputs: inputs, totals: totals, options: options, statements: statements).file())
        files.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return files
    }

    /// Reads a published `manifest.json`.
    static func read(from directory: URL) throws -> Manifest {
        let url = directory.appendingPathComponent("manifest.json")
        guard let data = FileManager.default.contents(atPath: url.path) else { throw ManifestError.missing(url.path) }
        do {
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw ManifestError.unreadable(url.path, "\(error)")
        }
    }

    func file() throws -> OutputFile {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(10)
        return OutputFile(path: "manifest.json", bytes: data)
    }
}

/// SHA-256 in lower-case hex (for inputs and published files).
public enum FileDigest {
    public static func sha256(_ data: Data) -> String { Manifest.sha256(data) }
}

enum ManifestError: Error, CustomStringConvertible {
    case missing(String)
    case unreadable(String, String)
    case notASitePath(String, SitePath.Violation)

    var description: String {
        switch self {
        case .missing(let path): return "\(path): error: expected a ledgerpress manifest, got no file"
        case .unreadable(let path, let reason): return "\(path): error: expected a ledgerpress manifest, got \(reason)"
        case .notASitePath(let path, let violation): return "\(path): error: expected a path the site may hold, got \(violation)"
        }
    }
}
