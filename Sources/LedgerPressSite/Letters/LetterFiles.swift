import Crypto
import Foundation
import LedgerPressCore
import LedgerPressRender

/// A payee's proof-of-income letter as files: `income-letter.json` (the signed figures document) and
/// `income-letter.html` in their folder, and the letter's verify page, `verify/<sha256>.html`.
///
/// `income-letter.json` is canonical JSON (``CanonicalJSON``) with the fields `figures` (the figures document,
/// ``IncomeLetter/document(issuer:)``), `sha256` (of the canonical bytes of `figures`), `signature` (Ed25519
/// over those bytes, base64), `key_id`, `key_fingerprint` (SHA-256 of the public key's DER) and `verify_url`.
struct LetterFiles {
    static let html = "income-letter.html"
    static let json = "income-letter.json"
    /// The names a letter adds to a payee's folder.
    static let names = [html, json]

    /// The top-level folder of verify pages.
    static let verifyFolder = "verify"
    /// The top-level folder of public keys.
    static let keysFolder = "keys"

    static func verifyPath(sha256: String) -> String { verifyFolder + "/" + sha256 + ".html" }
    static func keyPath(keyID: String) -> String { keysFolder + "/" + keyID + ".pub" }

    var letter: IncomeLetter
    var figures: [UInt8]
    var sha256: String
    var envelope: [UInt8]
    var page: String

    /// The letter of `payee` from all their `entries`, issued at `issuedAt`, signed with the settings' key.
    init(
        payee: Payee, entries: [LedgerEntry], issuedAt: Timestamp, issuer: String?, settings: LetterSettings
    ) throws {
        guard let zone = ZoneClock(identifier: payee.timeZone) else {
            throw SiteError.unknownTimeZone(payee: payee.id, zone: payee.timeZone)
        }
        do {
            letter = try IncomeLetter(payee: payee, entries: entries, zone: zone, issuedAt: issuedAt)
        } catch {
            throw SiteError.payeeOverflow(
                BookOverflow(payeeID: payee.id, period: "income letter", currency: "one currency", overflow: error))
        }
        let document = letter.document(issuer: issuer)
        figures = document.bytes
        sha256 = Manifest.hex(SHA256.hash(data: figures))
        let signature = Data(try settings.key.sign(figures)).base64EncodedString()
        let url = settings.verifyURL(sha256: sha256)
        envelope =
            CanonicalJSON.object([
                "figures": document, "sha256": .string(sha256), "signature": .string(signature),
                "key_id": .string(settings.key.keyID), "key_fingerprint": .string(settings.key.fingerprint),
                "verify_url": .string(url),
            ]).bytes + [0x0A]
        let verification = IncomeLetterPage.Verification(
            sha256: sha256, signature: signature, keyID: settings.key.keyID, fingerprint: settings.key.fingerprint,
            keyHref: "../../" + LetterFiles.keyPath(keyID: settings.key.keyID), verifyURL: url)
        page = try IncomeLetterPage.letter(letter, issuer: issuer, verification: verification)
    }

    /// The two files in the payee's folder (`payees/<slug>/`).
    func files(folder: String) -> [OutputFile] {
        [
            OutputFile(path: folder + LetterFiles.html, text: page),
            OutputFile(path: folder + LetterFiles.json, bytes: Data(envelope)),
        ]
    }
}

extension LetterFiles {
    /// How many superseded letters of a payee keep a verify page (the oldest beyond go; their page with them).
    static let supersededKept = 100

    /// The payee's letter hashes after this run issued `current`: the earlier ones (without `current`), at most
    /// ``supersededKept`` of them, then `current`.
    static func history(_ earlier: [String], adding current: String) -> [String] {
        Array(earlier.filter { $0 != current }.suffix(supersededKept)) + [current]
    }

    /// The verify pages of every letter in `history` (whose last is this one): this letter's with its figures,
    /// each earlier one's saying it was superseded by this one (without figures: those pages are no longer
    /// the letter's to show).
    func verifyPages(history: [String], issuer: String?) -> [OutputFile] {
        history.map { hash in
            let page =
                hash == sha256
                ? IncomeLetterPage.verifyPage(letter, issuer: issuer, sha256: hash)
                : IncomeLetterPage.supersededPage(sha256: hash, newer: sha256)
            return OutputFile(path: LetterFiles.verifyPath(sha256: hash), text: page)
        }
    }
}
