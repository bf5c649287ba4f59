import Foundation
import LedgerPressPublish

/// Files in the published site that no manifest of it lists: ledgerpress did not write them.
///
/// - At the top of the output (a `.git`, a `CNAME`, a `.nojekyll`: a site published from a git checkout) they
///   are the user's: each new site gets them as they are (hard links, folders made again, symbolic links
///   copied as links: ``StagingWriter/carry(_:from:to:)``), and the run says how many it carried over. They are never deleted.
/// - Inside ledgerpress's own folders (`payees/`, a payee's folder, `finance/`, `assets/`) the next site would
///   drop them, so the run refuses (73) naming them, unless `--adopt` lets ledgerpress take them over and
///   remove them (counted as removed).
enum ForeignFiles {
    /// The names at the top of a site that are ledgerpress's: the first component of every top-level site path.
    static let ownedTopNames: Set<String> = Set(
        SitePath.topLevelFiles.map { String($0.split(separator: "/", maxSplits: 1).first ?? "") }
    ).union([LetterFiles.verifyFolder, LetterFiles.shortFolder, LetterFiles.keysFolder, ShardSeal.name])

    /// The top-level entries of `output` that are not ledgerpress's, sorted by their UTF-8 bytes.
    static func topLevel(of output: String) -> [String] {
        (SystemFile.listNames(output) ?? []).map(\.name).filter { !ownedTopNames.contains($0) }
            .sorted { $0.utf8Precedes($1) }
    }

    /// The entries of the site folder `folder` (a site path) that are not among `expected` names, as site paths.
    static func unlisted(in output: String, folder: String, expected: Set<String>) -> [String] {
        unlisted(
            (SystemFile.listNames(output + "/" + folder) ?? []).map { ($0.name, $0.isFolder) }, in: folder,
            expected: expected)
    }

    /// The `entries` (names in the site folder `folder`, and whether each is a folder) not among `expected`, as site
    /// paths sorted by their UTF-8 bytes.
    static func unlisted(_ entries: [(name: String, isFolder: Bool)], in folder: String, expected: Set<String>)
        -> [String]
    {
        entries.compactMap { entry in
            expected.contains(entry.name) ? nil : folder + "/" + entry.name + (entry.isFolder ? "/" : "")
        }.sorted { $0.utf8Precedes($1) }
    }

    /// The names a payee's folder holds as its manifest lists them: its files and the manifest itself.
    static func listedNames(_ manifest: PayeeManifest?) -> Set<String> {
        var names: Set<String> = ["manifest.json"]
        for file in manifest?.files ?? [] {
            // What follows the last `/` (the whole path when there is none).
            let path = file.path
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            names.insert(String(path[(slash.map { path.utf8.index(after: $0) } ?? path.startIndex)...]))
        }
        return names
    }

    /// The refusal of a run that would remove `paths` (site paths that no manifest lists).
    static func refusal(_ paths: [String], output: String) -> SiteWriter.Failure {
        let shown = paths.prefix(5).map { SitePath.quoted($0) }.joined(separator: ", ")
        let more = paths.count > 5 ? " and \(paths.count - 5) more" : ""
        return .refused(
            OutputGuard.Refusal(
                description:
                    "\(output): error: refusing to publish: \(shown)\(more) \(paths.count == 1 ? "is" : "are") in "
                    + "ledgerpress's own folders but no manifest lists \(paths.count == 1 ? "it" : "them"), and the new "
                    + "site would not have \(paths.count == 1 ? "it" : "them"); move \(paths.count == 1 ? "it" : "them") "
                    + "out of the site, or pass --adopt to let ledgerpress remove \(paths.count == 1 ? "it" : "them"); "
                    + "nothing was published"))
    }
}
