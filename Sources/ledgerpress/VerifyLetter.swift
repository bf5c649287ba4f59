import ArgumentParser
import Foundation
import LedgerPressEngine

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
        if let wrong = VerifyLetter.notALetterFile(letterBytes) {
            console.error(["\(letter): error: expected the letter's JSON (income-letter.json, UTF-8), got \(wrong)"])
            throw Exit.dataError
        }
        let keyBytes = try console.readInput(publicKey, option: "--public-key")
        switch Engine.verifyLetter(
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

    /// What the file is instead of a letter's JSON, in words, when its first bytes say so at once: a byte-order
    /// mark (the letter is written without one, and its signature covers the exact bytes), or an HTML page (the
    /// letter's page or a verify page, not the signed figures). Nil when it may be a letter.
    static func notALetterFile(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return "a file that starts with a byte-order mark (EF BB BF): the letter is written without one; "
                + "use the income-letter.json the site published, as it is"
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return
                "a UTF-16 file (it starts with a byte-order mark): use the income-letter.json the site published, as it is"
        }
        // Markup (`<!DOCTYPE html>`, `<html>`) where JSON would start with `{`.
        if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") {
            return "an HTML page: verify-letter checks the signed figures, income-letter.json beside the letter's "
                + "income-letter.html (a verify page shows the verdict the site gave)"
        }
        return nil
    }
}
