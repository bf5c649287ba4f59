import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file (or standard output) that text is streamed into, in 1 MiB writes: what `sample` writes, the user's
/// requested file rather than the site.
///
/// The text's producers cannot throw, so the first write error is kept and given by ``close()``.
package final class StreamedFile {
    package let path: String?
    private let handle: FileHandle
    private var buffer = Data()
    private var failure: String?

    /// Opens `path` as a shell's `>` would: created or truncated in place, a symlink followed, and a device or
    /// FIFO (`/dev/null`, a pipe) written to as it is, never replaced by a regular file; nil means standard output.
    package init(path: String?) throws(SystemError) {
        self.path = path
        guard let path else {
            handle = .standardOutput
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError("create the file", path) }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    package func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Writes what is left and closes the file; the first write's failure, if any write failed.
    package func close() -> String? {
        flush()
        if path != nil { try? handle.close() }
        return failure
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = error.localizedDescription
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
