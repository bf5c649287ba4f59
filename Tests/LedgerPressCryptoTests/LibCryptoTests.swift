import Foundation
import LedgerPressCrypto
import Testing

/// The known answers of the standards: SHA-256 (FIPS 180-2's examples), HMAC-SHA256 (RFC 4231) and Ed25519
/// (RFC 8032, section 7.1), plus what the wrappers promise beyond them (a hasher is a value, codes are compared
/// in full, keys of the wrong size are refused).
@Suite struct LibCryptoTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) ?? 0
        }
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256KnownAnswers(message: String, digest: String) {
        #expect(Self.hex(SHA256.hash(data: Array(message.utf8))) == digest)
        #expect(Self.hex(SHA256.hash(data: Data(message.utf8))) == digest)
    }

    @Test func sha256OfAMillionAsPieceByPieceAndTheHasherIsAValue() {
        let million = [UInt8](repeating: 0x61, count: 1_000_000)
        let digest = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        #expect(Self.hex(SHA256.hash(data: million)) == digest)
        // Pieces of odd sizes, across block boundaries, some empty.
        var hasher = SHA256()
        var offset = 0
        for size in [0, 1, 63, 64, 65, 1000, 0, 4096] {
            hasher.update(data: million[offset..<offset + size])
            offset += size
        }
        // A copy goes on from the same state; finalizing leaves the hasher as it was.
        let copy = hasher
        million[offset...].withUnsafeBytes { hasher.update(bufferPointer: $0) }
        #expect(Self.hex(hasher.finalize()) == digest)
        #expect(Self.hex(hasher.finalize()) == digest)
        #expect(copy.finalize() == SHA256.hash(data: million[..<offset]))
    }

    @Test(arguments: [
        // RFC 4231 test cases 1, 2 and 6 (a key longer than the block, hashed first).
        (
            String(repeating: "0b", count: 20), Array("Hi There".utf8),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        ),
        (
            "4a656665", Array("what do ya want for nothing?".utf8),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        ),
        (
            String(repeating: "aa", count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        ),
    ])
    func hmacSHA256KnownAnswers(key: String, message: [UInt8], code: String) {
        let key = Self.bytes(key)
        #expect(Self.hex(HMACSHA256.code(for: message, key: key)) == code)
        #expect(HMACSHA256.isValid(Self.bytes(code), for: message, key: key))
        #expect(HMACSHA256.isValid(Data(Self.bytes(code)), for: Data(message), key: Data(key)))
    }

    @Test func hmacVerificationRefusesAnyOtherCode() {
        let key = Array("a secret of more than 16 bytes".utf8)
        let message = Array("ledgerpress shard seal 1\n".utf8)
        let code = HMACSHA256.code(for: message, key: key)
        #expect(HMACSHA256.isValid(code, for: message, key: key))
        for index in [0, 15, 31] {
            var changed = code
            changed[index] ^= 1
            #expect(!HMACSHA256.isValid(changed, for: message, key: key))
        }
        #expect(!HMACSHA256.isValid(code.prefix(16), for: message, key: key))
        #expect(!HMACSHA256.isValid(code + [0], for: message, key: key))
        #expect(!HMACSHA256.isValid([UInt8](), for: message, key: key))
        #expect(!HMACSHA256.isValid(code, for: message + [0x0A], key: key))
        #expect(!HMACSHA256.isValid(code, for: message, key: key + [0x21]))
        // No key and no message are inputs like any other.
        #expect(HMACSHA256.code(for: [UInt8](), key: [UInt8]()).count == 32)
    }

    @Test(arguments: [
        // RFC 8032 section 7.1, TEST 1 (the empty message) and TEST 2 (one byte).
        (
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        ),
        (
            "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
            "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
        ),
    ])
    func ed25519KnownAnswers(seed: String, publicKey: String, message: String, signature: String) throws {
        let key = try Ed25519.PrivateKey(seed: Self.bytes(seed))
        #expect(Self.hex(key.publicKey.rawRepresentation) == publicKey)
        let message = Self.bytes(message)
        let signed = try key.signature(for: message)
        #expect(Self.hex(signed) == signature)
        // Deterministic: the same signature again.
        #expect(try key.signature(for: message) == signed)
        let verifier = try Ed25519.PublicKey(rawRepresentation: Self.bytes(publicKey))
        #expect(verifier == key.publicKey)
        #expect(verifier.isValidSignature(signed, for: message))
        #expect(verifier.isValidSignature(Data(signed), for: Data(message)))
    }

    @Test func ed25519RefusesChangedSignaturesMessagesAndKeys() throws {
        let key = try Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 32))
        let message = Array("{\"document\":\"income-letter\"}".utf8)
        let signature = try key.signature(for: message)
        #expect(key.publicKey.isValidSignature(signature, for: message))
        for index in [0, 31, 32, 63] {
            var changed = signature
            changed[index] ^= 0x80
            #expect(!key.publicKey.isValidSignature(changed, for: message))
        }
        #expect(!key.publicKey.isValidSignature(signature.prefix(63), for: message))
        #expect(!key.publicKey.isValidSignature(signature + [0], for: message))
        #expect(!key.publicKey.isValidSignature(signature, for: message + [0x20]))
        let other = try Ed25519.PrivateKey(seed: [UInt8](repeating: 8, count: 32))
        #expect(other.publicKey != key.publicKey)
        #expect(!other.publicKey.isValidSignature(signature, for: message))
    }

    @Test func keysOfTheWrongSizeAreRefused() {
        for count in [0, 31, 33, 64] {
            #expect(throws: CryptoFailure("an Ed25519 seed is 32 bytes, got \(count)")) {
                try Ed25519.PrivateKey(seed: [UInt8](repeating: 1, count: count))
            }
            #expect(throws: CryptoFailure("an Ed25519 public key is 32 bytes, got \(count)")) {
                try Ed25519.PublicKey(rawRepresentation: [UInt8](repeating: 1, count: count))
            }
        }
    }
}
