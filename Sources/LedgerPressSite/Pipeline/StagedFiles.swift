import Foundation

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

    /// Links a published file that is known to be unchanged.
    mutating func keep(_ path: String) {
        operations.append(.link(path))
        report.unchanged += 1
    }
}
