import ArgumentParser
import Foundation
import LedgerPressEngine

/// `--link-secret FILE` (or `LEDGERPRESS_LINK_SECRET_FILE`), shared by `build` and `merge`: payee folders
/// become HMAC-SHA256 tokens of the payee id keyed by the file's bytes, so a payee's address cannot be
/// guessed from their id. The secret is read here and handed on as a ``PayeeLinks`` value; it is never
/// printed, reported or written to the site.
struct LinkOptions: ParsableArguments {
    static let environmentVariable = "LEDGERPRESS_LINK_SECRET_FILE"

    @Option(
        name: .customLong("link-secret"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--link-secret"),
            valueName: "file"))
    var linkSecret: String?

    static let option = SecretFileOption(
        flag: "--link-secret", environmentVariable: environmentVariable, what: "link secret")

    /// The secret file's path, from the option or else the environment; nil for readable folder names.
    func path(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        try Self.option.path(given: linkSecret, environment: environment)
    }

    func validate() throws { _ = try path() }

    /// The secret file, named as an input for the output guard (so a secret inside the output is refused); a folder
    /// is left out (``SecretFileOption/guardedInputs(given:)``).
    func guardedInputs() throws -> [(String, String)] { try Self.option.guardedInputs(given: linkSecret) }

    /// How payee folders are named: a missing or unreadable secret file exits 66 (74 when reading fails), one its
    /// group or others may read 64 (``Console/readSecret(_:option:)``), a secret shorter than 16 bytes 64, each
    /// with a message naming the file (never its contents).
    func links(console: Console) throws -> PayeeLinks {
        guard let path = try path() else { return .readable }
        let option = Self.option.source(given: linkSecret)
        let bytes = try console.readSecret(path, option: option)
        do {
            return try PayeeLinks(secretFile: bytes)
        } catch {
            console.error(["\(path): error: \(option): \(error)"])
            throw Exit.usage
        }
    }
}
