import LedgerPressCrypto

extension FileDigest {
    /// The SHA-256 of bytes given piece by piece, so that a large file is digested without being held whole;
    /// the same lower-case hex as ``FileDigest/sha256(_:)`` of all the pieces at once.
    public struct Stream {
        private var hasher = SHA256()

        public init() {}

        /// Adds the next piece.
        public mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

        /// The digest of every piece added, in lower-case hex.
        public func hex() -> String { Manifest.hex(hasher.finalize()) }
    }
}
