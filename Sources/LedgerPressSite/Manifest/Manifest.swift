import Foundation
import LedgerPressCore
import LedgerPressCrypto
import LedgerPressRender

/// The top-level `manifest.json` (format 2): the files outside `payees/` with their size and SHA-256, one
/// entry per payee with the size and SHA-256 of the payee's own `payees/<slug>/manifest.json` (which lists that
/// folder's files and the payee's statement versions, see ``PayeeManifest``), the inputs, the options that shape
/// output and the control totals. So a digest chain from this file covers every byte of the site, a payee's
/// folder can be served and checked alone, and no document grows with the number of statements.
/// Keys sorted, so the same site gives the same bytes.
struct Manifest: Codable {
    static let formatVersion = 2

    struct FileEntry: Codable, Sendable, Equatable {
        var path: String
        var size: Int
        var sha256: String

        init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }

        init(_ file: OutputFile) {
            self.init(path: file.path, size: file.bytes.count, sha256: Manifest.sha256(file.bytes))
        }
    }

    /// A payee's folder as the top-level manifest records it.
    struct PayeeEntry: Codable, Sendable, Equatable {
        var id: String
        var slug: String
        /// ``PayeeKey``: what the folder was rendered from (tool, options, templates, profile, entries).
        var key: String
        /// `payees/<slug>/manifest.json`, its size and SHA-256.
        var manifest: FileEntry
        /// Files in the folder, its manifest included, and their total size.
        var files: Int
        var bytes: Int
        /// SHA-256 of the payee manifest's statement records (the history the next run compares with).
        var statementsSHA256: String
        /// Statements this run revised for the payee.
        var revised: Int
        /// The payee's row of the finance summary (with the sizes of their rows in the finance CSVs).
        var finance: FinanceSummary.PayeeRow
        /// The labels of the payee's statements, oldest first.
        var periods: [String]
        /// `--letters`: the SHA-256 of each of the payee's letters with a verify page, oldest first (the last is
        /// current, the others superseded); nil without letters.
        var letters: [String]? = nil
        /// `--letters`: when each of `letters` was issued (its figures' `issued_at`), in the same order: what a
        /// superseded letter's verify page says it was superseded as of. "" for a letter published before these
        /// were recorded; nil without letters.
        var lettersIssued: [String]? = nil

        enum CodingKeys: String, CodingKey {
            case id, slug, key, manifest, files, bytes, revised, finance, periods, letters
            case statementsSHA256 = "statements_sha256"
            case lettersIssued = "letters_issued"
        }

        /// The entry a run publishes for a payee whose folder it carries over: this one, but that run revises none
        /// of their statements, so it has no rows in `finance/revisions.csv` (a manifest that differs from the
        /// published one, so a night after a revision is never an unchanged site).
        var carriedOver: PayeeEntry {
            var entry = self
            entry.revised = 0
            entry.finance.csvBytes[FinancePages.revisionsIndex] = 0
            return entry
        }
    }

    /// The options that shape output: not paths, not `--shard`. Shards of one run must agree on them. Each member
    /// is declared once, in ``OutputOption/all``, which the initializers, the JSON forms and merge's check follow.
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
        /// `--only`: `finance` for a finance-only build; absent for the whole site.
        var only: String?
        /// `hmac-sha256` when payee folders are HMAC tokens (`--link-secret`); absent for readable slugs.
        var payeeFolders: String?
        /// ``PayeeLinks/keyID`` of the link secret (never the secret): shards of one run, and a merge, must agree.
        var linkKeyID: String?
        /// `--day-start` (`04:00`); absent for the default `00:00`.
        var defaultDayStart: String?
        /// `--week-start` (`sunday`); absent for the default Monday.
        var defaultWeekStart: String?
        /// `--letters`: the signing key's id and `--verify-base-url`; absent without letters.
        var letterKeyID: String?
        var letterVerifyBaseURL: String?
        /// `--revoked-letters`: a SHA-256 of the revocations (``LetterSettings``); absent when none.
        var letterRevoked: String?

        /// The options of a run, each as its declaration in ``OutputOption/all`` records it.
        init(_ options: SiteOptions, templates: TemplateSet, mode: SitePipeline.Mode = .site) {
            self.init(periods: [], ranges: [], defaultTimeZone: "", defaultLocale: "", templates: "")
            let source = OutputOption.RunOptions(site: options, templates: templates, mode: mode)
            for option in OutputOption.all { option.record(&self, source) }
        }

        private init(
            periods: [String], ranges: [String], defaultTimeZone: String, defaultLocale: String, templates: String
        ) {
            self.periods = periods
            self.ranges = ranges
            self.defaultTimeZone = defaultTimeZone
            self.defaultLocale = defaultLocale
            self.templates = templates
        }

        /// Read as ``OutputOption/all`` declares the members: one that is not optional must be there.
        init(from decoder: any Decoder) throws {
            self.init(periods: [], ranges: [], defaultTimeZone: "", defaultLocale: "", templates: "")
            let container = try decoder.container(keyedBy: OutputOption.Key.self)
            for option in OutputOption.all {
                let key = OutputOption.Key(option.key)
                switch option.value {
                case .text(let member): self[keyPath: member] = try container.decode(String.self, forKey: key)
                case .optionalText(let member):
                    self[keyPath: member] = try container.decodeIfPresent(String.self, forKey: key)
                case .texts(let member): self[keyPath: member] = try container.decode([String].self, forKey: key)
                case .optionalNumber(let member):
                    self[keyPath: member] = try container.decodeIfPresent(Int64.self, forKey: key)
                }
            }
        }

        /// Written as ``OutputOption/all`` declares the members: an optional one that is nil is left out.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OutputOption.Key.self)
            for option in OutputOption.all {
                let key = OutputOption.Key(option.key)
                switch option.value {
                case .text(let member): try container.encode(self[keyPath: member], forKey: key)
                case .optionalText(let member): try container.encodeIfPresent(self[keyPath: member], forKey: key)
                case .texts(let member): try container.encode(self[keyPath: member], forKey: key)
                case .optionalNumber(let member): try container.encodeIfPresent(self[keyPath: member], forKey: key)
                }
            }
        }

        static func templatesDigest(_ templates: TemplateSet) -> String {
            var text = ""
            for (name, body) in templates.sources { text += name + "\u{0}" + String(body.utf8.count) + "\u{0}" + body }
            return Manifest.sha256(Data(text.utf8))
        }
    }

    var tool = "ledgerpress"
    var formatVersion = Manifest.formatVersion
    /// The files outside `payees/`, sorted by path (UTF-8 bytes).
    var files: [FileEntry]
    /// Sorted by payee id (UTF-8 bytes), the order of their rows in the finance CSVs.
    var payees: [PayeeEntry]
    var inputs: [InputSummary]
    var options: Options
    var controlTotals: [ControlTotals]
    /// The top-level names the publish carried over without writing them (``ForeignFiles``), sorted; nil when none.
    var carried: [String]?

    enum CodingKeys: String, CodingKey {
        case tool, files, inputs, options, payees, carried
        case formatVersion = "format_version"
        case controlTotals = "control_totals"
    }

    init(files: [FileEntry], payees: [PayeeEntry], inputs: [InputSummary], totals: [ControlTotals], options: Options) {
        self.files = files.sorted(byUTF8: \.path)
        self.payees = payees
        self.inputs = inputs
        self.controlTotals = totals
        self.options = options
    }

    static func sha256(_ data: Data) -> String { SHA256.hex(of: data) }

    /// A digest in lower-case hex.
    static func hex(_ digest: some Sequence<UInt8>) -> String { Hex.lowercase(digest) }

    func file(slices: Int = 1) -> OutputFile { OutputFile(path: "manifest.json", bytes: json(slices: slices)) }
}

/// The one JSON form of every manifest the tool writes: keys sorted, indented, slashes unescaped, a final newline.
enum ManifestJSON {
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        var data = try encoder.encode(value)
        data.append(10)
        return data
    }
}

/// SHA-256 in lower-case hex (for inputs and published files).
public enum FileDigest {
    public static func sha256(_ data: Data) -> String { Manifest.sha256(data) }
}
