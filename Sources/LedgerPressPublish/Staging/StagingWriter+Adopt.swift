import Foundation
import LedgerPressCrypto

#if canImport(Glibc)
    import Glibc
#endif

/// `merge`: a shard's files taken into staging without reading them (``StagingWriter/Operation/adopt(_:source:listed:sha256:)``).
extension StagingWriter {
    /// A run of ``Operation/adopt(_:source:listed:sha256:)`` of one shard folder into one staging folder (`folder`,
    /// a site path): both opened once, each file linked by name (`linkat`, which never follows a link) and checked
    /// by `fstatat` to be the inode the shard's listing saw. A file on another file system is copied once its bytes
    /// are the manifest's.
    package func adopt(_ run: ArraySlice<Operation>, folder: Substring, from source: Substring) throws(SystemError) {
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
    private func copy(_ source: String, to target: String, listed: ListedFile, sha256: String)
        throws(SystemError)
    {
        guard let bytes = try SystemFile.read(source), bytes.count == listed.size, SHA256.hex(of: bytes) == sha256
        else {
            throw SystemError("merge the shard's file (it differs from the shard's manifest)", source, code: ESTALE)
        }
        try SystemFile.create(target, bytes: bytes)
        writeback.wrote(bytes.count)
    }

    /// Whether a staged entry (as `lstat` sees it) is the regular file a shard's listing saw: its inode, its size.
    private static func isListed(_ status: stat, _ listed: ListedFile) -> Bool {
        status.st_mode & S_IFMT == S_IFREG && UInt64(status.st_dev) == listed.device
            && UInt64(status.st_ino) == listed.inode && Int(status.st_size) == listed.size
    }
}

/// A shard's file as the shard folder's listing saw it (`fstatat`, not following links): what
/// ``StagingWriter/Operation/adopt(_:source:listed:sha256:)`` checks the linked file against.
package struct ListedFile: Sendable {
    package var size: Int
    /// ``SystemFile/touched(_:)``: when it was last modified or had its status changed.
    package var touched: Int64
    package var device: UInt64
    package var inode: UInt64
    /// Its link count: 1 unless another name shares the inode.
    package var links: UInt64 = 1

    package init(size: Int, touched: Int64, device: UInt64, inode: UInt64, links: UInt64 = 1) {
        (self.size, self.touched, self.device, self.inode, self.links) = (size, touched, device, inode, links)
    }
}
