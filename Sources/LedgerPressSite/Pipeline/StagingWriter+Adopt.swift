import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// `merge`: a shard's files taken into staging without reading them (``StagingWriter/Operation/adopt(_:source:listed:sha256:)``).
extension StagingWriter {
    /// A run of ``Operation/adopt(_:source:listed:sha256:)`` of one shard folder into one staging folder (`folder`,
    /// a site path): both opened once, each file linked by name (`linkat`, which never follows a link) and checked
    /// by `fstatat` to be the inode the shard's listing saw. A file on another file system is copied once its bytes
    /// are the manifest's.
    func adopt(_ run: ArraySlice<Operation>, folder: Substring, from source: Substring) throws(SystemError) {
        guard case .adopt(let first, _, _, _) = run[run.startIndex] else { return }
        _ = try prepare(first)
        let from = open(String(source), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard from >= 0 else { throw SystemError("open the shard's folder", String(source)) }
        defer { close(from) }
        let targetPath = folder.isEmpty ? staging : staging + "/" + folder
        let into = open(targetPath, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard into >= 0 else { throw SystemError("open the staging folder", targetPath) }
        defer { close(into) }
        for case .adopt(let path, let sourcePath, let listed, let sha256) in run {
            let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
            let name = String(slash.map { path[path.index(after: $0)...] } ?? path[...])
            try clear(path)
            if linkat(from, name, into, name, 0) == 0 {
                var status = stat()
                guard fstatat(into, name, &status, AT_SYMLINK_NOFOLLOW) == 0, StagingWriter.isListed(status, listed)
                else {
                    unlinkat(into, name, 0)
                    throw SystemError(
                        "merge the shard's file (it was replaced while merging)", sourcePath, code: ESTALE)
                }
            } else {
                guard errno == EXDEV || errno == EPERM || errno == EMLINK else {
                    throw SystemError("link the shard's", sourcePath)
                }
                try copy(sourcePath, to: staging + "/" + path, listed: listed, sha256: sha256)
            }
        }
        counted(run.count)
    }

    /// A shard's file that cannot be linked (another file system) copied, once its bytes have the size the listing
    /// saw and the SHA-256 its manifest records.
    private func copy(_ source: String, to target: String, listed: ShardFolder.FileStatus, sha256: String)
        throws(SystemError)
    {
        guard let bytes = try SystemFile.read(source), bytes.count == listed.size, Manifest.sha256(bytes) == sha256
        else {
            throw SystemError("merge the shard's file (it differs from the shard's manifest)", source, code: ESTALE)
        }
        try SystemFile.create(target, bytes: bytes)
        writeback.wrote(bytes.count)
    }

    /// Whether a staged entry (as `lstat` sees it) is the regular file a shard's listing saw: its inode, its size.
    private static func isListed(_ status: stat, _ listed: ShardFolder.FileStatus) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && UInt64(status.st_dev) == listed.device
            && UInt64(status.st_ino) == listed.inode && Int(status.st_size) == listed.size
    }
}
