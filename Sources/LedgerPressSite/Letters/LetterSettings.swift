/// `build --letters`: every payee gets a proof-of-income letter signed with `key`, whose QR code and short URL
/// lead to `verify/<sha256>.html` under `verifyBaseURL`.
///
/// > Note: the private key never reaches a key, manifest or page: the mirror (``OutputFields``) shows the key's
/// > fingerprint only, and the manifest records its id.
public struct LetterSettings: Sendable, CustomReflectable {
    public var key: LetterKey
    /// `--verify-base-url`, without a trailing `/`.
    public var verifyBaseURL: String

    public init(key: LetterKey, verifyBaseURL: String) {
        self.key = key
        var url = verifyBaseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.verifyBaseURL = url
    }

    /// The verify page of the letter whose figures document has this SHA-256.
    public func verifyURL(sha256: String) -> String { verifyBaseURL + "/" + LetterFiles.verifyPath(sha256: sha256) }

    public var customMirror: Mirror {
        Mirror(self, children: ["fingerprint": key.fingerprint, "verifyBaseURL": verifyBaseURL], displayStyle: .struct)
    }
}
