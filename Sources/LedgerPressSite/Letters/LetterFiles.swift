import Crypto
import Foundation
import LedgerPressCore
import LedgerPressRender

/// A payee's proof-of-income letter as files: `income-letter.json` (the signed figures document) and
/// `income-letter.html` in their folder (and `income-letter.pdf` with `--pdf`), and the letter's verify page,
/// `verify/<sha256>.html`, with the same page at its short path `v/<short>.html` (``shortPath(sha256:)``).
///
/// `income-letter.json` is canonical JSON (``CanonicalJSON``) with the fields `figures` (the figures document,
/// ``IncomeLetter/document(issuer:)``), `sha256` (of the canonical bytes of `figures`), `signature` (Ed25519
/// over those bytes, base64), `key_id`, `key_fingerprint` (SHA-256 of the public key's DER), `short_url` and
/// `verify_url`.
struct LetterFiles {
    static let html = "income-letter.html"
    static let json = "income-letter.json"
    static let pdf = "income-letter.pdf"
    /// The names a letter adds to a payee's folder (and ``pdf`` with `--pdf`).
    static let names = [html, json]

    /// The top-level folder of the verify pages' short paths.
    static let shortFolder = "v"
    /// How many hex digits of a letter's SHA-256 its short path keeps (64 bits: two letters of one site sharing
    /// them fail the run, ``SitePublish``, rather than share a page).
    static let shortLength = 16

    /// The top-level folder of verify pages.
    static let verifyFolder = "verify"
    /// The top-level folder of public keys.
    static let keysFolder = "keys"

    static func verifyPath(sha256: String) -> String { verifyFolder + "/" + sha256 + ".html" }
    static func keyPath(keyID: String) -> String { keysFolder + "/" + keyID + ".pub" }
    static func shortPath(sha256: String) -> String {
        shortFolder + "/" + String(sha256.prefix(shortLength)) + ".html"
    }

    var letter: IncomeLetter
    var figures: [UInt8]
    var sha256: String
    var envelope: [UInt8]
    var page: String
    /// The page as printed to `income-letter.pdf`: every link a full URL under `--verify-base-url` (a relative link
    /// would point into the PDF engine's temporary folder), no link back to the payee's home.
    var printPage: String
    let pages: IncomeLetterPage
    let settings: LetterSettings

    /// The letter of `payee` from all their `entries`, issued at `issuedAt`, signed with the settings' key, in
    /// the payee's words (`pages`); `downloads`: the letter's other files linked from its page (its PDF).
    init(
        payee: Payee, entries: [LedgerEntry], issuedAt: Timestamp, settings: LetterSettings, pages: IncomeLetterPage,
        folder: String, downloads: [StatementPageView.Download] = []
    ) throws {
        self.pages = pages
        self.settings = settings
        guard let zone = ZoneClock(identifier: payee.timeZone) else {
            throw SiteError.unknownTimeZone(payee: payee.id, zone: payee.timeZone)
        }
        do {
            letter = try IncomeLetter(payee: payee, entries: entries, zone: zone, issuedAt: issuedAt)
        } catch {
            throw SiteError.payeeOverflow(
                BookOverflow(payeeID: payee.id, period: "income letter", currency: "one currency", overflow: error))
        }
        let document = letter.document(issuer: pages.issuer)
        figures = document.bytes
        sha256 = Manifest.hex(SHA256.hash(data: figures))
        let signature = Data(try settings.key.sign(figures)).base64EncodedString()
        let url = settings.verifyURL(sha256: sha256)
        let short = settings.shortURL(sha256: sha256)
        envelope =
            CanonicalJSON.object([
                "figures": document, "sha256": .string(sha256), "signature": .string(signature),
                "key_id": .string(settings.key.keyID), "key_fingerprint": .string(settings.key.fingerprint),
                "short_url": .string(short), "verify_url": .string(url),
            ]).bytes + [0x0A]
        let verification = IncomeLetterPage.Verification(
            sha256: sha256, signature: signature, keyID: settings.key.keyID, fingerprint: settings.key.fingerprint,
            keyHref: "../../" + LetterFiles.keyPath(keyID: settings.key.keyID), verifyURL: url, shortURL: short)
        page = try pages.letter(letter, verification: verification, downloads: downloads)
        var printed = verification
        printed.keyHref = settings.verifyBaseURL + "/" + LetterFiles.keyPath(keyID: settings.key.keyID)
        printed.jsonHref = settings.verifyBaseURL + "/" + folder + LetterFiles.json
        printPage = try pages.letter(letter, verification: printed, back: false)
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
    /// Fails when two letters of the site (every payee's, `entries`) would share a short path: fail closed, never
    /// one short URL for two letters.
    static func checkShortPaths(_ entries: [Manifest.PayeeEntry]) throws(SiteError) {
        var owners: [String: String] = [:]
        for entry in entries {
            for hash in entry.letters ?? [] {
                let path = shortPath(sha256: hash)
                if let other = owners[path], other != hash {
                    throw .letterShortPath(path: path, first: other, second: hash)
                }
                owners[path] = hash
            }
        }
    }

    /// How many superseded letters of a payee keep a verify page (the oldest beyond go; their page with them).
    static let supersededKept = 100

    /// The payee's letter hashes after this run issued `current`: the earlier ones (without `current`), at most
    /// ``supersededKept`` of them, then `current`.
    static func history(_ earlier: [String], adding current: String) -> [String] {
        Array(earlier.filter { $0 != current }.suffix(supersededKept)) + [current]
    }

    /// The verify pages of every letter in `history` (whose last is this one), each at `verify/<sha256>.html` and
    /// at its short path: a revoked letter's saying so (``LetterSettings/revoked``), else this letter's with its
    /// figures, and each earlier one's saying it was superseded by this one (without figures: those pages are no
    /// longer the letter's to show).
    func verifyPages(history: [String]) -> [OutputFile] {
        history.flatMap { hash in
            let verdict: IncomeLetterPage.Verdict =
                if let reason = settings.revoked[hash] {
                    .revoked(reason: reason)
                } else if hash == sha256 {
                    .current
                } else {
                    .superseded(newer: sha256)
                }
            let page = pages.verifyPage(sha256: hash, verdict: verdict, letter: letter)
            return [
                OutputFile(path: LetterFiles.verifyPath(sha256: hash), text: page),
                OutputFile(path: LetterFiles.shortPath(sha256: hash), text: page),
            ]
        }
    }
}
