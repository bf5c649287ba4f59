/// Base64 (RFC 4648) for message bodies and encoded words, and quoted-printable (RFC 2045) for text bodies.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes in base64 on one line.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes in base64, in lines of 76 characters ended by CRLF.
    public static func encodeLines(_ bytes: [UInt8]) -> String {
        let text = Array(encode(bytes).utf8)
        var out: [UInt8] = []
        var start = 0
        while start < text.count {
            let end = min(start + 76, text.count)
            out += text[start..<end]
            out += [13, 10]
            start = end
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Quoted-printable (RFC 2045 section 6.7) of UTF-8 text whose lines end in LF or CRLF: lines of at most 76
/// characters ending in CRLF, soft breaks `=`, trailing spaces encoded, and `=` itself always encoded (so the
/// sequence `=_` that the message's boundaries start with never occurs in a body). The result ends in CRLF only
/// when the text ends in a line break (the CRLF before a boundary belongs to the boundary).
public enum QuotedPrintable {
    public static func encode(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        var lines = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).map { line in
            line.last == 13 ? line.dropLast() : line
        }
        let endsWithNewline = text.utf8.last == 10
        if endsWithNewline { lines.removeLast() }
        for (number, line) in lines.enumerated() {
            var width = 0
            let bytes = Array(line)
            for (index, byte) in bytes.enumerated() {
                let last = index == bytes.count - 1
                let literal =
                    (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || (byte == 32 && !last)
                    || (byte == 9 && !last)
                let piece: [UInt8] = literal ? [byte] : [UInt8(ascii: "="), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                if width + piece.count > 75 {
                    out += [UInt8(ascii: "="), 13, 10]
                    width = 0
                }
                out += piece
                width += piece.count
            }
            if number < lines.count - 1 || endsWithNewline { out += [13, 10] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
