import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Maildir (`tmp/`, `new/`, `cur/`): the only code that writes the outbox. A message is written into `tmp/`,
/// flushed, then hard-linked into `new/` (which fails when the name is there: a message is never delivered
/// twice, not even by two runs at once) and its `tmp/` name removed. A run killed between the two steps leaves
/// only a file in `tmp/`, which the next run writes again under the same name.
struct Maildir {
    let folder: String
    /// Names in `new/` and `cur/` (without the `:2,FLAGS` info a mail reader adds in `cur/`).
    private(set) var delivered: Set<String> = []

    /// Creates the three folders as needed and lists what was delivered before.
    init(folder: String) throws(SystemError) {
        self.folder = folder
        for sub in ["tmp", "new", "cur"] { try SystemFile.makeFolders(folder + "/" + sub) }
        for sub in ["new", "cur"] {
            let path = folder + "/" + sub
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw SystemError("list", path, code: EACCES)
            }
            for name in names where !name.hasPrefix(".") {
                delivered.insert(String(name.split(separator: ":", maxSplits: 1).first ?? Substring(name)))
            }
        }
        // A run killed between the link into new/ and the removal from tmp/ left its name in both.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/tmp")) ?? []
        where delivered.contains(name) {
            SystemFile.remove(folder + "/tmp/" + name)
        }
    }

    /// Whether a message of that name is in `new/` or `cur/`.
    func has(_ name: String) -> Bool { delivered.contains(name) }

    /// Writes `bytes` as `new/<name>` through `tmp/<name>`; false when `new/<name>` was already there.
    mutating func deliver(
        _ name: String, bytes: [UInt8], beforeLink: () -> Void = {}
    ) throws(SystemError) -> Bool {
        let temporary = folder + "/tmp/" + name
        let final = folder + "/new/" + name
        SystemFile.remove(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw SystemError("create", temporary) }
        do throws(SystemError) {
            try SystemFile.write(descriptor, Data(bytes), path: temporary)
            guard fsync(descriptor) == 0 else { throw SystemError("flush", temporary) }
        } catch {
            close(descriptor)
            SystemFile.remove(temporary)
            throw error
        }
        guard close(descriptor) == 0 else { throw SystemError("write", temporary) }
        beforeLink()
        defer { SystemFile.remove(temporary) }
        guard Glibc.link(temporary, final) == 0 else {
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
    func sync() throws(SystemError) { try SystemFile.syncFolder(folder + "/new") }
}
