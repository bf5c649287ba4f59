import Foundation
import LedgerPressCrypto
import LedgerPressSite
import Testing

/// The letters' signing key read from its PEM: the public key, its PEM and fingerprint, and the signatures are
/// those of the standard (RFC 8032's TEST 1 key, as `openssl pkey` writes and reads it), so a letter signed with a
/// given key has the same bytes whatever library signs it.
@Suite struct LetterKeyTests {
    /// RFC 8032 section 7.1 TEST 1's secret key as `openssl pkey` writes it (PKCS#8).
    static let pem = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
        -----END PRIVATE KEY-----

        """

    @Test func theStandardKeyGivesTheStandardPublicKeyFingerprintAndSignature() throws {
        let key = try LetterKey(pem: Self.pem, file: "rfc8032.pem")
        // `openssl pkey -pubout` of the same key, and the SHA-256 of its DER (`-outform DER | sha256sum`).
        #expect(
            key.publicKeyPEM == """
                -----BEGIN PUBLIC KEY-----
                MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=
                -----END PUBLIC KEY-----

                """)
        #expect(key.fingerprint == "06e3fd8fda29bb60ab59557de61edb0aecdb231134be30e75b455f8e1b792fa9")
        #expect(key.keyID == "06e3fd8fda29bb60")
        let signature = try key.sign([])
        #expect(
            signature.map { String(format: "%02x", $0) }.joined()
                == "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25b"
                + "f5f0595bbe24655141438e7a100b")
        // The verifier's reading of the public key accepts the signature.
        let publicKey = try LetterKey.publicKey(pem: key.publicKeyPEM, file: "rfc8032.pub")
        #expect(publicKey.isValidSignature(signature, for: [UInt8]()))
        #expect(!publicKey.isValidSignature(signature, for: [0x72]))
    }

    @Test func anythingButAnEd25519SeedIsRefusedNeverReplaced() {
        // The same PKCS#8 header with a seed one byte short or long: refused by the length, as before.
        let header: [UInt8] = [
            0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
        ]
        for seed in [31, 33] {
            let der = header + [UInt8](repeating: 9, count: seed)
            let pem = "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----\n"
            #expect(throws: LetterKey.Failure.self) { try LetterKey(pem: pem, file: "short.pem") }
        }
        #expect(throws: LetterKey.Failure.self) {
            try LetterKey.publicKey(pem: Self.pem, file: "private-as-public.pem")
        }
    }
}
