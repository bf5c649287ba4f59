import Foundation
import LedgerPressCrypto

/// How payee folders under `payees/` are named: the readable ``PayeeSlug`` of the id, or, with a link secret
/// (`--link-secret FILE`), an unguessable token of the id. Passed through the pipeline as a value
/// (``SiteOptions/links``), so `build`, `merge` and `check` name every folder the same way.
///
/// > Note: with a secret, a payee's folder is the first 32 lower-case hex digits (128 bits) of
/// > HMAC-SHA256(key: secret, message: the id's UTF-8): stable across runs, different for another secret, and
/// > impossible to compute from the id alone. Hex digits can never be `.`, `/` or upper case, so a token never
/// > leaves `payees/` and never collides with `payees/style.css`. The secret itself is never written anywhere:
/// > manifests record only ``keyID``.
public struct PayeeLinks: Sendable, Equatable {
    /// Why a link secret is refused.
    public enum SecretError: Error, Equatable, CustomStringConvertible {
        /// Fewer bytes than ``minimumSecretBytes`` once trailing newlines are trimmed.
        case tooShort(Int)

        public var description: String {
            switch self {
            case .tooShort(let count):
                "expected a secret of at least \(PayeeLinks.minimumSecretBytes) bytes "
                    + "(e.g. `head -c 32 /dev/urandom | base64`), got \(count)"
            }
        }
    }

    /// The shortest secret accepted, in bytes.
    public static let minimumSecretBytes = 16
    /// Hex digits kept of the HMAC: 32 = 128 bits.
    public static let tokenHexDigits = 32

    /// Readable folders: ``PayeeSlug`` of the id (the default).
    public static let readable = PayeeLinks(secret: nil)

    private let secret: [UInt8]?

    /// Identifies the secret without revealing it: the first 16 hex digits of SHA-256 of
    /// `ledgerpress-link-key-id` followed by the secret; nil for readable folders. A rotated secret changes it,
    /// and so every payee's key (``Manifest/Options``).
    public let keyID: String?

    private init(secret: [UInt8]?) {
        self.secret = secret
        keyID = secret.map { secret in
            String(Manifest.sha256(Data("ledgerpress-link-key-id".utf8) + Data(secret)).prefix(16))
        }
    }

    /// HMAC folders keyed by the contents of a secret file: trailing CR and LF bytes are trimmed, and what is
    /// left must be at least ``minimumSecretBytes`` long.
    public init(secretFile bytes: some Collection<UInt8>) throws(SecretError) {
        var secret = Array(bytes)
        while let last = secret.last, last == 10 || last == 13 { secret.removeLast() }
        guard secret.count >= PayeeLinks.minimumSecretBytes else { throw .tooShort(secret.count) }
        self.init(secret: secret)
    }

    /// True when folders are HMAC tokens.
    public var isHMAC: Bool { secret != nil }

    /// The folder name of the payee `id` under `payees/`.
    public func slug(for id: String) -> String {
        guard let secret else { return PayeeSlug.slug(for: id) }
        let code = HMACSHA256.code(for: Array(id.utf8), key: secret)
        return String(Manifest.hex(code).prefix(PayeeLinks.tokenHexDigits))
    }
}

/// Never prints the secret (string interpolation, `print`, `dump`, debugger).
extension PayeeLinks: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { keyID.map { "HMAC-SHA256 payee links, key id \($0)" } ?? "readable payee links" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["keyID": keyID as Any]) }
}
