import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The paths a publish wrote or removed in staging, up to ``SpareSite/maximumDifferences`` of them: where
/// the new site differs from the old one, which becomes the spare.
package struct DifferenceLog {
    private var list: [SpareSite.Difference] = []
    private var overflowed = false

    package mutating func record(_ difference: SpareSite.Difference) {
        guard !overflowed else { return }
        switch difference {
        case .file(let path), .folder(let path):
            // A name with a line break (put in the output by hand) cannot be a line of the marker: keep no spare.
            guard !path.utf8.contains(10) else { return giveUp() }
        }
        list.append(difference)
        if list.count > SpareSite.maximumDifferences { giveUp() }
    }

    /// No spare will be kept: forget the list.
    private mutating func giveUp() {
        overflowed = true
        list = []
    }

    /// The differences, or nil when there were too many to keep the spare.
    package var differences: [SpareSite.Difference]? { overflowed ? nil : list }
}

/// The paths a run wrote into staging, which ``StagingWriter/verifyMirror(_:keeping:published:)`` keeps though
/// they are not the published inodes. By folder, each name once: a file name of up to 15 bytes (every name
/// ledgerpress gives a statement) is held inside its `String`, so a path costs its set slot, not a heap block
/// of its own (at 1M entries a set of whole paths was 200 MB, most of the build's peak).
package struct WrittenPaths {
    private var names: [String: Set<String>] = [:]

    package mutating func insert(_ path: String) {
        let (folder, name) = WrittenPaths.split(path)
        names[folder, default: []].insert(name)
    }

    package func contains(_ path: String) -> Bool {
        let (folder, name) = WrittenPaths.split(path)
        return names[folder]?.contains(name) ?? false
    }

    /// The folder (`""` at the top) and the name, as strings of their own (not substrings of the path).
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
    }
}

extension StagingWriter {
    /// The paths where the new site differs from the published one (written, replaced or removed), once
    /// ``finish()`` has returned; nil when there were more than ``SpareSite/maximumDifferences``.
    package var differences: [SpareSite.Difference]? { shared.withLock { $0.log.differences } }

    /// Notes where the new site differs from the published one.
    package func record(_ difference: SpareSite.Difference) { shared.withLock { $0.log.record(difference) } }

    /// Whether this run wrote `path` into staging (asked only when staging mirrors the published site).
    package func wrote(_ path: String) -> Bool { shared.withLock { $0.written.contains(path) } }

    /// Creates a file in staging after ``finish()`` (the top-level manifest), replacing the staged one.
    package func place(_ path: String, bytes: Data) throws(SystemError) {
        try clear(path)
        try SystemFile.create(staging + "/" + path, bytes: bytes)
    }

    /// Notes a staged file that was replaced after ``finish()`` by other means (a link to the published one).
    package func replaced(_ path: String) { record(.file(path)) }

    /// Puts the published file at `path` (in the published folder `output`) in staging in place of the staged one
    /// (which has the same digest), so an unchanged file keeps its inode and mtime; false when the published file
    /// is not a plain file of that size, or was touched after `settled` (the last publish's end: its bytes are then
    /// not known to be the ones the old manifest records).
    package func keepPublished(_ path: String, from output: String, size: Int?, settled: Int64) throws(SystemError)
        -> Bool
    {
        let published = output + "/" + path
        var status = stat()
        guard lstat(published, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            size.map({ Int(status.st_size) == $0 }) ?? true, SystemFile.touched(status) <= settled
        else {
            return false
        }
        let staged = staging + "/" + path
        if unlink(staged) != 0 && errno != ENOENT { throw SystemError("replace", staged) }
        guard link(published, staged) == 0 else { throw SystemError("link the unchanged", published) }
        replaced(path)
        return true
    }

    /// Records a path about to be written; when staging mirrors the published site, removes the staged file
    /// first (it is the published file's inode: never written in place).
    package func clear(_ path: String) throws(SystemError) {
        shared.withLock { shared in
            shared.log.record(.file(path))
            if mirrorsPublished { shared.written.insert(path) }
        }
        guard mirrorsPublished else { return }
        let target = staging + "/" + path
        if unlink(target) != 0, errno != ENOENT { throw SystemError("replace", target) }
    }

    /// Removes from staging each entry of the published `folder` not named in `names`, and records it.
    ///
    /// When staging started from the spare, the staged folder itself is checked against the published one,
    /// since the spare sits beside the output where anyone can change it: an entry not named in `names` goes,
    /// and a kept file must be the published file (the same inode) or one this run wrote; any other is replaced
    /// by a link to the published file (or removed when there is none). So only bytes the run decided, or the
    /// published bytes the manifest records, are ever swapped in. `published`: the published folder's files by
    /// inode, when the caller listed them (else the folder is listed here).
    package func prune(_ folder: String, keeping names: Set<String>, published listed: [String: UInt64]? = nil)
        throws(SystemError)
    {
        if mirrorsPublished {
            return try verifyMirror(
                folder, keeping: names, published: listed?.mapValues { (inode: $0, kind: SystemFile.EntryKind.file) })
        }
        let prefix = folder.isEmpty ? "" : folder + "/"
        for entry in SystemFile.listNames(published + "/" + folder) ?? [] where !names.contains(entry.name) {
            let path = prefix + entry.name
            if entry.isFolder {
                record(.folder(path))
                SystemFile.removeTree(staging + "/" + path)
            } else {
                record(.file(path))
                if unlink(staging + "/" + path) != 0, errno != ENOENT { SystemFile.removeTree(staging + "/" + path) }
            }
        }
    }
}

extension StagingWriter {
    /// ``prune(_:keeping:)`` for staging that started from the spare: the staged folder made exactly the
    /// published one but for the names not kept and the files this run wrote.
    /// `published`: the published folder's entries when the caller has them (else it is listed here).
    package func verifyMirror(
        _ folder: String, keeping names: Set<String>,
        published listed: [String: (inode: UInt64, kind: SystemFile.EntryKind)]? = nil
    ) throws(SystemError) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        let published = listed ?? SystemFile.listInodes(self.published + "/" + folder) ?? [:]
        let staged = SystemFile.listInodes(staging + "/" + folder) ?? [:]
        for (name, entry) in staged {
            guard names.contains(name) else {
                let path = prefix + name
                record(entry.kind == .folder ? .folder(path) : .file(path))
                let target = staging + "/" + path
                if unlink(target) != 0 { SystemFile.removeTree(target) }
                continue
            }
            // The published file (the common case, asked first: it needs neither a path nor the writer's lock).
            if entry.kind == .folder { continue }
            if let original = published[name], original.kind == .file, original.inode == entry.inode { continue }
            let path = prefix + name
            if wrote(path) { continue }
            let target = staging + "/" + path
            // Not the published file: its bytes were not decided by any run.
            record(.file(path))
            if unlink(target) != 0 { SystemFile.removeTree(target) }
            if let original = published[name], original.kind == .file, path != "manifest.json" {
                guard link(self.published + "/" + path, target) == 0 else {
                    throw SystemError("link the unchanged", self.published + "/" + path)
                }
            }
        }
        // Kept names the spare lacks: linked from the published site, where it has them as files.
        for name in names where staged[name] == nil {
            guard let original = published[name], original.kind == .file, !wrote(prefix + name),
                prefix + name != "manifest.json"
            else {
                continue
            }
            record(.file(prefix + name))
            guard link(self.published + "/" + prefix + name, staging + "/" + prefix + name) == 0 else {
                throw SystemError("link the unchanged", self.published + "/" + prefix + name)
            }
        }
    }
}
