import Foundation

/// `payees/<slug>/manifest.json`: the other files of one payee's folder (site paths, with size and SHA-256),
/// the versions of the payee's statements, and the render key of each statement's files.
///
/// > Note: the top-level manifest records this file's size and SHA-256, so the digest chain reaches every
/// > byte of the folder; the folder can be served, checked and carried over to the next run on its own.
struct PayeeManifest: Codable, Sendable, Equatable {
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

    /// A digest of the statement records (every field of each, in order): the history the next run compares with.
    static func statementsDigest(_ records: [StatementRecord]) -> String {
        var digest = DigestBuilder("ledgerpress statement records 2")
        digest.int(records.count)
        for record in records {
            for text in [record.payeeID, record.period, record.firstIssuedAsOf, record.fingerprint] {
                digest.text(text)
            }
            digest.int(record.version)
            digest.int(record.figures.count)
            for (currency, figures) in record.figures.sorted(by: { $0.key < $1.key }) {
                let stored = StatementRecord.StoredFigures(figures)
                for text in [currency, stored.netActivity, stored.closingBalance] { digest.text(text) }
            }
            digest.int(record.changes.count)
            for change in record.changes { digest.add(StatementRecord.StoredChange(change)) }
        }
        return digest.finish()
    }
}
