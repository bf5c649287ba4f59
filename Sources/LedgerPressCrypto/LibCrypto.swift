import CLibCrypto
import Foundation

// OpenSSL's libcrypto, in-process: the only file that imports `CLibCrypto`. What the project hashes, seals and
// signs with: SHA-256 (one-shot and piece by piece), HMAC-SHA256 and Ed25519 (RFC 8032, deterministic).

/// What libcrypto refused: a key of the wrong size, or a call that failed (with OpenSSL's reason).
public struct CryptoFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }

    /// `what` failed, with the reason at the top of OpenSSL's error queue (the queue is cleared).
    static func libcrypto(_ what: String) -> CryptoFailure {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0, let reason = ERR_reason_error_string(code) else { return CryptoFailure("libcrypto: \(what)") }
        return CryptoFailure("libcrypto: \(what): \(String(cString: reason))")
    }
}

/// SHA-256 (FIPS 180-4). A value: a copy goes on from the state it was copied in, and ``finalize()`` leaves the
/// hasher as it was.
public struct SHA256: Sendable {
    /// The digest's size in bytes.
    public static let byteCount = 32

    private var context = SHA256_CTX()

    public init() { SHA256_Init(&context) }

    /// Adds the next bytes.
    public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        SHA256_Update(&context, base, bytes.count)
    }

    /// Adds the next bytes.
    @inlinable
    public mutating func update(data: some ContiguousBytes) {
        data.withUnsafeBytes { update(bufferPointer: $0) }
    }

    /// The digest (32 bytes) of every byte added so far.
    public func finalize() -> [UInt8] {
        var context = self.context
        return [UInt8](unsafeUninitializedCapacity: SHA256.byteCount) { digest, count in
            SHA256_Final(digest.baseAddress, &context)
            count = SHA256.byteCount
        }
    }

    /// The digest (32 bytes) of `data`.
    @inlinable
    public static func hash(data: some ContiguousBytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: data)
        return hasher.finalize()
    }
}

/// HMAC-SHA256 (RFC 2104 with SHA-256): 32-byte codes.
public enum HMACSHA256 {
    /// The code of `message` under `key`.
    public static func code(for message: some ContiguousBytes, key: some ContiguousBytes) -> [UInt8] {
        key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                withNonNullBase(key) { keyBase in
                    withNonNullBase(message) { messageBase in
                        [UInt8](unsafeUninitializedCapacity: SHA256.byteCount) { code, count in
                            var length: UInt32 = 0
                            let made = HMAC(
                                EVP_sha256(), keyBase, Int32(key.count), messageBase, message.count, code.baseAddress,
                                &length)
                            // HMAC fails only when it cannot allocate (or for a key over 2 GiB): nothing to go on with.
                            precondition(made != nil && length == SHA256.byteCount, "libcrypto: HMAC-SHA256 failed")
                            count = SHA256.byteCount
                        }
                    }
                }
            }
        }
    }

    /// Whether `code` is the code of `message` under `key`, compared in constant time (`CRYPTO_memcmp`).
    public static func isValid(
        _ code: some ContiguousBytes, for message: some ContiguousBytes, key: some ContiguousBytes
    )
        -> Bool
    {
        let expected = self.code(for: message, key: key)
        return code.withUnsafeBytes { given in
            expected.withUnsafeBytes { expected in
                given.count == expected.count
                    && CRYPTO_memcmp(given.baseAddress, expected.baseAddress, expected.count) == 0
            }
        }
    }
}

/// Ed25519 signatures (RFC 8032): 32-byte keys, 64-byte signatures; signing is deterministic (the same key and
/// message give the same signature).
public enum Ed25519 {
    /// A public key: its 32 raw bytes.
    public struct PublicKey: Sendable, Equatable {
        public let rawRepresentation: [UInt8]

