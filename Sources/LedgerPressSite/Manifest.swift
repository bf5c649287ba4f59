import Crypto
import Foundation
import LedgerPressCore

/// `manifest.json`: every other published file with its size and SHA-256, the inputs, the options
/// that shape output, and the control totals. Keys sorted, so the same site gives the same bytes.
struct Manifest: Encodable {
    struct FileEntry: Encodable {
        var path: String
        var size: Int
        var sha256: String
    }

    struct Options: Encodable {
        var periods: [String]
        var ranges: [String]
        var issuer: String?
        var defaultTimeZone: String
        var defaultLocale: String
        var sourceDateEpoch: Int64?

        enum CodingKeys: String, CodingKey {
            case periods, ranges, issuer
            case defaultTimeZone = "default_timezone"
            case defaultLocale = "default_locale"
            case sourceDateEpoch = "source_date_epoch"
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

    init(files: [OutputFile], inputs: [InputSummary], totals: [ControlTotals], options: SiteOptions, statements: [StatementRecord]) {
        self.statements = statements.sorted { ($0.payeeID, $0.period) < ($1.payeeID, $1.period) }
        self.files = files.map { FileEntry(path: $0.path, size: $0.bytes.count, sha256: Manifest.sha256($0.bytes)) }
        self.inputs = inputs
        self.controlTotals = totals
        self.options = Options(
            periods: options.selection.kinds.map(\.rawValue), ranges: options.selection.ranges.map(\.label),
            issuer: options.issuer, defaultTimeZone: options.defaultTimeZone, defaultLocale: options.defaultLocale,
            sourceDateEpoch: options.sourceDateEpoch)
    }

    static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
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
