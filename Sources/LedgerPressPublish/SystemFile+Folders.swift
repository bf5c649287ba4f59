import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SystemFile {
    /// The names directly in a folder, each with whether it is a folder itself (a symbolic link is not);
    /// nil when the folder cannot be opened. One `readdir` pass: nothing is stat'ed where the file system
    /// reports the entry's type.
    package static func listNames(_ path: String) -> [(name: String, isFolder: Bool)]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        var names: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var status = stat()
                isFolder =
                    fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            names.append((name, isFolder))
        }
        return names
    }

    /// Whether a folder holds exactly the regular files `names`, each with the inode at the same index of
    /// `inodes` (the published folder's files as listed, which the folder may list in another order: a payee
    /// rendered on an earlier night had its files written in another order in each of the two generations).
    /// False for anything else (a name or inode changed, a file more or less, a folder, a link), which the caller
    /// then compares name by name. One `readdir` pass; no table is made.
    package static func holdsExactly(_ path: String, names: [String], inodes: [UInt64]) -> Bool {
        guard names.count == inodes.count, let folder = opendir(path) else { return false }
        defer { closedir(folder) }
        var found: [(inode: UInt64, name: String)] = []
        found.reserveCapacity(names.count)
        var inOrder = true
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let index = found.count
            guard index < names.count, entry.pointee.d_type == UInt8(DT_REG) else { return false }
            let inode = UInt64(entry.pointee.d_ino)
            if inOrder, inode != inodes[index] || name != names[index] { inOrder = false }
            found.append((inode, name))
        }
        guard found.count == names.count else { return false }
        if inOrder { return true }
        // The same pairs in another order: both sides by inode, then pair by pair.
        found.sort { $0.inode < $1.inode }
        let expected = inodes.indices.sorted { inodes[$0] < inodes[$1] }
        for (pair, index) in zip(found, expected) where pair.inode != inodes[index] || pair.name != names[index] {
            return false
        }
        return true
    }

    /// A folder's entries by name with their inode (as `readdir` reports it) and kind; nil when the folder cannot
    /// be opened. Nothing is stat'ed where the file system reports the entry's type.
    package static func listInodes(_ path: String) -> [String: (inode: UInt64, kind: EntryKind)]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        var entries: [String: (inode: UInt64, kind: EntryKind)] = [:]
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type =
                    (status.st_mode & S_IFMT) == S_IFDIR
                    ? UInt8(DT_DIR) : (status.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            let kind: EntryKind = type == UInt8(DT_DIR) ? .folder : type == UInt8(DT_REG) ? .file : .other
            entries[name] = (UInt64(entry.pointee.d_ino), kind)
        }
        return entries
    }

    /// What a folder entry is, as far as publishing cares.
    package enum EntryKind {
        case file, folder, other
    }

    /// Flushes one file's bytes to the disk; false when that fails.
    package static func syncFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0
    }
}
