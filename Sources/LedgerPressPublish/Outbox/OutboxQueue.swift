import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The send side of the outbox's Maildir: lists `new/`, reads a message, and moves it once its channel decided,
/// to `cur/NAME:2,S` (accepted) or to `failed/NAME` with `failed/NAME.reason` beside it (refused for good). As
/// ``Maildir``, it opens its folders once and never through a symbolic link, and moves files relative to them.
///
/// > Note: a message is moved only after its channel answered, and each move is flushed before the next message
/// > goes: a crash between an acceptance and its move sends that one message again next time (at most one
/// > duplicate), and none is ever lost.
package struct OutboxQueue: ~Copyable {
    package let folder: String
    private let new: Int32
    private let cur: Int32
    private var failed: Int32 = -1

    package init(folder: String) throws {
        self.folder = folder
        try Maildir.check(folder: folder)
        let new = try Maildir.open(folder, "new")
        do {
            cur = try Maildir.open(folder, "cur")
        } catch {
            close(new)
            throw error
        }
        self.new = new
    }

    deinit {
        for descriptor in [new, cur, failed] where descriptor >= 0 { close(descriptor) }
    }

    /// The names in `failed/` but the `.reason` files; none when there is no `failed/`.
    package static func failedNames(folder: String) throws -> [String] {
        var status = stat()
        guard lstat(folder + "/failed", &status) == 0 else { return [] }
        let descriptor = try Maildir.open(folder, "failed")
        defer { close(descriptor) }
        return try Maildir.names(in: descriptor, path: folder + "/failed").filter {
            !$0.hasPrefix(".") && !$0.hasSuffix(".reason")
        }
    }

    /// The messages waiting in `new/`, in name order.
    package func waiting() throws -> [String] {
        try Maildir.names(in: new, path: folder + "/new").filter { !$0.hasPrefix(".") }.sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
    }

    /// The bytes of `new/NAME` (never through a link).
    package func read(_ name: String) throws(SystemError) -> [UInt8] {
        let path = folder + "/new/" + name
        let descriptor = openat(new, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemError("read", path) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError("read", path)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// `new/NAME` -> `cur/NAME:2,S` (Maildir's "seen"; the build reads the name before the colon), flushed.
    package func accept(_ name: String) throws(SystemError) {
        guard renameat(new, name, cur, name + ":2,S") == 0 else {
            throw SystemError("move \(folder)/new/\(name) into", folder + "/cur")
        }
        guard fsync(cur) == 0, fsync(new) == 0 else { throw SystemError("flush the folder", folder + "/cur") }
    }

    /// `failed/NAME.reason` (the reply, flushed), then `new/NAME` -> `failed/NAME`, flushed.
    package mutating func refuse(_ name: String, reason: String) throws(SystemError) {
        if failed < 0 {
            let path = folder + "/failed"
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw SystemError("create the folder", path) }
            do {
                failed = try Maildir.open(folder, "failed")
            } catch let error as SystemError {
                throw error
            } catch {
                throw SystemError("open the folder", path, code: ELOOP)
            }
        }
        let reasonPath = folder + "/failed/" + name + ".reason"
        let descriptor = openat(failed, name + ".reason", O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemError("create", reasonPath) }
        do throws(SystemError) {
            try SystemFile.write(descriptor, Data((reason + "\n").utf8), path: reasonPath)
            guard fsync(descriptor) == 0 else { throw SystemError("flush", reasonPath) }
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard renameat(new, name, failed, name) == 0 else {
            throw SystemError("move \(folder)/new/\(name) into", folder + "/failed")
        }
        guard fsync(failed) == 0, fsync(new) == 0 else { throw SystemError("flush the folder", folder + "/failed") }
    }
}
