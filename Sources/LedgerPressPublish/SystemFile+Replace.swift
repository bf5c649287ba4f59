import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension SystemFile {
    /// Replaces the file at `path` with `bytes` in one step: they are written to a temporary file beside it
    /// (`.<name>.tmp-<pid>`), which is then renamed over it. A failure (a full disk) removes the temporary file and
    /// leaves the previous file as it was, or no file: never an empty or partial one.
    ///
    /// > Note: a symbolic link is followed (its target is replaced, as a shell's `>` would write it); a path
    /// > that holds something other than a regular file (`/dev/stdout`, a FIFO) is written in place.
    public static func replace(_ path: String, bytes: Data) throws(SystemError) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        if lstat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            try overwrite(target, bytes: bytes)
            return
        }
        let url = URL(fileURLWithPath: target)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(getpid())"
        ).path
        unlink(temporary)
        do {
            try create(temporary, bytes: bytes)
        } catch {
            unlink(temporary)
            throw SystemError(error.action, path, code: error.code)
        }
        guard rename(temporary, target) == 0 else {
            let failure = SystemError("write", path)
            unlink(temporary)
            throw failure
        }
    }

    /// Puts a new file holding `bytes` at `path` in one rename: written first to `<path>.tmp-<pid>` (removed on
    /// failure), then renamed over whatever is at `path` (a symbolic link there is replaced, not followed). For the
    /// builder's own small records (``PublishRecord``, a shard's seal), never a partial one.
    package static func renameIntoPlace(_ path: String, bytes: Data) throws(SystemError) {
        let temporary = path + ".tmp-\(getpid())"
        unlink(temporary)
        do {
            try create(temporary, bytes: bytes)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = SystemError("rename into place", path)
            unlink(temporary)
            throw failure
        }
    }
}
