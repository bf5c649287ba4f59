/// The body of a JSON string (RFC 8259 §7) decoded from bytes: the one decoder of the tool's JSON readers (the
/// JSON Lines importer, the previous manifests).
///
/// > Note: strict: the escapes `\" \\ \/ \b \f \n \r \t` and `\uXXXX` (four hex digits; a surrogate pair makes
/// > one scalar, a lone surrogate is refused), no raw control character, valid UTF-8 only (never repaired).
public enum JSONString {
    /// Why a JSON string literal could not be decoded.
    public enum Failure: Error, Equatable, Sendable {
        case invalidEscape, invalidUnicodeEscape, loneSurrogate, controlCharacter, invalidUTF8, unterminated

        /// The failure in a few words, as the JSON Lines importer reports it.
        public var text: String {
            switch self {
            case .invalidEscape: "an invalid escape"
            case .invalidUnicodeEscape: "an invalid \\u escape"
            case .loneSurrogate: "a lone surrogate"
            case .controlCharacter: "a control character in a string"
            case .invalidUTF8: "invalid UTF-8"
            case .unterminated: "an unterminated string"
            }
        }
    }

    /// The string whose body starts at `index` (just after its opening quote); `index` ends just after the
    /// closing quote.
    @inlinable
    public static func decode<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: inout Bytes.Index)
        throws(Failure) -> String
    {
        var decoded: [UInt8] = []
        while index < bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.endIndex else { throw .unterminated }
                let escape = bytes[index]
                bytes.formIndex(after: &index)
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "u"): decoded += try unicodeEscape(bytes, at: &index)
                default: throw .invalidEscape
                }
            default:
                guard byte >= 0x20 else { throw .controlCharacter }
                decoded.append(byte)
            }
        }
        throw .unterminated
    }

    /// The UTF-8 of a `\uXXXX` escape whose `\u` is read; a surrogate pair takes two escapes.
    @inlinable
    static func unicodeEscape<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: inout Bytes.Index)
        throws(Failure) -> [UInt8]
    {
        var scalar = try hex4(bytes, at: &index)
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes.distance(from: index, to: bytes.endIndex) >= 2, bytes[index] == UInt8(ascii: "\\"),
                bytes[bytes.index(after: index)] == UInt8(ascii: "u")
            else { throw .loneSurrogate }
            bytes.formIndex(&index, offsetBy: 2)
            let low = try hex4(bytes, at: &index)
            guard (0xDC00..<0xE000).contains(low) else { throw .loneSurrogate }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw .invalidUnicodeEscape }
        return Array(String(Character(unicode)).utf8)
    }

    @inlinable
    static func hex4<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: inout Bytes.Index)
        throws(Failure) -> UInt32
    {
        guard bytes.distance(from: index, to: bytes.endIndex) >= 4 else { throw .invalidUnicodeEscape }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalidUnicodeEscape
            }
            value = value << 4 | UInt32(digit)
            bytes.formIndex(after: &index)
        }
        return value
    }
}
