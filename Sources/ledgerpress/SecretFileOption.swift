import ArgumentParser
import Foundation

/// What `--link-secret` and `--shard-secret` share: a secret file named by the option, else by an environment
/// variable (set but empty is a mistake, never a quiet fallback to no secret), guarded as an input, and read by
/// ``Console/readSecret(_:option:)``.
struct SecretFileOption {
    let flag: String
    let environmentVariable: String
    /// What the secret is, in messages: `link secret`, `shard secret`.
    let what: String

    /// The secret file's path, from the option's value or else the environment; nil for none.
    func path(given: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        if let given { return given }
        guard let value = environment[environmentVariable] else { return nil }
        guard !value.isEmpty else {
            throw ValidationError("\(environmentVariable): expected the path of a \(what) file, got an empty value")
        }
        return value
    }

    /// Where the path came from, for messages: the flag or the environment variable.
    func source(given: String?) -> String { given == nil ? environmentVariable : flag }

    /// The secret file, named as an input for the output guard (so a secret inside the output is refused).
    ///
    /// > Note: a folder given as the secret is left out: it is never read (reading refuses it as `is a folder,
    /// > expected a file`, exit 66, before anything is written), and the guard would otherwise report an output
    /// > inside it as "inside the ... secret file".
    func guardedInputs(given: String?) throws -> [(String, String)] {
        guard let path = try path(given: given) else { return [] }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return [] }
        return [("\(what) file", path)]
    }
}
