import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// A site published before (the output folder, or `--previous DIR`), read once: its top-level manifest,
/// and on demand a payee's manifest and their rows of the finance CSVs. Nothing when there is no manifest
/// (a first publish); a manifest that exists but cannot be read is an error naming it
/// (``PreviousManifest/Unreadable``), never a silent reset of the statements' versions.
///
/// > Note: a site of format 1 (one `manifest.json` listing every file and statement) is read too: its
/// > statement records become each payee's history (with legacy fingerprints), so upgrading revises nothing;
/// > nothing of it is carried over without rendering.
final class PreviousSite: Sendable {
    /// The parts of a top-level manifest of either format.
    private struct Stored: Decodable, CursorReadable {
        var tool: String?
        var formatVersion: Int?
        var files: [Manifest.FileEntry]
        var payees: [Manifest.PayeeEntry]?
        var statements: [StatementRecord]?

        enum CodingKeys: String, CodingKey {
            case tool, files, payees, statements
            case formatVersion = "format_version"
        }

        var manifestTool: String? { tool }

        /// The same members read by ``JSONCursor`` (the other members of the manifest are skipped).
        init(json: inout JSONCursor) throws(JSONCursor.Unexpected) {
            var (tool, format, files): (String?, Int?, [Manifest.FileEntry]?) = (nil, nil, nil)
            var (payees, statements): ([Manifest.PayeeEntry]?, [StatementRecord]?) = (nil, nil)
            try json.object { json, name throws(JSONCursor.Unexpected) in
                switch name {
                case "tool": tool = try json.null() ? nil : try json.string()
                case "format_version": format = try json.null() ? nil : try json.int()
                case "files": files = try json.list { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
                case "payees":
                    payees = try json.optionalList { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
                case "statements":
                    statements = try json.optionalList { json throws(JSONCursor.Unexpected) in try .init(json: &json) }
                default: try json.skipValue()
                }
            }
            guard let files else { throw JSONCursor.Unexpected() }
            (self.tool, self.formatVersion, self.files, self.payees, self.statements) = (
                tool, format, files, payees, statements
            )
        }
    }

    let folder: URL
    /// 0 when there is no manifest, else its format.
    let format: Int
    /// When the last publish ended, as the builder recorded it (``PublishRecord``: ns since the epoch), while the
    /// top-level manifest is still the one recorded; `Int64.min` otherwise. A file touched after it may not be as
    /// published, and without a record no file is vouched for by time.
    let published: Int64
    /// Format 2: the files outside `payees/` by path.
    let topFiles: [String: Manifest.FileEntry]
    /// Format 2: the payees' entries by id, and their order (the order of their rows in the finance CSVs).
    let payees: [String: Manifest.PayeeEntry]
    let payeeOrder: [String]
    /// Format 1: every file's SHA-256 by path, and every statement record by payee id.
    private let legacyFiles: [String: [String: String]]
    let legacyRecords: [String: [StatementRecord]]
    /// Where each payee's rows start in each finance CSV (format 2, when the files have the recorded sizes).
    private let financeOffsets: [String: [Int]]

    init(folder: URL) throws(PreviousManifest.Unreadable) {
        self.folder = folder
        let stored = try PreviousManifest.read(Stored.self, in: folder)
        let path = folder.appendingPathComponent("manifest.json").path
        published = PublishRecord.settled(output: folder) ?? Int64.min
        guard let stored else {
            (format, topFiles, payees, payeeOrder, legacyFiles, legacyRecords, financeOffsets) = (
                0, [:], [:], [], [:], [:], [:]
            )
            return
        }
        let format = stored.formatVersion ?? 1
        guard format == 1 || format == Manifest.formatVersion else {
            throw PreviousManifest.Unreadable(
                path: path, reason: "format_version \(format), which this ledgerpress does not know")
        }
        var legacyFiles: [String: [String: String]] = [:]
        var legacyRecords: [String: [StatementRecord]] = [:]
        var topFiles: [String: Manifest.FileEntry] = [:]
        if format == 1 {
            for file in stored.files {
                legacyFiles[PreviousSite.folder(of: file.path), default: [:]][file.path] = file.sha256
            }
            for record in stored.statements ?? [] { legacyRecords[record.payeeID, default: []].append(record) }
        } else {
            for file in stored.files { topFiles[file.path] = file }
        }
        guard format == 1 || stored.payees != nil else {
            throw PreviousManifest.Unreadable(path: path, reason: "no 'payees'")
        }
        let entries = stored.payees ?? []
        var payees: [String: Manifest.PayeeEntry] = [:]
        for entry in entries { payees[entry.id] = entry }
        self.format = format
        self.legacyFiles = legacyFiles
        self.legacyRecords = legacyRecords
        self.topFiles = topFiles
        self.payees = payees
        self.payeeOrder = entries.map(\.id)
        // Rows are taken from the published finance CSVs only while those are as that publish left them.
        let published = self.published
        let intact = FinancePages.csvPaths.allSatisfy { path in
            (SystemFile.touched(folder.appendingPathComponent(path).path) ?? Int64.max) <= published
        }
        self.financeOffsets = intact ? PreviousSite.offsets(entries, topFiles: topFiles) : [:]
    }

    /// Offsets of each payee's rows, when every finance CSV is listed with exactly its header plus the payees' rows.
    private static func offsets(_ entries: [Manifest.PayeeEntry], topFiles: [String: Manifest.FileEntry]) -> [String:
        [Int]]
    {
        var starts = FinancePages.csvHeaders.map { $0.utf8.count + 1 }
        for (column, path) in FinancePages.csvPaths.enumerated() {
            let rows = entries.reduce(0) {
                $0 + ($1.finance.csvBytes.count == starts.count ? $1.finance.csvBytes[column] : -1 << 40)
            }
            guard let file = topFiles[path], file.size == starts[column] + rows else { return [:] }
        }
        var offsets: [String: [Int]] = [:]
        for entry in entries {
            offsets[entry.id] = starts
            for column in starts.indices { starts[column] += entry.finance.csvBytes[column] }
        }
        return offsets
    }

    /// How many statements the site has (none when there is no site).
    var statementCount: Int {
        format == 1
            ? legacyRecords.values.reduce(0) { $0 + $1.count } : payees.values.reduce(0) { $0 + $1.periods.count }
    }

    /// Format 1: the slugs of the payee folders it lists.
    var legacyPayeeFolders: [String] {
        legacyFiles.keys.compactMap { $0.hasPrefix("payees/") ? String($0.dropFirst(7)) : nil }
    }

    /// Format 1: the files of a payee's folder (or of the top level, for slug nil) with their SHA-256.
    func legacyFiles(in slug: String?) -> [String: String] { legacyFiles[slug.map { "payees/\($0)" } ?? ""] ?? [:] }

    private static func folder(of path: String) -> String {
        guard path.hasPrefix("payees/"), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// Whether the site in `output` holds `file` as the last publish left it: a regular file of the recorded size,
    /// not touched since that publish (the rule by which `build` carries a folder over without reading it).
    func holdsUntouched(_ file: Manifest.FileEntry, in output: URL) -> Bool {
        var status = stat()
        guard lstat(output.path + "/" + file.path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) == file.size
            && SystemFile.touched(status) <= published
    }

    /// Whether a payee's rows of the finance CSVs can be taken from this site.
    func hasFinanceRows(of id: String) -> Bool { financeOffsets[id] != nil }

    /// Where a payee's rows are in each finance CSV of this site's files.
    func financeRowRanges(of entry: Manifest.PayeeEntry) throws(SystemError) -> [(offset: Int, count: Int)] {
        guard let starts = financeOffsets[entry.id] else {
            throw SystemError("read the finance rows of \(entry.id) from", folder.path, code: ENOENT)
        }
        return FinancePages.csvPaths.indices.map { (starts[$0], entry.finance.csvBytes[$0]) }
    }

    /// The payee's manifest (format 2) in `payees/<slug>/`, or nil when the site has none there (or `slug` is no
    /// folder name a site may hold: the slug may come from the manifest itself).
    func payeeManifest(slug: String) throws(PreviousManifest.Unreadable) -> PayeeManifest? {
        guard format == Manifest.formatVersion,
            (try? SitePath.check(PayeeManifest.path(slug: slug), payeeSlugs: nil)) != nil
        else { return nil }
        return try PreviousManifest.read(PayeeManifest.self, in: folder.appendingPathComponent("payees/\(slug)"))
    }

    /// The payee's statements as this site published them (in the folder it recorded for them, which another
    /// link secret named differently).
    func history(of id: String) throws(PreviousManifest.Unreadable) -> StatementHistory {
        if format == 1 { return StatementHistory(records: legacyRecords[id] ?? [], legacy: true) }
        guard let entry = payees[id], let manifest = try payeeManifest(slug: entry.slug) else {
            return StatementHistory()
        }
        return StatementHistory(records: manifest.statements)
    }
}
