import Foundation
import LedgerPressSite

/// What identifies this build of the tool in the payees' keys: the SHA-256 of the running executable, so a
/// new build (which may render differently) renders every payee again, while reruns of one build reuse them.
///
/// > Note: the executable is digested 1 MiB at a time, never held whole (it is tens of MB).
enum ToolIdentity {
    static let current: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let unreadable = "ledgerpress (executable unreadable)"
        guard let handle = FileHandle(forReadingAtPath: path) else { return unreadable }
        defer { try? handle.close() }
        var digest = FileDigest.Stream()
        do {
            while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty {
                piece.withUnsafeBytes { digest.update($0) }
            }
        } catch {
            return unreadable
        }
        return "ledgerpress " + digest.hex()
    }()
}
