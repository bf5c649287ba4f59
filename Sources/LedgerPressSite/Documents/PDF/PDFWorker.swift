import Foundation
import LedgerPressPublish

#if canImport(Glibc)
    import Glibc
#endif

/// What the PDF engines share: finding a program on PATH and the temporary folder of the printers.
enum PDFWorker {
    /// The first of `names` found as an executable on `path`.
    static func executable(_ names: [String], path: String) -> String? {
        for name in names {
            for folder in path.split(separator: ":")
            where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// The temporary folders of the PDF engines: `ledgerpress-pdf-<pid>-<uuid>`.
    static let rootPrefix = "ledgerpress-pdf-"

    /// A new temporary folder for the workers (registered with ``RunChildren``, so that a signal's ending removes
    /// it too), after removing those left by runs whose process is gone (a SIGKILL cannot be caught).
    static func makeRoot() throws -> URL {
        let temporary = FileManager.default.temporaryDirectory
        sweepStaleRoots(in: temporary)
        let root = temporary.appendingPathComponent(
            "\(rootPrefix)\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        RunChildren.made(folder: root.path)
        do {
            try ScratchFolder.make(root.appendingPathComponent("payees/statement"))
        } catch {
            ScratchFolder.remove(root.path)
            RunChildren.removed(folder: root.path)
            throw error
        }
        return root
    }

    /// Removes the engines' folders in `folder` whose process no longer exists (a folder of another user, or of
    /// a process still running, is left alone).
    static func sweepStaleRoots(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(rootPrefix) {
            let rest = name.dropFirst(rootPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            let path = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == geteuid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            ScratchFolder.remove(path)
        }
    }

}
