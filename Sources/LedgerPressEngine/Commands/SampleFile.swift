import Foundation
import LedgerPressPublish

/// A file (or standard output) that `sample` streams text into (``StreamedFile``): exit 73 when it cannot be
/// created or written, naming it.
final class SampleFile {
    private let file: StreamedFile

    /// Opens `path` as a shell's `>` would (``StreamedFile/init(path:)``); nil means standard output.
    init(path: String?) throws(BuildStop) {
        do {
            file = try StreamedFile(path: path)
        } catch {
            let reason = String(cString: strerror(error.code))
            throw BuildStop(.cannotCreate, ["\(error.path): error: cannot create the file: \(reason)"])
        }
    }

    func append(_ text: String) { file.append(text) }

    /// Writes what is left and closes the file; throws (exit 73) if any write failed.
    func close() throws(BuildStop) {
        if let failure = file.close() {
            throw BuildStop(.cannotCreate, ["\(file.path ?? "standard output"): error: cannot write: \(failure)"])
        }
    }
}
