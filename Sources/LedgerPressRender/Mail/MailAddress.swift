/// An e-mail address (`local@domain`) checked before it can reach a header: printable ASCII only, no spaces,
/// quotes, angle brackets, commas or control characters, one `@`, a dotted domain.
///
/// > Note: deliberately narrower than RFC 5322's addr-spec (no quoted local parts, no comments, no
/// > internationalised addresses): an address this type refuses is reported, never rewritten.
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    /// What an address must look like, for messages.
    public static let expected = "an e-mail address such as payouts@example.com"

    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= 254, let at = bytes.firstIndex(of: UInt8(ascii: "@")),
            bytes.lastIndex(of: UInt8(ascii: "@")) == at, at > 0, at < bytes.count - 1, at <= 64
        else { return nil }
        let allowedLocal = Set("!#$%&'*+-/=?^_`{|}~.".utf8)
        for byte in bytes[..<at] {
            guard Self.isAlphanumeric(byte) || allowedLocal.contains(byte) else { return nil }
        }
        let domain = bytes[(at + 1)...]
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"),
                label.last != UInt8(ascii: "-"),
                label.allSatisfy({ Self.isAlphanumeric($0) || $0 == UInt8(ascii: "-") })
            else { return nil }
        }
        let local = bytes[..<at]
        guard local.first != UInt8(ascii: "."), local.last != UInt8(ascii: "."),
            !zip(local, local.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
        else { return nil }
        self.text = text
    }

    /// The part after the `@`.
    public var domain: String { String(text[text.index(after: text.firstIndex(of: "@") ?? text.startIndex)...]) }

    public var description: String { text }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
