import LedgerPressCore

/// Text built as UTF-8 bytes: texts and decimal integers appended without an intermediate `String` each
/// (what string interpolation makes), turned into one `String` at the end.
struct ByteText {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    static func += (text: inout ByteText, piece: String) { text.bytes.append(utf8: piece) }

    static func += (text: inout ByteText, value: Int) { text.append(value) }

    /// Appends ` name="value"` for each pair, in turn (integer attributes of an SVG element).
    mutating func attributes(_ pairs: (String, Int)...) {
        for (name, value) in pairs {
            bytes.append(0x20)
            bytes.append(utf8: name)
            bytes += "=\"".utf8
            append(value)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends each piece in turn.
    mutating func append(_ pieces: String...) {
        for piece in pieces { bytes.append(utf8: piece) }
    }

    /// `value` in decimal, with a `-` when negative.
    mutating func append(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes += buffer[(20 - count)...]
        }
    }

    /// Empties the text, keeping its capacity.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
