import LedgerPressCore
import LedgerPressCrypto

/// `build --letters`: every payee gets a proof-of-income letter signed with `key`, whose QR code and short URL
/// (`<base>/v/<short>.html`) lead to the same page as `verify/<sha256>.html` under `verifyBaseURL`.
///
/// > Note: the private key never reaches a key, manifest or page: the mirror (``ReflectedFields``) shows the key's
/// > fingerprint only, and the manifest records its id. The revocations reach it as a digest of the list.
public struct LetterSettings: Sendable, CustomReflectable {
    public var key: LetterKey
    /// `--verify-base-url`, without a trailing `/`.
    public var verifyBaseURL: String
    /// `--revoked-letters`: the SHA-256 of each revoked letter's figures document, and the reason given ("" when
    /// the line gives none).
    public var revoked: [String: String]

    public init(key: LetterKey, verifyBaseURL: String, revoked: [String: String] = [:]) {
        self.key = key
        var url = verifyBaseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.verifyBaseURL = url
        self.revoked = revoked
    }

    /// The verify page of the letter whose figures document has this SHA-256.
    public func verifyURL(sha256: String) -> String { verifyBaseURL + "/" + LetterFiles.verifyPath(sha256: sha256) }

    /// The short URL of that letter (printed under its QR code, and what the QR code holds).
    public func shortURL(sha256: String) -> String { verifyBaseURL + "/" + LetterFiles.shortPath(sha256: sha256) }

    /// A digest of the revocations (hash and reason, in hash order): what the manifest's options record.
    var revokedDigest: String {
        var text = ""
        for hash in revoked.keys.sorted() { text += hash + " " + (revoked[hash] ?? "") + "\n" }
        return Manifest.hex(SHA256.hash(data: Array(text.utf8)))
    }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "fingerprint": key.fingerprint, "verifyBaseURL": verifyBaseURL,
                "revoked": revoked.isEmpty ? "" : revokedDigest,
            ], displayStyle: .struct)
    }
}
