import ArgumentParser
import Foundation
import LedgerPressSite

/// `ledgerpress verify-letter LETTER.json --public-key KEY.pub`: checks a proof-of-income letter offline.
struct VerifyLetter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-letter",
        abstract: "Check a proof-of-income letter (income-letter.json) against the issuer's public key, offline.",
        discussion: """
            Recomputes the SHA-256 of the letter's figures document (its canonical JSON) and checks the Ed25519 \
            signature over it with the public key (PEM, as published at keys/<key-id>.pub), and the signature over \
            its short_url and verify_url (urls_signature; a letter of version 1, issued before, has none). Exits 0 \
            when the letter is valid, 65 when it is not (saying why), 66 when a file is missing.
            """)

    @Argument(help: "The letter's income-letter.json.")
    var letter: String

    @Option(name: .customLong("public-key"), help: ArgumentHelp("The issuer's public key (PEM).", valueName: "file"))
    var publicKey: String

    func run() throws {
        let console = Console()
        let letterBytes = try console.readInput(letter, option: "LETTER.json")
        let keyBytes = try console.readInput(publicKey, option: "--public-key")
        switch LetterVerifier.verify(
            letter: letterBytes, file: letter, publicKeyPEM: String(decoding: keyBytes, as: UTF8.self),
            keyFile: publicKey)
        {
        case .valid(let summary):
            console.say("\(letter): valid: \(summary)")
        case .invalid(let reason):
            console.error(["\(letter): error: not valid: \(reason)"])
            throw Exit.dataError
        }
    }
}
