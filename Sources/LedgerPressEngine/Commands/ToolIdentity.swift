import CBuildID
import Foundation
import LedgerPressSite

/// What identifies this build of the tool in the payees' keys, so a new build (which may render differently)
/// renders every payee again, while reruns of one build reuse them: the executable's GNU build ID (the linker's
/// digest of the file it wrote, read from the running image's notes: no file is read), or, for an executable
/// linked without one, the SHA-256 of the executable file.
///
/// > Note: digesting the executable (tens of MB) took about 0.09 s of every run, a tenth of a no-change night at
/// > 100k entries; the build ID costs nothing.
public enum ToolIdentity {
    /// This build's identity: its build ID, else the digest of the executable.
    public static let current: String = buildID().map { "ledgerpress build-id " + $0 } ?? digestOfExecutable()

    /// The SHA-256 of the running executable, read 1 MiB at a time.
    static func digestOfExecutable() -> String {
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
    }

    /// The executable's GNU build ID as hex; nil when it has none (or an implausibly short one).
    static func buildID() -> String? {
        var bytes = [UInt8](repeating: 0, count: 64)
        let length = Int(ledgerpress_build_id(&bytes, Int32(bytes.count)))
        guard length >= 16 else { return nil }
        return bytes.prefix(length).map { String(format: "%02x", $0) }.joined()
    }
}
