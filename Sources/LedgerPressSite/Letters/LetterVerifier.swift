import Crypto
import Foundation
import LedgerPressCore

/// The offline check of a letter (`verify-letter`): the file is read strictly (``CanonicalJSON/parse(_:)``), the
/// SHA-256 of its `figures` in canonical form must equal its `sha256`, the key's fingerprint its
/// `key_fingerprint`, and the Ed25519 `signature` must verify over those canonical bytes with the public key.
public enum LetterVerifier {
    public enum Verdict: Sendable, Equatable {
        /// Valid: who it is for and when it was issued, in words.
        case valid(String)
        /// Not valid: why, in words.
        case invalid(String)
    }

    public static func verify(letter: [UInt8], file: String, publicKeyPEM: String, keyFile: String) -> Verdict {
        let publicKey: Curve25519.Signing.PublicKey
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
        let fingerprint = Manifest.hex(SHA256.hash(data: LetterKey.publicPrefix + Array(publicKey.rawRepresentation)))
        if let stated = document["key_fingerprint"]?.stringValue, stated != fingerprint {
            return .invalid("signed with the key \(stated), but \(keyFile) is the key \(fingerprint)")
        }
        guard publicKey.isValidSignature(signature, for: bytes) else {
            return .invalid("the Ed25519 signature does not verify with \(keyFile) (key \(fingerprint))")
        }
        let payee = figures["payee"]?["id"]?.stringValue ?? "?"
        let issued = figures["issued_at"]?.stringValue ?? "?"
        return .valid("payee \(SitePath.quoted(payee)), issued as of \(issued), figures SHA-256 \(digest)")
    }
}
