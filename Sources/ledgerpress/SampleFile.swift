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

    /// Creates (or truncates) `path`; nil means standard output.
    init(path: String?) throws {
        self.path = path
        guard let path else {
            handle = .standardOutput
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            FileHandle.standardError.write(Data("\(path): error: cannot create the file\n".utf8))
            throw Exit.cannotCreate
        }
        self.handle = handle
    }

    func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 20 { flush() }
    }

    /// Writes what is left and closes the file; throws (exit 73) if any write failed.
    func close() throws {
        flush()
        if path != nil { try? handle.close() }
        if let failure {
            FileHandle.standardError.write(Data("\(path ?? "standard output"): error: cannot write: \(failure)\n".utf8))
            throw Exit.cannotCreate
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
