import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// A shard's output folder, read without following a symbolic link anywhere below it: the folder is opened
/// once, and every folder and file inside it is opened relative to its parent's descriptor with `O_NOFOLLOW`,
/// so a path can only resolve to something inside the folder. A symbolic link, a device, a FIFO or a socket
/// anywhere inside is refused; so is a folder deeper than a site's (`payees/<slug>`).
///
/// > Note: the folder named on the command line may itself be a symbolic link (the user chose it); nothing
/// > inside it may be.
final class ShardFolder: @unchecked Sendable {
    /// The folder as the user named it, for messages.
    let display: String
    private let descriptor: Int32

    /// What the folder holds, by path relative to it: its regular files with what the listing saw of each, its
    /// folders, and the files of each folder.
    struct Listing {
        var status: [String: FileStatus] = [:]
        var folders: Set<String> = []
        /// The paths of the files directly inside each folder ("" for the top), by folder.
        var filesIn: [String: [String]] = [:]
    }

    /// A file as the listing saw it (`fstatat`, not following links): what staging checks an adopted file against.
    typealias FileStatus = ListedFile

    /// The folder's path as the user named it (the root of every path below).
    let path: String

    /// Opens the folder; a missing one is `.missing`.
    init(_ url: URL, display: String) throws(MergeFailure) {
        self.display = display
        path = url.path
        descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .missing("\(display): error: expected a shard's output folder, got nothing there")
            }
            throw .missing(
                "\(display): error: cannot open the shard's output folder: \(String(cString: strerror(code)))")
        }
    }

    deinit { close(descriptor) }

    func failure(_ path: String, _ problem: String) -> MergeFailure {
        .mismatch("\(display)/\(SitePath.quoted(path)): error: \(problem)")
    }

    /// Every file and folder inside, checked for links and special files (lstat on each, never following).
    func list() throws(MergeFailure) -> Listing {
        var listing = Listing()
        try walk(descriptor, prefix: "", depth: 0, into: &listing)
        return listing
    }

    private func walk(_ folder: Int32, prefix: String, depth: Int, into listing: inout Listing) throws(MergeFailure) {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw failure(prefix.isEmpty ? "." : prefix, "cannot list the folder: \(String(cString: strerror(errno)))")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if raw == [46] || raw == [46, 46] { continue }
            guard let name = String(validating: raw, as: UTF8.self) else {
                throw failure(
                    prefix + String(decoding: raw, as: UTF8.self), "expected a UTF-8 file name, got other bytes")
            }
            names.append(name)
        }
        for name in names.sorted() {
            let path = prefix + name
            do {
                try SitePath.checkForm(path)
            } catch {
                throw failure(path, "expected a name a site may hold, got \(error)")
            }
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                throw failure(path, "cannot inspect: \(String(cString: strerror(errno)))")
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                listing.status[path] = FileStatus(
                    size: Int(status.st_size), touched: SystemFile.touched(status), device: UInt64(status.st_dev),
                    inode: UInt64(status.st_ino), links: UInt64(status.st_nlink))
                listing.filesIn[String(prefix.dropLast()), default: []].append(path)
            case S_IFDIR:
                guard depth < 2 else { throw failure(path, "expected no folder this deep in a site, got one") }
                listing.folders.insert(path)
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    throw failure(path, "cannot open the folder: \(String(cString: strerror(errno)))")
                }
                defer { close(child) }
                try walk(child, prefix: path + "/", depth: depth + 1, into: &listing)
            case S_IFLNK:
                throw failure(path, "expected a file or folder, got a symbolic link (a shard holds no links)")
            default:
                throw failure(path, "expected a file or folder, got a device, FIFO or socket")
            }
        }
    }

    /// The bytes of a regular file inside the folder, opening each component relative to its parent with
    /// `O_NOFOLLOW`; `nil` when there is no such file.
    func read(_ path: String) throws(MergeFailure) -> Data? {
        guard let file = try openFile(path) else { return nil }
        defer { close(file) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot read: \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// `count` bytes of a regular file inside the folder from `offset` (opened as ``read(_:)`` does); nil when
    /// there is no such file; an error when it is shorter.
    func read(_ path: String, at offset: Int, count: Int) throws(MergeFailure) -> Data? {
        guard let file = try openFile(path) else { return nil }
        defer { close(file) }
        let (data, failed) = SystemFile.readFully(file, at: offset, count: count)
        if failed != 0 {
            throw failure(path, "cannot read \(count) bytes at \(offset): \(String(cString: strerror(failed)))")
        }
        return data
    }

    private func openFile(_ path: String) throws(MergeFailure) -> Int32? {
        do {
            try SitePath.checkForm(path)
        } catch {
            throw failure(path, "expected a path inside the shard, got \(error)")
        }
        var components = SitePath.components(path)
        let last = components.removeLast()
        var folder = dup(descriptor)
        defer { close(folder) }
        for name in components {
            let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                if errno == ENOENT { return nil }
                throw failure(path, "cannot open \(SitePath.quoted(name)): \(String(cString: strerror(errno)))")
            }
            close(folder)
            folder = child
        }
        let file = openat(folder, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw failure(path, "cannot open: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw failure(path, "expected a regular file, got something else")
        }
        return file
    }
}
