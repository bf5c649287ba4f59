import CRenameExchange
import Foundation

/// Exchanging the staging folder with the output folder in one step, so that the output path always
/// holds a complete site: the old one until the exchange, the new one after. The only file that
/// imports CRenameExchange.
enum SiteSwap {
    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "cannot exchange the staging folder with the output: " + String(cString: strerror(code)) }
    }

    /// Exchanges the two folders; false when this kernel or file system cannot (the caller then renames twice).
    static func exchange(_ first: URL, _ second: URL) throws -> Bool {
        if ledgerpress_rename_exchange(first.path, second.path) == 0 { return true }
        let code = errno
        if code == ENOSYS || code == EINVAL || code == ENOTSUP { return false }
        throw Failure(code: code)
    }
}
