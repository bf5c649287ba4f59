import ArgumentParser
import Foundation
import LedgerPressEngine

/// `--letters`, `--signing-key FILE` and `--verify-base-url URL`: a signed proof-of-income letter per payee.
/// The key is read here and handed on as a ``LetterSettings`` value; it is never printed, reported or written
/// to the site (only its public half, at `keys/<key-id>.pub`).
struct LetterOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(OutputSpec.help(for: "--letters")))
    var letters = false

    @Option(
        name: .customLong("signing-key"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--signing-key"),
            valueName: "file"))
    var signingKey: String?

    @Option(
        name: .customLong("verify-base-url"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--verify-base-url"),
            valueName: "url"))
    var verifyBaseURL: String?

    @Option(
        name: .customLong("revoked-letters"),
        help: ArgumentHelp(
            OutputSpec.help(for: "--revoked-letters"),
            valueName: "file"))
    var revokedLetters: String?

    func validate() throws {
        guard letters else {
            if signingKey != nil || verifyBaseURL != nil || revokedLetters != nil {
                throw ValidationError(
                    "--signing-key, --verify-base-url and --revoked-letters: expected --letters with them")
            }
            return
        }
        guard signingKey != nil, let verifyBaseURL else {
            throw ValidationError("--letters: expected --signing-key FILE and --verify-base-url URL")
        }
        // Every letter's address is the base with `/verify/<sha256>.html` appended: after a query or fragment that
        // is no longer a path, and every QR code would lead to the base page instead.
        try BaseURLCheck.check(
            verifyBaseURL, option: "--verify-base-url", schemes: ["http", "https"],
            why: "the verify pages' paths are appended to it")
    }

    /// The key file, named as an input for the output guard (so a key inside the output is refused).
    var guardedInputs: [(String, String)] {
        guard letters else { return [] }
        return (signingKey.map { [("signing key file", $0)] } ?? [])
            + (revokedLetters.map { [("revoked letters file", $0)] } ?? [])
    }

    /// The letters' settings: nil without `--letters`; a missing key file exits 66, one its group or others may
    /// read 64 (``Console/readSecret(_:option:)``), a key that is not an Ed25519 PKCS#8 PEM 65, each with a message
    /// naming the file (never its contents).
    func settings(console: Console) throws -> LetterSettings? {
        guard letters, let signingKey, let verifyBaseURL else { return nil }
        let bytes = try console.readSecret(signingKey, option: "--signing-key")
        do {
            let key = try LetterKey(pem: String(decoding: bytes, as: UTF8.self), file: signingKey)
            var revoked: [String: String] = [:]
            if let revokedLetters {
                let list = try console.readInput(revokedLetters, option: "--revoked-letters")
                do {
                    revoked = try RevokedLetters.parse(String(decoding: list, as: UTF8.self), file: revokedLetters)
                } catch {
                    console.error([error.description])
                    throw Exit.dataError
                }
            }
            return LetterSettings(key: key, verifyBaseURL: verifyBaseURL, revoked: revoked)
        } catch let error as LetterKey.Failure {
            console.error([error.description])
            throw Exit.dataError
        }
    }
}
