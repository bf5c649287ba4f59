import Foundation
import LedgerPressSite

/// What identifies this build of the tool in the payees' keys: the SHA-256 of the running executable, so a
/// new build (which may render differently) renders every payee again, while reruns of one build reuse them.
enum ToolIdentity {
    static let current: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard let bytes = FileManager.default.contents(atPath: path) else { return "ledgerpress (executable unreadable)" }
        return "ledgerpress " + FileDigest.sha256(bytes)
    }()
}
