import Foundation
import LedgerPressCrypto

/// The Ed25519 key letters are signed with (`--signing-key`), read strictly from the PEM that
/// `openssl genpkey -algorithm ed25519` writes: `-----BEGIN PRIVATE KEY-----`, base64 lines, `-----END PRIVATE
/// KEY-----`, holding a PKCS#8 `PrivateKeyInfo` of exactly 48 bytes (version 0, algorithm id 1.3.101.112 with no
/// parameters, the 32-byte seed). Anything else (another algorithm, an encrypted key, a key with attributes or
/// its public key attached) is refused with a message saying what was expected.
public struct LetterKey: Sendable {
    /// The private key, made once from the PEM's seed by the initializer (which throws for a seed libcrypto
    /// refuses): there is no other way to make one, and never a random key.
    private let key: Ed25519.PrivateKey
    /// The raw 32-byte public key.
    var publicRaw: [UInt8] { key.publicKey.rawRepresentation }

    /// What a signing or public key file is refused for.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var expected: String
        public var description: String { "\(file): error: key: expected \(expected)" }
    }

    /// The DER of a PKCS#8 Ed25519 private key before its 32-byte seed.
    static let privatePrefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]
    /// The DER of an Ed25519 SubjectPublicKeyInfo before its 32-byte key.
    static let publicPrefix: [UInt8] = [0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// The key of a PEM file's text; `file` names it in messages.
    public init(pem: String, file: String) throws(Failure) {
        let der = try LetterKey.der(pem, label: "PRIVATE KEY", file: file)
        guard der.count == 48, Array(der.prefix(16)) == LetterKey.privatePrefix else {
            throw Failure(
                file: file,
                expected:
                    "an unencrypted Ed25519 private key in PKCS#8 (`openssl genpkey -algorithm ed25519`), got \(der.count) bytes of another kind"
            )
        }
        do {
            key = try Ed25519.PrivateKey(seed: der.suffix(32))
        } catch {
            throw Failure(file: file, expected: "a valid Ed25519 seed (\(error))")
        }
    }

    /// The raw public key of an Ed25519 SubjectPublicKeyInfo in PEM (`-----BEGIN PUBLIC KEY-----`).
    public static func publicKey(pem: String, file: String) throws(Failure) -> Ed25519.PublicKey {
        let der = try der(pem, label: "PUBLIC KEY", file: file)
        guard der.count == 44, Array(der.prefix(12)) == publicPrefix,
            let key = try? Ed25519.PublicKey(rawRepresentation: der.suffix(32))
        else {
            throw Failure(file: file, expected: "an Ed25519 public key (SubjectPublicKeyInfo, 44 bytes of DER)")
        }
        return key
    }

    /// The bytes between `-----BEGIN <label>-----` and `-----END <label>-----`: base64 lines, nothing else
    /// but surrounding blank lines. Lines end with `\n` or `\r\n` (a key saved on Windows).
    static func der(_ pem: String, label: String, file: String) throws(Failure) -> [UInt8] {
        var lines = pem.textLines()
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard lines.count >= 3, lines.first == "-----BEGIN \(label)-----", lines.last == "-----END \(label)-----" else {
            throw Failure(file: file, expected: "a PEM block '-----BEGIN \(label)-----' ... '-----END \(label)-----'")
        }
        let body = lines.dropFirst().dropLast().joined()
        guard body.utf8.allSatisfy({ $0 < 0x80 }), let data = Data(base64Encoded: String(body)) else {
            throw Failure(file: file, expected: "base64 lines inside the PEM block")
        }
        return Array(data)
    }

    /// The public half as the SubjectPublicKeyInfo DER.
    public var publicKeyDER: [UInt8] { LetterKey.publicPrefix + publicRaw }

    /// The public key as PEM (what `keys/<key-id>.pub` holds, and `openssl pkey -pubout` writes).
    public var publicKeyPEM: String { LetterKey.pem(publicKeyDER, label: "PUBLIC KEY") }

    /// SHA-256 of ``publicKeyDER``, in lower-case hex: the fingerprint printed on every letter.
    public var fingerprint: String { LetterKey.hex(SHA256.hash(data: publicKeyDER)) }

    /// The first 16 hex digits of the fingerprint: the key's file name under `keys/`.
    public var keyID: String { String(fingerprint.prefix(16)) }

    /// The Ed25519 signature of `bytes` (deterministic: RFC 8032).
    public func sign(_ bytes: [UInt8]) throws -> [UInt8] { try key.signature(for: bytes) }

    static func pem(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String { Manifest.hex(bytes) }
}
