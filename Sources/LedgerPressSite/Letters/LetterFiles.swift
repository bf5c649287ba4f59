import Foundation
import LedgerPressCore
import LedgerPressCrypto
import LedgerPressRender

/// A payee's proof-of-income letter as files: `income-letter.json` (the signed figures document) and
/// `income-letter.html` in their folder (and `income-letter.pdf` with `--pdf`), and the letter's verify page,
/// `verify/<sha256>.html`, with the same page at its short path `v/<short>.html` (``shortPath(sha256:)``).
///
/// `income-letter.json` is canonical JSON (``CanonicalJSON``) with the fields `figures` (the figures document,
/// ``IncomeLetter/document(issuer:)``), `sha256` (of the canonical bytes of `figures`), `signature` (Ed25519
/// over those bytes, base64), `key_id`, `key_fingerprint` (SHA-256 of the public key's DER), `short_url`,
/// `verify_url` and `urls_signature` (Ed25519 over ``addresses(sha256:shortURL:verifyURL:)``, base64: the two
/// addresses cannot sit inside the figures, whose hash they hold, so they are signed beside them).
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
    /// The letter's `issued_at`, as its figures say (the payee's local time with offset).
    var issued: String
    var envelope: [UInt8]
    var page: String
    /// The page as printed to `income-letter.pdf`: every link a full URL under `--verify-base-url` (a relative link
    /// would point into the PDF engine's temporary folder), no link back to the payee's home.
    var printPage: String
    /// The verification block as printed (full URLs).
    var printVerification: IncomeLetterPage.Verification
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
        issued = Timestamp.format(epochSeconds: letter.issuedAt.epochSeconds, offsetSeconds: letter.issuedAtOffset)
        let document = letter.document(issuer: pages.issuer)
        figures = document.bytes
        sha256 = Manifest.hex(SHA256.hash(data: figures))
        let signature = Data(try settings.key.sign(figures)).base64EncodedString()
        let url = settings.verifyURL(sha256: sha256)
        let short = settings.shortURL(sha256: sha256)
        let addresses = LetterFiles.addresses(sha256: sha256, shortURL: short, verifyURL: url)
        let urlsSignature = Data(try settings.key.sign(addresses.bytes)).base64EncodedString()
        envelope =
            CanonicalJSON.object([
                "figures": document, "sha256": .string(sha256), "signature": .string(signature),
                "key_id": .string(settings.key.keyID), "key_fingerprint": .string(settings.key.fingerprint),
                "short_url": .string(short), "verify_url": .string(url), "urls_signature": .string(urlsSignature),
            ]).bytes + [0x0A]
        let verification = IncomeLetterPage.Verification(
            sha256: sha256, signature: signature, keyID: settings.key.keyID, fingerprint: settings.key.fingerprint,
            keyHref: "../../" + LetterFiles.keyPath(keyID: settings.key.keyID), verifyURL: url, shortURL: short)
        page = try pages.letter(letter, verification: verification, downloads: downloads)
        var printed = verification
        printed.keyHref = settings.verifyBaseURL + "/" + LetterFiles.keyPath(keyID: settings.key.keyID)
        printed.jsonHref = settings.verifyBaseURL + "/" + folder + LetterFiles.json
        printPage = try pages.letter(letter, verification: printed, back: false)
        printVerification = printed
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
    /// What a letter's `urls_signature` signs: its figures' SHA-256 and its two addresses, as the canonical JSON
    /// `{"sha256":"…","short_url":"…","verify_url":"…"}` (the three members of `income-letter.json` as they stand
    /// there; the recipe in docs/letters.md writes the same bytes with `printf`).
    static func addresses(sha256: String, shortURL: String, verifyURL: String) -> CanonicalJSON {
        .object(["sha256": .string(sha256), "short_url": .string(shortURL), "verify_url": .string(verifyURL)])
    }

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

    /// A payee's letters with a verify page, oldest first (the last is current, the others superseded), and when
    /// each was issued.
    struct History: Sendable, Equatable {
        var hashes: [String]
        /// Each letter's `issued_at` (as its figures say), in the order of `hashes`; "" where a site published
        /// before these were recorded did not say.
        var issued: [String]
    }

    /// The payee's letters after this run issued `current` at `issued`: the earlier ones of `earlier` (their
    /// published manifest entry; without `current`), at most ``supersededKept`` of them, then `current`.
    static func history(_ earlier: Manifest.PayeeEntry?, adding current: String, issued: String) -> History {
        let hashes = earlier?.letters ?? []
        let times = earlier?.lettersIssued.flatMap { $0.count == hashes.count ? $0 : nil }
        let kept = Array(
            zip(hashes, times ?? Array(repeating: "", count: hashes.count)).filter { $0.0 != current }.suffix(
                supersededKept))
        return History(hashes: kept.map(\.0) + [current], issued: kept.map(\.1) + [issued])
    }

    /// The verify pages of every letter in `history` (whose last is this one), each at `verify/<sha256>.html` and
    /// at its short path: a revoked letter's saying so (``LetterSettings/revoked``), else this letter's with its
    /// figures, and each earlier one's saying it was superseded and when: as of the issue time of the letter that
    /// replaced it. Those pages show no figures and name or link no newer letter: whoever was once shown a letter
    /// learns that it is no longer current, never the payee's figures since.
    func verifyPages(history: History) -> [OutputFile] {
        history.hashes.enumerated().flatMap { index, hash in
            let verdict: IncomeLetterPage.Verdict =
                if let reason = settings.revoked[hash] {
                    .revoked(reason: reason)
                } else if hash == sha256 {
                    .current
                } else {
                    supersession(of: index, in: history)
                }
            let page = pages.verifyPage(sha256: hash, verdict: verdict, letter: letter)
            return [
                OutputFile(path: LetterFiles.verifyPath(sha256: hash), text: page),
                OutputFile(path: LetterFiles.shortPath(sha256: hash), text: page),
            ]
        }
    }

    /// When the letter at `index` was superseded: the issue time of the next letter; when that was not recorded,
    /// the next recorded one's (this letter's at the latest), as a bound.
    func supersession(of index: Int, in history: History) -> IncomeLetterPage.Verdict {
        for next in history.issued.indices.dropFirst(index + 1) {
            if let time = RFC3339.parse(history.issued[next]) {
                return .superseded(asOf: time, exact: next == index + 1)
            }
        }
        let time = Timestamp(epochSeconds: letter.issuedAt.epochSeconds, offsetSeconds: Int32(letter.issuedAtOffset))
        return .superseded(asOf: time, exact: false)
    }
}