        /// Any 32 bytes (whether they are a point on the curve shows when a signature is verified).
        public init(rawRepresentation: some ContiguousBytes) throws(CryptoFailure) {
            let raw = rawRepresentation.withUnsafeBytes { Array($0) }
            guard raw.count == 32 else {
                throw CryptoFailure("an Ed25519 public key is 32 bytes, got \(raw.count)")
            }
            self.rawRepresentation = raw
        }

        /// Whether `signature` is this key's signature of `message`.
        public func isValidSignature(_ signature: some ContiguousBytes, for message: some ContiguousBytes) -> Bool {
            let key = rawRepresentation.withUnsafeBytes {
                EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, 32)
            }
            guard let key, let context = EVP_MD_CTX_new() else {
                ERR_clear_error()
                return false
            }
            defer {
                EVP_MD_CTX_free(context)
                EVP_PKEY_free(key)
            }
            let valid = signature.withUnsafeBytes { signature in
                message.withUnsafeBytes { message in
                    withNonNullBase(signature) { signatureBase in
                        withNonNullBase(message) { messageBase in
                            signature.count == 64 && EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1
                                && EVP_DigestVerify(context, signatureBase, 64, messageBase, message.count) == 1
                        }
                    }
                }
            }
            ERR_clear_error()
            return valid
        }
    }

    /// A private key: libcrypto's key, made once from the 32-byte seed.
    public struct PrivateKey: Sendable {
        private let key: OwnedKey
        public let publicKey: PublicKey

        /// The key of a 32-byte seed (what a PKCS#8 Ed25519 key holds); throws for any other size.
        public init(seed: some ContiguousBytes) throws(CryptoFailure) {
            let seed = seed.withUnsafeBytes { Array($0) }
            guard seed.count == 32 else { throw CryptoFailure("an Ed25519 seed is 32 bytes, got \(seed.count)") }
            let made = seed.withUnsafeBytes {
                EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, $0.bindMemory(to: UInt8.self).baseAddress, 32)
            }
            guard let made else { throw .libcrypto("an Ed25519 key of a seed") }
            key = OwnedKey(made)
            var raw = [UInt8](repeating: 0, count: 32)
            var length = 32
            guard EVP_PKEY_get_raw_public_key(made, &raw, &length) == 1, length == 32 else {
                throw .libcrypto("the Ed25519 public key of a seed")
            }
            publicKey = try PublicKey(rawRepresentation: raw)
        }

        /// The 64-byte signature of `message`.
        public func signature(for message: some ContiguousBytes) throws(CryptoFailure) -> [UInt8] {
            guard let context = EVP_MD_CTX_new() else { throw .libcrypto("EVP_MD_CTX_new") }
            defer { EVP_MD_CTX_free(context) }
            guard EVP_DigestSignInit(context, nil, nil, nil, key.pointer) == 1 else {
                throw .libcrypto("EVP_DigestSignInit (Ed25519)")
            }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = 64
            let signed = message.withUnsafeBytes { message in
                withNonNullBase(message) { EVP_DigestSign(context, &signature, &length, $0, message.count) }
            }
            guard signed == 1, length == 64 else { throw .libcrypto("EVP_DigestSign (Ed25519)") }
            return signature
        }
    }

    /// An `EVP_PKEY` freed with its last reference. Never changed after it is made, so threads may sign with it at
    /// once (each signature has its own `EVP_MD_CTX`; OpenSSL's threading rules allow sharing a key read-only).
    private final class OwnedKey: @unchecked Sendable {
        let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) { self.pointer = pointer }

        deinit { EVP_PKEY_free(pointer) }
    }
}

/// `bytes`' base address, or a valid address for no bytes (libcrypto's functions take a pointer even for 0 bytes).
private func withNonNullBase<Result>(
    _ bytes: UnsafeRawBufferPointer, _ body: (UnsafePointer<UInt8>) throws -> Result
) rethrows -> Result {
    if let base = bytes.baseAddress { return try body(base.assumingMemoryBound(to: UInt8.self)) }
    var zero: UInt8 = 0
    return try withUnsafePointer(to: &zero) { try body($0) }
}
