import Foundation

/// A file (or standard output) that `sample` streams text into, in 1 MiB writes.
///
/// The generator's sinks cannot throw, so the first write error is kept and thrown by `close()`:
/// exit 73 when the file cannot be created or written, naming it.
final class SampleFile {
    private let path: String?
    private let handle: FileHandle
    private var buffer = Data()
    private var failure: String?

    /// Opens `path` as a shell's `>` would: created or truncated in place, a symlink followed, and a device or
    /// FIFO (`/dev/null`, a pipe) written to as it is, never replaced by a regular file; nil means standard output.
    init(path: String?) throws(BuildStop) {
        self.path = path
        guard let path else {
            handle = .standardOutput
            return
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw BuildStop(.cannotCreate, ["\(path): error: cannot create the file: \(reason)"])
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Writes what is left and closes the file; throws (exit 73) if any write failed.
    func close() throws(BuildStop) {
        flush()
        if path != nil { try? handle.close() }
        if let failure {
            throw BuildStop(.cannotCreate, ["\(path ?? "standard output"): error: cannot write: \(failure)"])
        }
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
