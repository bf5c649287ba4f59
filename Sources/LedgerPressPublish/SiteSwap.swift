import CRenameExchange
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Exchanging the staging folder with the output folder in one step, so that the output path always
/// holds a complete site: the old one until the exchange, the new one after; and the flushes that make
/// the exchange durable. The only file that imports CRenameExchange.
package enum SiteSwap {
    /// The exchange failed: the staging and output folders, and the system's error code.
    package struct Failure: Error, CustomStringConvertible {
        package var staging: String
        package var output: String
        package var code: Int32
        package var description: String { "cannot swap \(staging) with \(output): " + String(cString: strerror(code)) }
    }

    /// Exchanges the two folders; false when this kernel or file system cannot (the caller then renames twice).
    package static func exchange(_ first: URL, _ second: URL) throws(Failure) -> Bool {
        if ledgerpress_rename_exchange(first.path, second.path) == 0 { return true }
        let code = errno
        if code == ENOSYS || code == EINVAL || code == ENOTSUP { return false }
        throw Failure(staging: first.path, output: second.path, code: code)
    }

    /// Puts every file and folder written into `staging` on the disk before the swap, so that a power cut
    /// after it cannot publish empty or missing files.
    ///
    /// One `syncfs` of the staging folder's file system rather than an `fsync` per file: on ext4 and xfs each
    /// `fsync` forces its own journal commit, so a site of 300,000 files would cost 300,000 commits, while
    /// `syncfs` writes all of it (file data, new folders, hard links) in one pass. It also flushes other
    /// programs' pending writes to that file system, which costs them nothing in correctness; and since
    /// Linux 5.8 it reports write-back errors (EIO, ENOSPC) seen on the file system, which fail the publish.
    package static func flush(_ staging: URL) throws(SystemError) {
        if ledgerpress_sync_file_system(staging.path) == 0 { return }
        let code = errno
        guard code == ENOSYS else { throw SystemError("flush the staging folder", staging.path, code: code) }
        sync()
    }

    /// Flushes the file system of `descriptor` (a folder opened on it), reporting any write-back error on that
    /// file system since the descriptor was opened or last flushed. Nothing where there is no syncfs.
    package static func flush(descriptor: Int32, path: String) throws(SystemError) {
        guard ledgerpress_sync_descriptor(descriptor) != 0 else { return }
        let code = errno
        // No syncfs here: the flush before the swap falls back to sync().
        guard code == ENOSYS else { throw SystemError("flush the staging folder", path, code: code) }
    }

    /// Makes the swap itself durable: the output's parent folder records which folder is the output.
    package static func flushParent(of output: URL) throws(SystemError) {
        try SystemFile.syncFolder(output.deletingLastPathComponent().path)
    }
}
