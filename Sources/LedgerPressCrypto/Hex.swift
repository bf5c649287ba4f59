import Foundation

/// Bytes in lower-case hexadecimal, two digits a byte: how the project writes every digest.
public enum Hex {
    @usableFromInline static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lower-case hex (`[0xab, 0x01]` is `ab01`).
    @inlinable
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension SHA256 {
    /// The SHA-256 of `data` in lower-case hex (64 digits).
    @inlinable
    public static func hex(of data: some ContiguousBytes) -> String { Hex.lowercase(hash(data: data)) }
}
