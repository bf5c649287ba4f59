import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call on a path, in the system's own words: `cannot write /site.staging/index.html:
/// No space left on device`.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// What was being done: `write`, `create the folder`, `read`, ...
    public var action: String
    public var path: String
    public var code: Int32

    public init(_ action: String, _ path: String, code: Int32 = errno) {
        self.action = action
        self.path = path
        self.code = code
    }

    /// `true` for a failure of the device itself (EIO) rather than of the request (full disk, read-only, denied).
    public var isDeviceError: Bool { code == EIO }

    public var description: String { "cannot \(action) \(path): \(String(cString: strerror(code)))" }
}

/// The plain POSIX calls the writer needs, each throwing `SystemError` with the errno text (Foundation's
/// `createFile` only says false, so a full disk could not be told from a denied path).
public enum SystemFile {
    /// Creates a new file holding exactly `bytes`; fails if anything is at the path (`O_EXCL`, no symlink followed).
    public static func create(_ path: String, bytes: Data) throws(SystemError) {
        try store(bytes, at: path, flags: O_CREAT | O_EXCL | O_NOFOLLOW)
    }

    /// Replaces whatever file is at `path` (following a symlink, as a shell's `>` would) with `bytes`.
    public static func overwrite(_ path: String, bytes: Data) throws(SystemError) {
        try store(bytes, at: path, flags: O_CREAT | O_TRUNC)
    }

    private static func store(_ bytes: Data, at path: String, flags: Int32) throws(SystemError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | flags, 0o666)
        guard descriptor >= 0 else { throw SystemError("create", path) }
        do {
            try write(descriptor, bytes, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw SystemError("write", path) }
    }

    /// Writes all of `bytes` to an open file (retrying short writes and EINTR).
    public static func write(_ descriptor: Int32, _ bytes: some ContiguousBytes, path: String) throws(SystemError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw SystemError("write", path, code: failure) }
    }

    /// The bytes of a file, or nil when nothing is at the path.
    ///
    /// > Note: read straight into a buffer of the size `fstat` gives, then on to the end should the file have grown
    /// > meanwhile (a file whose size says nothing, as in `/proc`, is read piece by piece). Appending 64 KiB pieces to
    /// > a `Data` that grows by doubling copied a 25 MB manifest about twice over into fresh pages, several times a
    /// > run.
    ///
    /// > Note: opened with `O_NONBLOCK`, so that a FIFO at the path never blocks the open (nor the reads: it reads as
    /// > empty, or fails with EAGAIN while a writer holds it open); a regular file ignores the flag.
    public static func read(_ path: String) throws(SystemError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw SystemError("read", path)
        }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError("read", path)
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size {
            // It shrank since its size was read.
            data.count = filled
            return data
        }
        guard
            eachPiece(
                descriptor,
                { piece in
                    data.append(contentsOf: piece)
                    return true
                }) != nil
        else { throw SystemError("read", path) }
        return data
    }

    /// Reads to the end in 64 KiB pieces, handing each to `piece` until it says false: true at the end, false
    /// when `piece` stopped, nil when a read failed.
    private static func eachPiece(_ descriptor: Int32, _ piece: (UnsafeRawBufferPointer) -> Bool) -> Bool? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return true }
            guard chunk.withUnsafeBytes({ piece(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else {
                return false
            }
        }
    }

    /// True when `path` is a regular file (not a symlink) holding exactly `bytes`.
    ///
    /// Sizes are compared first (one `fstat`), then the bytes themselves: reading an unchanged file back
    /// costs one read, far less than writing it again, and comparing in memory is cheaper than hashing;
    /// unlike a stat-only check (size and mtime) it also catches damage that keeps the size and the mtime,
    /// and unlike the previous manifest's hash it looks at the file as it is now, not as it was published.
    /// Anything else at the path (a FIFO, a device, a socket) holds nothing: `O_NONBLOCK` keeps the open of a FIFO
    /// from waiting for a writer, and `fstat` then says it is no regular file.
    public static func holds(_ path: String, bytes: Data) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) == bytes.count
        else { return false }
        // Compared piece by piece as it is read (a 25 MB manifest is not held twice).
        var offset = 0
        let matched = bytes.withUnsafeBytes { expected in
            eachPiece(descriptor) { piece in
                guard offset + piece.count <= expected.count, let want = expected.baseAddress,
                    let got = piece.baseAddress, memcmp(want + offset, got, piece.count) == 0
                else { return false }
                offset += piece.count
                return true
            }
        }
        return matched == true && offset == bytes.count
    }

    /// Creates a folder and any missing parents (`mkdir -p`).
    public static func makeFolders(_ path: String) throws(SystemError) {
        if mkdir(path, 0o777) == 0 { return }
        let code = errno
        if code == EEXIST {
            var status = stat()
            if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return }
            throw SystemError("create the folder", path, code: ENOTDIR)
        }
        guard code == ENOENT else { throw SystemError("create the folder", path, code: code) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { throw SystemError("create the folder", path, code: code) }
        try makeFolders(parent)
        if mkdir(path, 0o777) != 0, errno != EEXIST { throw SystemError("create the folder", path) }
    }

    /// Hard-links `existing` at `new` (a symlink is linked as itself, never followed).
    public static func link(_ existing: String, _ new: String) -> Bool { Glibc.link(existing, new) == 0 }

    /// Removes one file; a missing one is fine.
    public static func remove(_ path: String) { unlink(path) }

    /// Flushes the folder itself (its entries: files created, renamed or removed in it) to the disk.
    public static func syncFolder(_ path: String) throws(SystemError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("open the folder", path) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SystemError("flush the folder", path) }
    }
}

