import ArgumentParser
import Foundation
import LedgerPressEngine

/// `--letters`, `--signing-key FILE` and `--verify-base-url URL`: a signed proof-of-income letter per payee.
/// The key is read here and handed on as a ``LetterSettings`` value; it is never printed, reported or written
/// to the site (only its public half, at `keys/<key-id>.pub`).
struct LetterOptions: ParsableArguments {
    @Flag(
        help:
            "Write a proof-of-income letter per payee (payees/<folder>/income-letter.html and .json), signed with --signing-key, with a verify page under --verify-base-url."
    )
    var letters = false

    @Option(
        name: .customLong("signing-key"),
        help: ArgumentHelp(
            "The letters' Ed25519 private key, PEM (PKCS#8), as `openssl genpkey -algorithm ed25519` writes it; readable by its owner alone (chmod 600).",
            valueName: "file"))
    var signingKey: String?

    @Option(
        name: .customLong("verify-base-url"),
        help: ArgumentHelp(
            "Where the site is served (no query or fragment): each letter's QR code and short URL lead to URL/v/<short>.html, its verify page is URL/verify/<sha256>.html.",
            valueName: "url"))
    var verifyBaseURL: String?

    @Option(
        name: .customLong("revoked-letters"),
        help: ArgumentHelp(
            "Letters to mark revoked on their verify pages: one `SHA256 [reason]` a line (# comments).",
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
