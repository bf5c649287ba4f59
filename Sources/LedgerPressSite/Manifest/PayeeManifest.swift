import Foundation

/// `payees/<slug>/manifest.json`: the other files of one payee's folder (site paths, with size and SHA-256),
/// the versions of the payee's statements, and the render key of each statement's files.
///
/// > Note: the top-level manifest records this file's size and SHA-256, so the digest chain reaches every
/// > byte of the folder; the folder can be served, checked and carried over to the next run on its own.
struct PayeeManifest: Codable, Sendable {
    /// The key of one statement's three files (``StatementDigest/render(_:record:payee:)``).
    struct Rendered: Codable, Sendable, Equatable {
        var period: String
        var key: String
    }

    var tool = "ledgerpress"
    var formatVersion = Manifest.formatVersion
    var payeeID: String
    /// ``PayeeKey``: what the folder was rendered from.
    var key: String
    /// The folder's files but this one, sorted by path.
    var files: [Manifest.FileEntry]
    /// Every statement with its version, sorted by period label.
    var statements: [StatementRecord]
    /// Sorted by period label; empty for a finance-only build.
    var rendered: [Rendered]

    enum CodingKeys: String, CodingKey {
        case tool, key, files, statements, rendered
        case formatVersion = "format_version"
        case payeeID = "payee_id"
    }

    static func path(slug: String) -> String { "payees/\(slug)/manifest.json" }

    /// The SHA-256 of the statement records as this manifest stores them (the history the next run reads).
    static func statementsDigest(_ records: [StatementRecord]) throws -> String {
        Manifest.sha256(try ManifestJSON.encode(records))
    }
}