extension SystemFile {
    /// The regular files directly in a folder, with their sizes, when they were last touched (``touched(_:)``) and inodes;
    /// nil when it is missing or holds anything else (a folder, a symbolic link, a device). Nothing is followed.
    public static func listFiles(_ path: String) -> [(name: String, size: Int, touched: Int64, inode: UInt64)]? {
        var files: [(name: String, size: Int, touched: Int64, inode: UInt64)] = []
        let listed = eachEntry(path) { name, status in
            guard (status.st_mode & S_IFMT) == S_IFREG else { return false }
            files.append((name, Int(status.st_size), touched(status), UInt64(status.st_ino)))
            return true
        }
        return listed ? files : nil
    }

    /// The entries directly in a folder: its regular files by name, with their sizes, when they were last
    /// touched (``touched(_:)``) and inodes, and the names of whatever else it holds (folders, links, devices);
    /// empty when it cannot be read; `complete` when every entry was read and stat'ed. Nothing is followed.
    package static func folderEntries(_ path: String) -> (
        files: [String: (size: Int, touched: Int64, inode: UInt64)], others: [(name: String, isFolder: Bool)],
        complete: Bool
    ) {
        var files: [String: (size: Int, touched: Int64, inode: UInt64)] = [:]
        var others: [(name: String, isFolder: Bool)] = []
        let complete = eachEntry(path) { name, status in
            if (status.st_mode & S_IFMT) == S_IFREG {
                files[name] = (Int(status.st_size), touched(status), UInt64(status.st_ino))
            } else {
                others.append((name, (status.st_mode & S_IFMT) == S_IFDIR))
            }
            return true
        }
        return (files, others, complete)
    }

    /// Calls `body` with each entry of a folder and its status (`fstatat` by name, not following links) until it
    /// says false; false when the folder cannot be opened, an entry cannot be stat'ed, or `body` stopped.
    private static func eachEntry(_ path: String, _ body: (String, stat) -> Bool) -> Bool {
        guard let folder = opendir(path) else { return false }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0, body(name, status) else { return false }
        }
        return true
    }
}

extension SystemFile {
    /// Removes a folder and everything in it without following symbolic links (`rm -rf`); best effort.
    public static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        if let folder = opendir(path) {
            var names: [String] = []
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            let descriptor = dirfd(folder)
            for name in names where unlinkat(descriptor, name, 0) != 0 {
                removeTree(path + "/" + name)
            }
            closedir(folder)
        }
        rmdir(path)
    }
}

extension SystemFile {
    /// A file's modification time in nanoseconds since the epoch.
    package static func modified(_ status: stat) -> Int64 {
        Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    }

    /// When a file was last touched: the later of its modification time and its status change time (ns since
    /// the epoch). `touch -r` and `rsync -t` can set the modification time back, but not the change time, so a
    /// file edited in place after a publish always looks touched after it.
    package static func touched(_ status: stat) -> Int64 {
        max(modified(status), Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    /// When the file at `path` (not following a link) was last touched (``touched(_:)``), or nil.
    public static func touched(_ path: String) -> Int64? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return touched(status)
    }

    /// Sets a file's modification (and so its change) time to now.
    package static func touchNow(_ path: String) {
        _ = utimensat(AT_FDCWD, path, nil, 0)
    }

    /// The modification time of the file at `path` (not following a link), or nil.
    public static func modified(_ path: String) -> Int64? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return modified(status)
    }
}

extension SystemFile {
    /// `count` bytes of an open file from `offset` (`pread`, retried on EINTR and short reads), and 0 or the
    /// errno that stopped it (EIO when the file ends first).
    package static func readFully(_ descriptor: Int32, at offset: Int, count: Int) -> (Data, Int32) {
        var data = Data(count: count)
        var done = 0
        var failure: Int32 = 0
        data.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while done < count {
                let got = pread(descriptor, base + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failure = got < 0 ? errno : EIO
                    return
                }
                done += got
            }
        }
        return (data, failure)
    }
}
