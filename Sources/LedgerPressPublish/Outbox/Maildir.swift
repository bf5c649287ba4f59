import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Maildir (`tmp/`, `new/`, `cur/`): the only code that writes the outbox. A message is written into `tmp/`,
/// flushed, then hard-linked into `new/` (which fails when the name is there: a message is never delivered
/// twice, not even by two runs at once) and its `tmp/` name removed. A run killed between the two steps leaves
/// only a file in `tmp/`, which the next run writes again under the same name.
///
/// > Note: the three folders are opened once, never through a symbolic link (`O_NOFOLLOW`), and every file is
/// > made, linked and removed relative to them: a `tmp/`, `new/` or `cur/` that is a link is refused, and one
/// > swapped for a link during the run is not followed.
package struct Maildir: ~Copyable {
    /// `tmp/`, `new/` or `cur/` is not a plain folder (a symbolic link, a file): refused, never followed.
    package struct NotAFolder: Error, CustomStringConvertible {
        package var path: String
        package var what: String
        package var description: String { "\(path): \(reason)" }
        /// Why, without the path.
        package var reason: String {
            "refusing to use it as the outbox's \(path.split(separator: "/").last ?? "")/: it is \(what), expected a "
                + "plain folder (a link is never followed; make it a folder of its own)"
        }
    }

    package let folder: String
    /// Names in `new/`, `cur/` and `failed/`, as ``deliveredName(_:)`` reads them.
    package private(set) var delivered: Set<String> = []
    private let tmp: Int32
    private let new: Int32

    /// Refuses a `tmp/`, `new/` or `cur/` that is there but is no plain folder; a missing one is fine.
    package static func check(folder: String) throws(NotAFolder) {
        for sub in ["tmp", "new", "cur", "failed"] {
            let path = folder + "/" + sub
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK: throw NotAFolder(path: path, what: "a symbolic link")
            default: throw NotAFolder(path: path, what: "not a folder")
            }
        }
    }

    /// Creates the three folders as needed and lists what was delivered before.
    package init(folder: String) throws {
        self.folder = folder
        try Self.check(folder: folder)
        for sub in ["tmp", "new", "cur"] { try SystemFile.makeFolders(folder + "/" + sub) }
        let tmp = try Self.open(folder, "tmp")
        var new: Int32 = -1
        var cur: Int32 = -1
        do {
            new = try Self.open(folder, "new")
            cur = try Self.open(folder, "cur")
            for (sub, descriptor) in [("new", new), ("cur", cur)] {
                for name in try Self.names(in: descriptor, path: folder + "/" + sub) where !name.hasPrefix(".") {
                    delivered.insert(Self.deliveredName(name))
                }
            }
            // A run killed between the link into new/ and the removal from tmp/ left its name in both.
            for name in try Self.names(in: tmp, path: folder + "/tmp") where delivered.contains(name) {
                unlinkat(tmp, name, 0)
            }
        } catch {
            for descriptor in [tmp, new, cur] where descriptor >= 0 { close(descriptor) }
            throw error
        }
        close(cur)
        // What `send` moved to failed/ (refused for good) is never written again either; its `.reason` files aside.
        do {
            for name in try OutboxQueue.failedNames(folder: folder) { delivered.insert(Self.deliveredName(name)) }
        } catch {
            close(tmp)
            close(new)
            throw error
        }
        self.tmp = tmp
        self.new = new
    }

    deinit {
        close(tmp)
        close(new)
    }

    /// The name a message was delivered under, from its file name in `new/` or `cur/`: without the `:2,FLAGS` info
    /// a mail reader adds in `cur/`, and without the `,S=<size>,W=<size>` fields Dovecot adds to the base name
    /// (`NAME,S=4521,W=4600:2,S`). The names ledgerpress writes hold no comma.
    package static func deliveredName(_ fileName: String) -> String {
        let base = fileName.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(base.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Whether a message of that name is in `new/`, `cur/` or `failed/`.
    package func has(_ name: String) -> Bool { delivered.contains(name) }

    /// Writes `bytes` as `new/<name>` through `tmp/<name>`; false when `new/<name>` was already there.
    package mutating func deliver(
        _ name: String, bytes: [UInt8], beforeLink: () -> Void = {}
    ) throws(SystemError) -> Bool {
        let temporary = folder + "/tmp/" + name
        let final = folder + "/new/" + name
        unlinkat(tmp, name, 0)
        let descriptor = openat(tmp, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SystemError("create", temporary) }
        do throws(SystemError) {
            try SystemFile.write(descriptor, Data(bytes), path: temporary)
            guard fsync(descriptor) == 0 else { throw SystemError("flush", temporary) }
        } catch {
            close(descriptor)
            unlinkat(tmp, name, 0)
            throw error
        }
        guard close(descriptor) == 0 else { throw SystemError("write", temporary) }
        beforeLink()
        defer { unlinkat(tmp, name, 0) }
        guard linkat(tmp, name, new, name, 0) == 0 else {
            if errno == EEXIST {
                delivered.insert(name)
                return false
            }
            throw SystemError("move the message into", final)
        }
        delivered.insert(name)
        return true
    }

    /// Flushes `new/` (the names linked into it) to the disk.
    package func sync() throws(SystemError) {
        guard fsync(new) == 0 else { throw SystemError("flush the folder", folder + "/new") }
    }

    /// `folder/sub` opened as a folder, never through a symbolic link.
    package static func open(_ folder: String, _ sub: String) throws -> Int32 {
        let path = folder + "/" + sub
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP || errno == ENOTDIR {
                throw NotAFolder(path: path, what: errno == ELOOP ? "a symbolic link" : "not a folder")
            }
            throw SystemError("open the folder", path)
        }
        return descriptor
    }

    /// The names in an open folder (read through a descriptor of its own, so `descriptor` stays open).
    package static func names(in descriptor: Int32, path: String) throws(SystemError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let listing = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw SystemError("list", path)
        }
        defer { closedir(listing) }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
