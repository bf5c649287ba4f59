import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A top-level entry of the published site that ledgerpress did not write (the site's `ForeignFiles`), carried
/// into staging as it is (``StagingWriter/Operation/carry(_:)``).
extension StagingWriter {
    /// Makes `staging/name` the same tree as `published/name`: files hard-linked, folders made again, symbolic
    /// links copied; returns how many files and links it holds. Whatever staging had there goes first.
    package static func carry(_ name: String, from published: String, to staging: String) throws(SystemError) -> Int {
        SystemFile.removeTree(staging + "/" + name)
        return try copyLinked(published + "/" + name, staging + "/" + name)
    }

    private static func copyLinked(_ source: String, _ target: String) throws(SystemError) -> Int {
        var status = stat()
        guard lstat(source, &status) == 0 else { throw SystemError("carry over", source) }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard link(source, target) == 0 else { throw SystemError("carry over", source) }
            return 1
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(source, &buffer, buffer.count - 1)
            guard count >= 0 else { throw SystemError("carry over the symbolic link", source) }
            buffer[count] = 0
            guard symlink(buffer, target) == 0 else { throw SystemError("carry over the symbolic link", source) }
            return 1
        case S_IFDIR:
            guard mkdir(target, status.st_mode & 0o7777) == 0 else {
                throw SystemError("carry over the folder", source)
            }
            var count = 0
            for entry in SystemFile.listNames(source) ?? [] {
                count += try copyLinked(source + "/" + entry.name, target + "/" + entry.name)
            }
            return count
        default:
            // A FIFO, socket or device: not something a site can hold or a link can carry.
            throw SystemError("carry over (it is not a file, folder or symbolic link)", source, code: EINVAL)
        }
    }
}
