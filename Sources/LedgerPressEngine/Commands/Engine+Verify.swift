import Foundation
import LedgerPressPublish
import LedgerPressSite

extension Engine {
    /// `verify DIR`: checks a published site against its manifest under the output's lock, taken for reading
    /// (so a build or merge publishing meanwhile is waited for, at most `wait` seconds). Returns the differences,
    /// each naming a file relative to the site (none: verified). A missing folder, or a file given instead, stops
    /// with 66; a run that holds the output for longer than `wait`, with 75. `message` is told when the run waits,
    /// and when the lock cannot be taken at all (the site is then verified without it).
    public static func verify(directory: String, wait: Double, message: ([String]) -> Void) throws(BuildStop)
        -> [String]
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw BuildStop(.noInput, ["\(directory): error: no such folder"])
        }
        guard isDirectory.boolValue else {
            throw BuildStop(.noInput, ["\(directory): error: is a file, expected a published output folder"])
        }
        // The lock sits beside the real folder (as build and merge take it), also when DIR is a symbolic link.
        let url = URL(fileURLWithPath: OutputGuard.resolved(directory, in: FileManager.default.currentDirectoryPath))
        let lock: OutputLock?
        do {
            lock = try OutputLock(readingOutput: url, timeout: wait) {
                message([
                    "ledgerpress: waiting for another run to finish publishing \(directory) (it holds \(OutputLock.path(for: url)))"
                ])
            }
        } catch OutputLock.Failure.busy(let path) {
            let seconds = wait == wait.rounded() ? String(Int(wait)) : String(wait)
            throw BuildStop(
                .temporaryFailure,
                ["ledgerpress: another run held \(path) for more than \(seconds) seconds; try again later"])
        } catch {
            message([
                "ledgerpress: note: \(error); verifying without the lock (a publish running meanwhile could show as differences)"
            ])
            lock = nil
        }
        defer { withExtendedLifetime(lock) {} }
        return SiteVerifier.verify(directory: url)
    }

    /// `verify-letter`: the verdict on a letter's JSON (`letter`, read from `file`) against the issuer's public
    /// key (PEM, read from `keyFile`).
    public static func verifyLetter(letter: [UInt8], file: String, publicKeyPEM: String, keyFile: String)
        -> LetterVerdict
    {
        LetterVerifier.verify(letter: letter, file: file, publicKeyPEM: publicKeyPEM, keyFile: keyFile)
    }

    /// A letter's verdict: valid (with its summary) or not (with the reason).
    public typealias LetterVerdict = LetterVerifier.Verdict
}
