import Foundation

extension CLIRunner {
    /// Writes a secret file (a link secret, a signing key) as its owner alone may read and write it (mode 600),
    /// as the tool requires of every secret file.
    func writeSecret(_ relative: String, _ text: String) throws {
        try write(relative, text)
        try chmod(relative, 0o600)
    }

    /// Sets a file's permission bits.
    func chmod(_ relative: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path(relative))
    }
}
