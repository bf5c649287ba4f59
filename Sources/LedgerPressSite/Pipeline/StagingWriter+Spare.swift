import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The paths a publish wrote or removed in staging, up to ``SpareSite/maximumDifferences`` of them: where
/// the new site differs from the old one, which becomes the spare.
struct DifferenceLog {
    private var list: [SpareSite.Difference] = []
    private var overflowed = false

    mutating func record(_ difference: SpareSite.Difference) {
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
    var differences: [SpareSite.Difference]? { overflowed ? nil : list }
}

extension StagingWriter {
    /// The paths where the new site differs from the published one (written, replaced or removed), once
    /// ``finish()`` has returned; nil when there were more than ``SpareSite/maximumDifferences``.
    var differences: [SpareSite.Difference]? { log.differences }

    /// Creates a file in staging after ``finish()`` (the top-level manifest), replacing the staged one.
    func place(_ path: String, bytes: Data) throws(SystemError) {
        try clear(path)
        try SystemFile.create(staging + "/" + path, bytes: bytes)
    }

    /// Notes a staged file that was replaced after ``finish()`` by other means (a link to the published one).
    func replaced(_ path: String) { log.record(.file(path)) }

    /// Records a path about to be written; when staging mirrors the published site, removes the staged file
    /// first (it is the published file's inode: never written in place).
    func clear(_ path: String) throws(SystemError) {
        log.record(.file(path))
        guard mirrorsPublished else { return }
        let target = staging + "/" + path
        if unlink(target) != 0, errno != ENOENT { throw SystemError("replace", target) }
    }

    /// Removes from staging each entry of the published `folder` not named in `names`, and records it.
    func prune(_ folder: String, keeping names: Set<String>) {
        let prefix = folder.isEmpty ? "" : folder + "/"
        for entry in SystemFile.listNames(published + "/" + folder) ?? [] where !names.contains(entry.name) {
            let path = prefix + entry.name
            if entry.isFolder {
                log.record(.folder(path))
                SystemFile.removeTree(staging + "/" + path)
            } else {
                log.record(.file(path))
                if unlink(staging + "/" + path) != 0, errno != ENOENT { SystemFile.removeTree(staging + "/" + path) }
            }
        }
    }
}
