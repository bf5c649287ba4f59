import Foundation
import LedgerPressCore
import LedgerPressCrypto

/// The offline check of a letter (`verify-letter`): the file is read strictly (``CanonicalJSON/parse(_:)``), the
/// SHA-256 of its `figures` in canonical form must equal its `sha256`, the key's fingerprint its
/// `key_fingerprint`, and the Ed25519 `signature` must verify over those canonical bytes with the public key.
/// Its `urls_signature` must verify over its `sha256`, `short_url` and `verify_url`
/// (``LetterFiles/addresses(sha256:shortURL:verifyURL:)``): required when the figures are of version 2 or later,
/// whose version the figures' signature covers (so it cannot be dropped); a letter of version 1, issued before
/// addresses were signed, is valid without it, and the verdict says its addresses are not signed.
public enum LetterVerifier {
    /// Whether a letter is valid, with the reason in words.
    public enum Verdict: Sendable, Equatable {
        /// Valid: who it is for and when it was issued, in words.
        case valid(String)
        /// Not valid: why, in words.
        case invalid(String)
    }

    public static func verify(letter: [UInt8], file: String, publicKeyPEM: String, keyFile: String) -> Verdict {
        let publicKey: Ed25519.PublicKey
        do {
            publicKey = try LetterKey.publicKey(pem: publicKeyPEM, file: keyFile)
        } catch {
            return .invalid(error.description)
        }
        let document: CanonicalJSON
        do {
            document = try CanonicalJSON.parse(letter)
        } catch {
            return .invalid("expected a letter's JSON, \(error)")
        }
        guard let figures = document["figures"], case .object = figures,
            figures["document"]?.stringValue == IncomeLetter.documentKind
        else {
            return .invalid("expected a 'figures' object of a \(IncomeLetter.documentKind)")
        }
        guard let claimed = document["sha256"]?.stringValue, let signatureText = document["signature"]?.stringValue,
            let signature = Data(base64Encoded: signatureText), signature.count == 64
        else {
            return .invalid("expected 'sha256' and a base64 Ed25519 'signature' (64 bytes)")
        }
        let bytes = figures.bytes
        let digest = Manifest.hex(SHA256.hash(data: bytes))
        guard digest == claimed else {
            return .invalid("the figures' SHA-256 is \(digest), the letter says \(claimed): the figures were changed")
        }
        let fingerprint = Manifest.hex(SHA256.hash(data: LetterKey.publicPrefix + publicKey.rawRepresentation))
        if let stated = document["key_fingerprint"]?.stringValue, stated != fingerprint {
            return .invalid("signed with the key \(stated), but \(keyFile) is the key \(fingerprint)")
        }
        guard publicKey.isValidSignature(signature, for: bytes) else {
            return .invalid("the Ed25519 signature does not verify with \(keyFile) (key \(fingerprint))")
        }
        let addresses: String
        switch checkAddresses(document, figures: figures, publicKey: publicKey, keyFile: keyFile) {
        case .invalid(let reason): return .invalid(reason)
        case .valid(let words): addresses = words
        }
        let payee = figures["payee"]?["id"]?.stringValue ?? "?"
        let issued = figures["issued_at"]?.stringValue ?? "?"
        return .valid(
            "payee \(SitePath.quoted(payee)), issued as of \(issued), figures SHA-256 \(digest); \(addresses)")
    }

    /// The check of the letter's `urls_signature` (once its figures' signature verified): what the verdict says of
    /// the addresses.
    static func checkAddresses(
        _ document: CanonicalJSON, figures: CanonicalJSON, publicKey: Ed25519.PublicKey, keyFile: String
    ) -> Verdict {
        let version: Int64
        if case .integer(let value) = figures["version"] { version = value } else { version = 0 }
        guard let signatureText = document["urls_signature"]?.stringValue else {
            guard version < 2, document["urls_signature"] == nil else {
                return .invalid(
                    "expected a base64 Ed25519 'urls_signature' (64 bytes) over its short_url and verify_url, "
                        + "as every letter of version \(version) carries")
            }
            return .valid("its short_url and verify_url are not signed (a letter of version \(version))")
        }
        guard let shortURL = document["short_url"]?.stringValue, let verifyURL = document["verify_url"]?.stringValue,
            let sha256 = document["sha256"]?.stringValue
        else {
            return .invalid("expected 'short_url' and 'verify_url' beside 'urls_signature'")
        }
        guard let signature = Data(base64Encoded: signatureText), signature.count == 64 else {
            return .invalid("expected a base64 Ed25519 'urls_signature' (64 bytes)")
        }
        let statement = LetterFiles.addresses(sha256: sha256, shortURL: shortURL, verifyURL: verifyURL).bytes
        guard publicKey.isValidSignature(signature, for: statement) else {
            return .invalid(
                "the Ed25519 urls_signature does not verify with \(keyFile): its short_url or verify_url were changed "
                    + "(\(SitePath.quoted(shortURL)), \(SitePath.quoted(verifyURL)))")
        }
        return .valid("short_url and verify_url signed")
    }
}
