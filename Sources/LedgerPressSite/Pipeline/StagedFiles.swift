import Foundation
import LedgerPressPublish

/// The writer operations of one part of a new site (a payee's folder, the top-level files), each file either
/// linked from the published site, when its bytes there are the new bytes, or written anew; with the count
/// of what that changes.
struct StagedFiles {
    let published: URL
    var operations: [StagingWriter.Operation] = []
    var report = SiteWriter.Report()

    init(published: URL) {
        self.published = published
    }

    /// Stages `file`, which the published site had with SHA-256 `old` (nil: it had no such file).
    @discardableResult
    mutating func stage(_ file: OutputFile, old: String?) -> Manifest.FileEntry {
        let entry = Manifest.FileEntry(file)
        if old == entry.sha256, SystemFile.holds(published.path + "/" + file.path, bytes: file.bytes) {
            operations.append(.link(file.path))
            report.unchanged += 1
        } else {
            operations.append(.file(file.path, file.bytes))
            if old == nil { report.added += 1 } else { report.changed += 1 }
        }
        return entry
    }

    /// Drops from staging whatever the published site holds in `folder` (a site path, "" for the top) and in
    /// its subfolders but the site paths `kept` and their folders: files the new site no longer has, and
    /// anything put there by hand. Queued before the files themselves. `listed`: `folder`'s files and their inodes
    /// as the caller listed the published folder whole, when it did.
    mutating func prune(_ folder: String, keeping kept: [String], listed: [String: UInt64]? = nil) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var names: [String: Set<String>] = [folder: []]
        // Split at `/` bytes, as ``SitePath/components(_:)`` does (not by Characters).
        let prefixLength = prefix.utf8.count
        for path in kept where path.utf8.starts(with: prefix.utf8) {
            var parent = folder
            for part in path.utf8.dropFirst(prefixLength).split(separator: UInt8(ascii: "/")) {
                let name = String(Substring(part))
                names[parent, default: []].insert(name)
                parent = parent.isEmpty ? name : parent + "/" + name
            }
        }
        let folders = names.keys.sorted { $0.utf8Precedes($1) }
        operations.insert(
            contentsOf: folders.map {
                StagingWriter.Operation.prune($0, keeping: names[$0] ?? [], published: $0 == folder ? listed : nil)
            }, at: 0)
    }

    /// `merge`: stages a shard's file that its manifest vouches for without reading it: linked from the published
    /// site when that has the same SHA-256 and its file is as the last publish left it (`publishedIntact`), else
    /// taken from the shard (``StagingWriter/Operation/adopt(_:source:listed:sha256:)``).
    mutating func adopt(
        _ entry: Manifest.FileEntry, source: String, listed: ShardFolder.FileStatus, old: String?, publishedIntact: Bool
    ) {
        if old == entry.sha256, publishedIntact {
            keep(entry.path)
            return
        }
        operations.append(.adopt(entry.path, source: source, listed: listed, sha256: entry.sha256))
        // Counted by bytes: the published digest and the shard's are both vouched for by their manifests.
        if old == nil {
            report.added += 1
        } else if old == entry.sha256 {
            report.unchanged += 1
        } else {
            report.changed += 1
        }
    }

    /// Links a published file that is known to be unchanged.
    mutating func keep(_ path: String) {
        operations.append(.link(path))
        report.unchanged += 1
    }
}
